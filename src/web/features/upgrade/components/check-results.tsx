import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ListEntry } from '../../../../shared/api/routes';
import type { Indicator, UpgradeCheck, Usage } from '../../../../shared/api/schemas';
import { ErrorPanel } from '../../../components/feedback/error-panel';
import { IndicatorPicker } from '../../../components/input/indicator-picker';
import { download } from '../../../lib/files';
import { plural } from '../../../lib/format';
import { ReleaseBill } from '../../scores/components/release-bill';
import { useUpgradeScores } from '../api/use-upgrade-scores';
import { ReportSteps } from '../../../components/data/report-steps';
import { mappingExport, mappingToDatapackage, mappingToJson } from '../export';
import { ExportButtons } from '../../../components/data/export-buttons';
import { scoreMoves } from '../score-moves';
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
  const scores = useUpgradeScores({
    check,
    chosen,
    indicatorIds,
    charged: props.charged,
  });
  // In the order the user picked them, as the columns and the export list them.
  const picked = indicatorIds.flatMap((id) => props.indicators.filter((known) => known.id === id));
  const scored = scores.held ? picked : [];
  const { progress } = scores;
  const mapping = { check, chosen, indicators: scored, scores: scores.table };
  const file = `upgrade-${check.from}-to-${check.to}-${check.system_model}`;
  const waiting = scores.bill.releases.length > 0;

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
        {scores.error !== undefined && <ErrorPanel error={scores.error} onRetry={scores.retry} />}
        {waiting && (
          <ReleaseBill
            title={`Scores for ${plural(indicatorIds.length, 'indicator')} in ${check.from} and ${check.to}`}
            bill={scores.bill}
            partShown={scores.held}
            loadLabel="Load scores"
            onLoad={scores.consent.approve}
          />
        )}
        {progress.calls > 0 && progress.done < progress.calls && (
          <Stack gap={4} role="status">
            <Text size="sm">
              Loading scores: {progress.done} of {plural(progress.calls, 'request')}
            </Text>
            <Progress value={(progress.done / progress.calls) * 100} aria-label="Loading scores" />
          </Stack>
        )}
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
          scored.length > 0
            ? {
                names: scored.map(
                  (indicator) => `Change in ${indicator.indicator} (${indicator.method})`,
                ),
                moves: (result) =>
                  scoreMoves(
                    result,
                    { from: check.from, to: check.to, chosen: chosen.get(result.line) },
                    scored.map((indicator) => indicator.id),
                    scores.table,
                  ),
              }
            : undefined
        }
      />
    </Stack>
  );
}
