import { Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { download } from '../../../lib/files';
import { plural } from '../../../lib/format';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { CostPrompt } from '../../scores/components/cost-prompt';
import { scoresToCsv } from '../export';
import { ScoreCharts, ScoresTable } from './scores-view';

export interface ScoresPanelProps {
  version: string;
  systemModel: string;
  datasetId: number;
  indicatorIds: readonly number[];
  /** What this licence period has already been charged for (from /api/usage). */
  charged: Charged | undefined;
}

/**
 * Scores cost money: what is already charged this period loads by itself, anything more only
 * when the user says yes to exactly that, after the panel has said what it adds to the bill.
 */
export function ScoresPanel({
  version,
  systemModel,
  datasetId,
  indicatorIds,
  charged,
}: ScoresPanelProps) {
  const [view, setView] = useState('table');
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
  const base = `dataset-${dataset.id}-${version}-${systemModel}`;
  return (
    <Stack gap="sm">
      {prompt}
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Show scores as"
          value={view}
          onChange={setView}
          data={[
            { label: 'Table', value: 'table' },
            { label: 'Bar chart', value: 'chart' },
          ]}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              download(`${base}.csv`, scoresToCsv(dataset, { version, systemModel }), 'text/csv')
            }
          >
            Export CSV
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() =>
              download(
                `${base}.json`,
                `${JSON.stringify({ version, system_model: systemModel, dataset }, null, 2)}\n`,
                'application/json',
              )
            }
          >
            Export JSON
          </Button>
        </Group>
      </Group>
      {view === 'table' ? (
        <ScoresTable scores={dataset.impact_scores} />
      ) : (
        <ScoreCharts scores={dataset.impact_scores} />
      )}
    </Stack>
  );
}
