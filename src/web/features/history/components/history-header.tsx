import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { apiCall } from '../../../../shared/api/calls';
import type { DatasetHistory } from '../../../../shared/api/schemas';
import { CopyAsCode } from '../../../components/code/copy-as-code';
import { releaseWire } from '../../../lib/api-client';
import { CopyLinkButton } from '../../../components/data/copy-link-button';
import { OrMissing } from '../../../components/data/missing';
import { ExportButtons } from '../../../components/data/export-buttons';
import { paths } from '../../../config/paths';
import type { ReleaseRef } from '../../../config/routes';
import { plural } from '../../../lib/format';
import { historyExport, historyToJson } from '../across-releases';
import type { useHistoryIndicators } from '../api/use-history-indicators';
import type { useHistoryScores } from '../api/use-history-scores';
import type { ScoreRow } from '../score-cells';
import { HistoryCiting } from './history-citing';
import { askedNotes } from './history-scores';

type Ready = Extract<DatasetHistory, { status: 'ready' }>;

/**
 * The history's title, which releases it compares, the way back to the dataset, and its link,
 * exports, citation and report; with the calls a script would make for the page.
 */
export function HistoryHeader(props: {
  release: ReleaseRef;
  history: Ready;
  /** The indicators the URL names, which the way back carries. */
  ind: number[];
  link: string;
  indicators: ReturnType<typeof useHistoryIndicators>;
  scores: ReturnType<typeof useHistoryScores>;
  rows: readonly ScoreRow[];
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
}) {
  const { release, history, link, scores } = props;
  const { version, systemModel } = release;
  const entries = history.releases;
  const here = entries.find((entry) => entry.version === version)?.dataset;
  const exported = {
    systemModel,
    base: version,
    entries,
    rows: scores.releasesLoaded > 0 ? props.rows : [],
  };
  const file = `dataset-${history.id}-across-releases-${systemModel}`;
  return (
    <Stack gap={4}>
      <div>
        <CopyAsCode
          calls={[
            apiCall('history', { params: { id: history.id }, query: releaseWire(release) }),
            ...scores.asks.flatMap((ask) =>
              ask.datasetIds.map((id) =>
                apiCall('dataset', {
                  params: { id },
                  query: {
                    version: ask.version,
                    system_model: systemModel,
                    indicator_ids: ask.indicatorIds,
                  },
                }),
              ),
            ),
          ]}
        />
        <Title order={1}>{here?.activity ?? `Dataset ${history.id}`} across releases</Title>
      </div>
      <Text c="dimmed">
        <OrMissing value={here?.geography ?? null} /> · <OrMissing value={here?.product ?? null} />{' '}
        · Dataset ID {history.id} in {version} ·{' '}
        {history.omitted.length === 0
          ? `every release of ${systemModel} in your licence`
          : `the ${plural(history.releases.length, 'release')} of ${systemModel} nearest ${version}; not compared: ${history.omitted.join(', ')}`}
      </Text>
      <Group gap="xs" mt={4}>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={paths.dataset(release, history.id, { ind: props.ind })}
        >
          Back to the dataset
        </Button>
        <CopyLinkButton link={link} />
        <ExportButtons
          file={file}
          build={() =>
            historyExport(
              {
                ...exported,
                id: history.id,
                activity: here?.activity ?? null,
                notes: askedNotes(props.indicators, version),
              },
              link,
            )
          }
          json={() => historyToJson(exported)}
        />
        <HistoryCiting
          {...exported}
          releaseDate={props.releaseDate}
          licenceHolder={props.licenceHolder}
          id={history.id}
          activity={here?.activity ?? null}
          link={link}
          loading={scores.progress.fetching}
        />
      </Group>
    </Stack>
  );
}
