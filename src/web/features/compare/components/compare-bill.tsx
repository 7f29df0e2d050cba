import type { Indicator } from '../../../../shared/api/schemas';
import { plural } from '../../../lib/format';
import { CostPrompt, datasetLabel } from '../../scores/components/cost-prompt';
import { ReleaseBill } from '../../scores/components/release-bill';
import type { Comparison } from '../api/use-comparison';
import { releasesOf } from '../columns';

/**
 * What loading the comparison's scores adds to this period's bill, asked before anything is
 * charged: within one release, its datasets and indicators by name; across several, release by
 * release, since the data service charges each release and system model separately.
 */
export function CompareBill(props: { comparison: Comparison; indicators: readonly Indicator[] }) {
  const { comparison, indicators } = props;
  // The columns whose dataset is in its release: one it lacks is asked for, and billed, nowhere.
  const columns = comparison.shownColumns;
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
        datasets: columns.map((column) => ({ id: column.id, name: datasetLabel(column.dataset) })),
        indicators,
      }}
      partShown={comparison.held}
      onLoad={comparison.consent.approve}
    />
  );
}
