import { Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { ExportButtons } from '../../../components/data/export-buttons';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { plural } from '../../../lib/format';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { CostPrompt, type ScoreLoad } from '../../scores/components/cost-prompt';
import { datasetForJson } from '../../scores/csv';
import { scoresExport } from '../export';
import { ScoreCharts, ScoresTable } from './scores-view';

export interface ScoresPanelProps {
  version: string;
  systemModel: string;
  datasetId: number;
  /** The dataset as the cost prompt names it: "activity, geography (ID)". */
  datasetName: string;
  /** The chosen indicators this release has, in the set's order. */
  indicators: ScoreLoad['indicators'];
  /** What this licence period has already been charged for (from /api/usage). */
  charged: Charged | undefined;
  /** Table or bar charts, which the page keeps in its link. */
  view: 'table' | 'chart';
  onView: (view: 'table' | 'chart') => void;
  /** The page's link, which an export records. */
  link: string;
}

/**
 * Scores cost money: what is already charged this period loads by itself, anything more only
 * when the user says yes to exactly that, after the panel has said what it adds to the bill.
 */
export function ScoresPanel({
  version,
  systemModel,
  datasetId,
  datasetName,
  indicators,
  charged,
  view,
  onView,
  link,
}: ScoresPanelProps) {
  const indicatorIds = indicators.map((indicator) => indicator.id);
  const scores = useConsentedScores({
    requests: [{ version, systemModel, datasetIds: [datasetId], indicatorIds }],
    charged,
    scope: 'release',
    by: 'dataset',
  });

  if (indicatorIds.length === 0) {
    return <Text c="dimmed">Choose indicators in the catalogue to see this dataset’s scores.</Text>;
  }
  if (scores.error) return <ErrorPanel error={scores.error} onRetry={scores.retry} />;
  const dataset = scores.answers.of({ version, systemModel }).datasets.get(datasetId);
  const prompt = !scores.consent.allowed && (
    <CostPrompt
      title={`Scores for ${plural(indicatorIds.length, 'indicator')}`}
      charges={scores.bill.adds}
      elsewhere={scores.bill.elsewhere}
      loads={{ datasets: [{ id: datasetId, name: datasetName }], indicators }}
      partShown={dataset !== undefined}
      onLoad={scores.consent.approve}
    />
  );
  if (!dataset) {
    return scores.progress.fetching ? (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Loading scores…</Text>
      </Group>
    ) : (
      prompt
    );
  }
  return (
    <Stack gap="sm">
      {prompt}
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Show scores as"
          value={view}
          onChange={(value) => onView(value === 'chart' ? 'chart' : 'table')}
          data={[
            { label: 'Table', value: 'table' },
            { label: 'Bar chart', value: 'chart' },
          ]}
        />
        <ExportButtons
          file={`dataset-${dataset.id}-${version}-${systemModel}`}
          build={() => scoresExport(dataset, { version, systemModel }, link)}
          json={() =>
            `${JSON.stringify({ version, system_model: systemModel, dataset: datasetForJson(dataset) }, null, 2)}\n`
          }
        />
      </Group>
      {view === 'table' ? (
        <ScoresTable scores={dataset.impact_scores} />
      ) : (
        <ScoreCharts scores={dataset.impact_scores} />
      )}
    </Stack>
  );
}
