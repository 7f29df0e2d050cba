import { Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CostPrompt } from '../../../components/feedback/cost-prompt';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { alreadyCharged, type ChargedSoFar } from '../../../lib/charges';
import { download } from '../../../lib/files';
import { plural } from '../../../lib/format';
import { useScoreConsent } from '../../../lib/score-consent';
import { datasetQueries } from '../api/dataset-queries';
import { scoresToCsv } from '../export';
import { ScoreCharts, ScoresTable } from './scores-view';

export interface ScoresPanelProps {
  version: string;
  systemModel: string;
  datasetId: number;
  indicatorIds: readonly number[];
  /** What this licence period has already been charged for (from /api/usage). */
  charged: ChargedSoFar | undefined;
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
  const consent = useScoreConsent(
    { version, systemModel, datasetIds: [datasetId], indicatorIds },
    charged,
  );
  const paid = alreadyCharged(charged, [datasetId], indicatorIds);
  const paidIds = paid.datasetIds.length > 0 ? paid.indicatorIds : [];
  const all = useQuery({
    ...datasetQueries.scores(version, systemModel, datasetId, indicatorIds),
    enabled: indicatorIds.length > 0 && consent.allowed,
  });
  const part = useQuery({
    ...datasetQueries.scores(version, systemModel, datasetId, paidIds),
    enabled: !consent.allowed && paidIds.length > 0,
  });

  if (indicatorIds.length === 0) {
    return <Text c="dimmed">Choose indicators in the catalogue to see this dataset’s scores.</Text>;
  }
  const failed = all.isError ? all : part.isError ? part : undefined;
  if (failed) return <ErrorPanel error={failed.error} onRetry={() => void failed.refetch()} />;
  const dataset = all.data ?? (consent.allowed ? undefined : part.data);
  const loading = (all.isFetching || part.isFetching) && !dataset;
  const prompt = !consent.allowed && (
    <CostPrompt
      title={`Scores for ${plural(indicatorIds.length, 'indicator')}`}
      charges={consent.charges}
      partShown={dataset !== undefined}
      onLoad={consent.approve}
    />
  );
  if (!dataset) {
    return loading ? (
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
