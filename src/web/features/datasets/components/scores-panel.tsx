import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { datasetQueries } from '../api/dataset-queries';
import { download } from '../../../lib/files';
import { scoresToCsv } from '../export';
import { ScoreCharts, ScoresTable } from './scores-view';

export interface ScoresPanelProps {
  version: string;
  systemModel: string;
  datasetId: number;
  indicatorIds: readonly number[];
  /** What this licence period has already been charged for (from /api/usage). */
  charged: { datasets: readonly number[]; indicators: readonly number[] } | undefined;
}

/**
 * Scores cost money, so they load only when the user asks, or when loading them charges nothing
 * new; before that, the panel says what the request would add to this period's bill.
 */
export function ScoresPanel({
  version,
  systemModel,
  datasetId,
  indicatorIds,
  charged,
}: ScoresPanelProps) {
  const [asked, setAsked] = useState(false);
  const [view, setView] = useState('table');
  const newDataset = charged ? !charged.datasets.includes(datasetId) : true;
  const newIndicators = charged
    ? indicatorIds.filter((id) => !charged.indicators.includes(id)).length
    : indicatorIds.length;
  const free = charged !== undefined && !newDataset && newIndicators === 0;
  const scores = useQuery({
    ...datasetQueries.scores(version, systemModel, datasetId, indicatorIds),
    enabled: indicatorIds.length > 0 && (asked || free),
  });

  if (indicatorIds.length === 0) {
    return <Text c="dimmed">Choose indicators in the catalogue to see this dataset’s scores.</Text>;
  }
  if (scores.isError)
    return <ErrorPanel error={scores.error} onRetry={() => void scores.refetch()} />;
  if (!scores.data) {
    if (scores.isFetching) {
      return (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading scores…</Text>
        </Group>
      );
    }
    const bill =
      newDataset || newIndicators > 0
        ? `Loading them adds ${newDataset ? 'this dataset' : 'no new dataset'} and ${newIndicators} new indicator${newIndicators === 1 ? '' : 's'} to this period’s licence bill.`
        : 'Already charged this period: loading them costs nothing more.';
    return (
      <Alert
        color="blue"
        title={`Scores for ${indicatorIds.length} indicator${indicatorIds.length === 1 ? '' : 's'}`}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{bill}</Text>
          <Button onClick={() => setAsked(true)}>Load scores</Button>
        </Stack>
      </Alert>
    );
  }
  const dataset = scores.data;
  const base = `dataset-${dataset.id}-${version}-${systemModel}`;
  return (
    <Stack gap="sm">
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
