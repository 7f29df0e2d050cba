import { CiteThis } from '../../../components/cite/cite-this';
import { ReportActions } from '../../../components/report/report-actions';
import { historyCitation, historyReport, type HistoryReportInput } from '../report';

/**
 * "Cite this" (the dataset in each release shown) and the static report of the history as the
 * page shows it; the report waits while scores agreed to are still loading.
 */
export function HistoryCiting({ loading, ...input }: HistoryReportInput & { loading: boolean }) {
  return (
    <>
      <CiteThis
        disabled={!input.entries.some((entry) => entry.dataset)}
        cite={() => historyCitation(input, new Date())}
      />
      <ReportActions
        file={`dataset-${input.id}-across-releases-${input.systemModel}-report`}
        disabled={loading}
        build={() => historyReport(input)}
      />
    </>
  );
}
