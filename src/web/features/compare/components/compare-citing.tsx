import { CiteThis } from '../../../components/cite/cite-this';
import { ReportActions } from '../../../components/report/report-actions';
import type { Column } from '../columns';
import type { ComparisonExport } from '../export';
import { comparisonCitation, comparisonReport } from '../report';

/**
 * "Cite this" (each column's dataset in its own release) and the static report of the
 * comparison shown, both from what the page has loaded; the report waits for every score asked.
 */
export function CompareCiting(props: {
  data: ComparisonExport;
  loaded: (column: Column, indicatorId: number) => boolean;
  /** Every score asked for is in: the report is of the table as it will stay. */
  complete: boolean;
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
  link: string;
}) {
  const { data } = props;
  const { version, systemModel } = data.shown;
  return (
    <>
      <CiteThis
        disabled={data.columns.length === 0}
        cite={() => comparisonCitation(data, props.releaseDate, new Date())}
      />
      <ReportActions
        file={`comparison-${version}-${systemModel}-report`}
        disabled={!props.complete}
        build={() => comparisonReport(props)}
      />
    </>
  );
}
