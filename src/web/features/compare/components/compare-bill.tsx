import type { Indicator } from '../../../../shared/api/schemas';
import { plural } from '../../../lib/format';
import { CostPrompt, datasetLabel } from '../../scores/components/cost-prompt';
import { ReleaseBill } from '../../scores/components/release-bill';
import type { Comparison } from '../api/use-comparison';
import { releasesOf, type Column } from '../columns';

/**
 * What loading the comparison's scores adds to this period's bill, asked before anything is
 * charged: within one release, its datasets and indicators by name; across several, release by
 * release, since the data service charges each release and system model separately.
 */
export function CompareBill(props: {
  comparison: Comparison;
  columns: readonly Column[];
  indicators: readonly Indicator[];
}) {
  const { comparison, columns, indicators } = props;
  const title = `Scores for ${plural(columns.length, 'dataset')} × ${plural(indicators.length, 'indicator')}`;
  if (releasesOf(columns).length > 1)
    return (
      <ReleaseBill
        title={title}
        bill={comparison.bill}
        partShown={comparison.held}
        loadLabel="Load scores"
        onLoad={comparison.consent.approve}
      />
    );
  return (
    <CostPrompt
      title={title}
      charges={comparison.bill.adds}
      elsewhere={comparison.bill.elsewhere}
      loads={{
        datasets: columns.map((column) => {
          const shown = comparison.shownColumns.find((candidate) => candidate.key === column.key);
          return {
            id: column.id,
            name: shown ? datasetLabel(shown.dataset) : `Dataset ${column.id}`,
          };
        }),
        indicators,
      }}
      partShown={comparison.held}
      onLoad={comparison.consent.approve}
    />
  );
}
