import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListEntry } from '../../../../shared/api/routes';
import type { Indicator, UpgradeCheck, Usage } from '../../../../shared/api/schemas';
import type { ListProblem } from '../../../../shared/dataset-list';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { IndicatorPicker } from '../../../components/input/indicator-picker';
import { download } from '../../../lib/files';
import { plural } from '../../../lib/format';
import { ReleaseBill } from '../../scores/components/release-bill';
import { ScoreProgress } from '../../scores/components/score-progress';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { CounterpartList } from '../../scores/components/counterpart-list';
import { followedIndicators } from '../../scores/counterparts';
import { useUpgradeScores } from '../api/use-upgrade-scores';
import { ReportSteps } from '../../../components/data/report-steps';
import { mappingExport, mappingToDatapackage, mappingToJson } from '../export';
import { ExportButtons } from '../../../components/data/export-buttons';
import { splitsScored, upgradeMoves } from '../score-moves';
import { UpgradeCiting } from './upgrade-citing';
import { VerdictTable, type VerdictView } from './verdict-table';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

interface CheckResultsProps {
  check: Ready;
  /** The target release's catalogue, to pick indicators from. */
  indicators: readonly Indicator[];
  indicatorIds: readonly number[];
  onIndicators: (ids: number[]) => void;
  charged: Usage['charged'] | undefined;
  /** Candidates chosen before (a saved list, a reload), by line. */
  initialChosen?: ReadonlyMap<number, number> | undefined;
  /** Told of every choice, so the list can be saved with its choices. */
  onChosenChange?: ((chosen: ReadonlyMap<number, number>) => void) | undefined;
  /** The entries as the user gave them, to show those that named no single dataset. */
  entries: readonly ListEntry[];
  /** The page's link, recorded in a spreadsheet's Query sheet. */
  link: string;
  /** The verdicts shown and the page of them, as the page's URL keeps them. */
  view?: VerdictView | undefined;
  /** Lines of the list that were not checked (unreadable, repeated): in the exports with why. */
  problems?: readonly ListProblem[] | undefined;
  /** A release's date (a citation's year) and the licence holder (a report's marking). */
  releaseDate: (version: string) => string | null;
  licenceHolder: string | null;
}

/**
 * A checked list: the verdicts (a candidate may be chosen where there are several or the
 * dataset is gone), optional scores in both releases after the bill, and the mapping's export.
 */
export function CheckResults(props: CheckResultsProps) {
  const { check, indicatorIds } = props;
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(
    () => props.initialChosen ?? new Map(),
  );
  const [skipped, setSkipped] = useState<number>();
  // In the order the user picked them, as the columns and the export list them.
  const picked = indicatorIds.flatMap((id) => props.indicators.filter((known) => known.id === id));
  // Each picked indicator's counterpart in the release the list comes from (free): what is
  // scored there, so a renamed category is not a "—".
  const counterparts = useQuery({
    ...counterpartQueries.between(
      { version: check.to, systemModel: check.system_model },
      check.from,
    ),
    enabled: picked.length > 0,
  });
  const followed =
    picked.length > 0 && counterparts.data
      ? followedIndicators(
          picked.map((indicator) => indicator.id),
          counterparts.data,
        )
      : undefined;
  const scores = useUpgradeScores({ check, chosen, followed, charged: props.charged });
  const scored = scores.held && followed ? picked : [];
  const { progress } = scores;
  const mapping = {
    check,
    chosen,
    indicators: scored,
    followed: scored.length > 0 ? followed : undefined,
    scores: scores.table,
    problems: props.problems,
  };
  const file = `upgrade-${check.from}-to-${check.to}-${check.system_model}`;
  const waiting = scores.bill.releases.length > 0;
  const splits = splitsScored(check.results, chosen);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Verdicts: {check.from} → {check.to}
      </Title>
      <ReportSteps steps={check.reports} />
      <Group gap="xs">
        <ExportButtons
          file={file}
          csv={[{ label: 'Export mapping CSV', table: 0 }]}
          build={() => mappingExport(mapping, props.link)}
        />
        <Button
          size="xs"
          variant="default"
          onClick={() => download(`${file}.json`, mappingToJson(mapping), 'application/json')}
        >
          Export mapping JSON
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            const { report, skipped } = mappingToDatapackage(check, chosen);
            setSkipped(skipped);
            download(
              `${file}-migration.json`,
              `${JSON.stringify(report, null, 2)}\n`,
              'application/json',
            );
          }}
        >
          Export migration datapackage
        </Button>
        <UpgradeCiting
          data={mapping}
          releaseDate={props.releaseDate}
          licenceHolder={props.licenceHolder}
          link={props.link}
          loading={progress.calls > 0 && progress.done < progress.calls}
        />
      </Group>
      {skipped !== undefined && skipped > 0 && (
        <Text size="sm" c="dimmed" role="status">
          {plural(skipped, 'dataset')} of the list left out of the datapackage: a name the data
          service left out, or a split only part of which is certain (see the CSV).
        </Text>
      )}
      <Stack gap="xs" component="section" aria-label="Scores in both releases">
        <Text size="sm">
          Optionally, scores in {check.from} and {check.to} with their change: pick indicators.
        </Text>
        <IndicatorPicker
          indicators={props.indicators}
          value={indicatorIds}
          onChange={props.onIndicators}
        />
        {counterparts.isError && (
          <ErrorPanel error={counterparts.error} onRetry={() => void counterparts.refetch()} />
        )}
        {picked.length > 0 && counterparts.isPending && (
          <Skeleton h={40} aria-label={`Following the indicators to ${check.from}`} />
        )}
        {counterparts.data && <CounterpartList indicators={picked} answer={counterparts.data} />}
        {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
        {waiting && (
          <ReleaseBill
            title={`Scores for ${plural(picked.length, 'indicator')} in ${check.from} and ${check.to}`}
            note={
              splits.entries > 0
                ? `${plural(splits.entries, 'entry')} split in ${check.to}: all ${plural(splits.datasets, 'dataset')} ${splits.entries === 1 ? 'it' : 'they'} became are scored, each with its share, and each change is computed against the share-weighted mix.`
                : undefined
            }
            bill={scores.bill}
            partShown={scores.held}
            loadLabel="Load scores"
            onLoad={scores.consent.approve}
          />
        )}
        <ScoreProgress progress={progress} />
      </Stack>
      <VerdictTable
        check={check}
        ind={props.indicatorIds}
        chosen={chosen}
        entries={props.entries}
        view={props.view}
        onChoose={(line, id) => {
          const next = new Map(chosen);
          if (id === undefined) next.delete(line);
          else next.set(line, id);
          setChosen(next);
          props.onChosenChange?.(next);
        }}
        scores={
          scored.length > 0 && followed
            ? {
                names: scored.map(
                  (indicator) => `Change in ${indicator.indicator} (${indicator.method})`,
                ),
                moves: (result) => upgradeMoves(result, check, chosen, followed, scores.table),
              }
            : undefined
        }
      />
    </Stack>
  );
}
