import type { Indicator, SpoldRef, UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import type { ListProblem } from '../../../shared/dataset-list';
import {
  MAPPING_FORMAT,
  mappedTo,
  mappingHeader,
  mappingRows,
} from '../../../shared/exports/mapping';
import {
  reportName,
  type ChangeReport,
  type ReportKey,
} from '../../../shared/matching/change-report';
import { geographyCode } from '../../../shared/matching/names';
import {
  ENTRY_CHANGES,
  sharePercent,
  sourceOfVerdict,
  spoldFile,
} from '../../../shared/matching/words';
import { tableToCsv, type ExportTable, type PageExport } from '../../lib/table-export';
import type { EntryScoreMove, FollowedIndicator } from '../../../shared/scores/moves';
import { moveCells, moveColumns } from '../scores/move-columns';
import {
  mappingProvenance,
  moveProvenance,
  provenanceCells,
  provenanceColumns,
} from './provenance';
import { upgradeMoves, type ScoreTable } from './score-moves';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

const withoutVerdict = ({ verdict, ...rest }: UpgradeResult) => rest;

/** How many entries each change names, in the vocabulary's order. */
function changeCounts(results: readonly UpgradeResult[]): Partial<Record<string, number>> {
  const counts: Partial<Record<string, number>> = {};
  for (const kind of ENTRY_CHANGES) {
    const count = results.filter((result) => result.change === kind).length;
    if (count > 0) counts[kind] = count;
  }
  return counts;
}

export interface MappingExport {
  check: Ready;
  /** Candidates the user chose, by line. */
  chosen: ReadonlyMap<number, number>;
  /** The indicators whose scores were loaded, and the scores; empty when none were. */
  indicators: readonly Indicator[];
  /**
   * Each of `indicators` with its counterpart in the older release (the one scored there); needed
   * whenever `indicators` is not empty.
   */
  followed?: readonly FollowedIndicator[] | undefined;
  scores: ScoreTable;
  /** Lines of the list that were not checked (unreadable, repeated): written with why. */
  problems?: readonly ListProblem[] | undefined;
}

/** The scores layout of a mapping beside the mapping itself (a row per dataset × indicator). */
const MAPPING_SCORES_FORMAT = 'lci-explorer.mapping-scores/3';

/** Each indicator's moves for an entry, in the order of `indicators`. */
export function movesOf(data: MappingExport, result: UpgradeResult): EntryScoreMove[] {
  if (data.indicators.length === 0) return [];
  const { followed } = data;
  if (!followed || followed.length !== data.indicators.length)
    throw new Error(
      'the indicators of a mapping with scores must be followed to the older release',
    );
  return upgradeMoves(result, data.check, data.chosen, followed, data.scores);
}

/** What a cell says of a score: the number, or empty when there is none (the class says why). */
const scoreCell = (score: number | null | undefined) => score ?? null;
const mixCell = (move: EntryScoreMove) => (move.mix && move.mix.mix !== null ? move.mix.mix : null);

/**
 * The mapping old → new as relinking tools take it, in the layout the command line writes too
 * (src/shared/exports/mapping.ts), then per indicator where scores were loaded: the indicator
 * scored in the older release (its counterpart), both scores (each row's own dataset in the
 * newer one), a split's share-weighted mix, what the change is computed against, the change and
 * its class with why.
 */
function mappingTable(data: MappingExport): ExportTable {
  const { check, indicators } = data;
  const header = [
    ...mappingHeader(check.from, check.to),
    ...indicators.flatMap((i) => moveColumns(i.id, check.from, check.to)),
  ];
  const rows = mappingRows({ check, chosen: data.chosen, problems: data.problems }).map((row) => {
    const moves = row.result ? movesOf(data, row.result) : [];
    return [
      ...row.cells,
      ...indicators.flatMap((_, i) => moveCells(moves[i], row.target?.dataset.id)),
    ];
  });
  return { sheet: 'Mapping', header, rows, format: MAPPING_FORMAT };
}

export function mappingToCsv(data: MappingExport): string {
  return tableToCsv(mappingTable(data));
}

/**
 * The scores a row per entry, indicator and dataset it maps to, with method, category and unit:
 * the indicator scored in the older release, both scores, a split's share and mix, what the
 * change is computed against, the change and its class.
 */
function mappingScoresTable(data: MappingExport): ExportTable {
  const { check, indicators } = data;
  return {
    sheet: 'Scores',
    format: MAPPING_SCORES_FORMAT,
    header: [
      'line',
      'change',
      'indicator_id',
      'method',
      'category',
      'indicator',
      'unit',
      `indicator_in_${check.from}`,
      `${check.from}_id`,
      `${check.from}_score`,
      `${check.to}_id`,
      'share_percent',
      `${check.to}_score`,
      'share_weighted_mix',
      'change_against',
      'change_percent',
      'class',
      'why',
      ...provenanceColumns(check.from, check.to),
    ],
    rows: check.results.flatMap((result) => {
      if (!result.source) return [];
      const moves = movesOf(data, result);
      return indicators.flatMap((indicator, i) => {
        const move = moves[i];
        if (!move) return [];
        const head = [
          result.line,
          result.change,
          indicator.id,
          indicator.method,
          indicator.category,
          indicator.indicator,
          indicator.unit,
          move.beforeIndicatorId,
          result.source?.id ?? null,
          scoreCell(move.before),
        ];
        const tail = [
          mixCell(move),
          move.targets.length > 0 ? move.against : null,
          move.change.percent,
          move.change.class,
          move.change.why,
        ];
        const from = moveProvenance(check, data.scores, result, move);
        if (move.targets.length === 0)
          return [[...head, null, null, null, ...tail, ...provenanceCells(from.before, undefined)]];
        return move.targets.map((target) => [
          ...head,
          target.datasetId,
          target.share === null ? null : sharePercent(target.share),
          scoreCell(target.score),
          ...tail,
          ...provenanceCells(from.before, from.after(target.datasetId)),
        ]);
      });
    }),
  };
}

/**
 * The mapping as an export's tables: the mapping, and the scores a row per dataset and
 * indicator where loaded; and the query that made it.
 */
export function mappingExport(data: MappingExport, link: string): PageExport {
  const { check, indicators } = data;
  const mapping = mappingTable(data);
  return {
    tables: indicators.length > 0 ? [mapping, mappingScoresTable(data)] : [mapping],
    query: {
      title: `Upgrade check from ${check.from} to ${check.to} (${check.system_model})`,
      link,
      fields: [
        ['Release', check.to],
        ['From release', check.from],
        ['System model', check.system_model],
        ['Entries', check.results.length],
        ['Lines not checked', (data.problems ?? []).length],
        ['Indicators', indicators.map((indicator) => indicator.id).join(', ')],
        [
          `Indicators scored in ${check.from}`,
          (data.followed ?? [])
            .map((f) => `${f.id} → ${f.before ? f.before.id : 'no counterpart'}`)
            .join(', '),
        ],
        ...(indicators.length > 0
          ? mappingProvenance(check, data.scores, (result) => movesOf(data, result))
          : []),
      ],
    },
  };
}

export function mappingToJson(data: MappingExport): string {
  const { check, chosen, indicators } = data;
  return `${JSON.stringify(
    {
      schema: MAPPING_FORMAT,
      scores_schema: indicators.length > 0 ? MAPPING_SCORES_FORMAT : undefined,
      from: check.from,
      to: check.to,
      system_model: check.system_model,
      counts: changeCounts(check.results),
      reports: check.reports,
      indicators: indicators.map((indicator) => ({
        ...indicator,
        [`indicator_in_${check.from}`]:
          data.followed?.find((f) => f.id === indicator.id)?.before?.id ?? null,
      })),
      // In the one vocabulary: `change` says what became of each entry (the API's coarser
      // `verdict` is left out, so a file names each event once).
      results: check.results.map((result) => ({
        ...withoutVerdict(result),
        source_spold_file: result.source ? spoldFile(result.source) : null,
        source_of_verdict: sourceOfVerdict(result, { change: result.change, steps: check.reports }),
        mapped_to: mappedTo(result, chosen).map((target) => ({
          id: target.dataset.id,
          spold_file: spoldFile(target.dataset),
          share_percent: target.share === null ? null : Number(sharePercent(target.share)),
          allocation: target.share,
          chosen_by_user: target.byUser,
        })),
        new_id: chosen.get(result.line) ?? result.target?.id ?? null,
        chosen_by_user: chosen.has(result.line),
        scores: movesOf(data, result).map((move) => {
          const from = moveProvenance(check, data.scores, result, move);
          return {
            indicator_id: move.indicatorId,
            [`indicator_in_${check.from}`]: move.beforeIndicatorId,
            [check.from]: move.before ?? null,
            [`${check.from}_provenance`]: from.before ?? null,
            [check.to]: move.targets.map((target) => ({
              id: target.datasetId,
              share: target.share,
              score: target.score ?? null,
              provenance: from.after(target.datasetId) ?? null,
            })),
            share_weighted_mix: mixCell(move),
            change_against: move.targets.length > 0 ? move.against : null,
            change_percent: move.change.percent,
            class: move.change.class,
            why: move.change.why,
          };
        }),
      })),
      not_checked: (data.problems ?? []).map((problem) => ({
        line: problem.line,
        change: problem.kind === 'malformed' ? 'unreadable' : 'repeated',
        reason: problem.message,
      })),
    },
    null,
    2,
  )}\n`;
}

/** A dataset as a migration names it; undefined when the service left a name out. */
function keyOf(ref: SpoldRef): ReportKey | undefined {
  if (!ref.activity || !ref.product || !ref.geography || !ref.unit) return undefined;
  return {
    name: ref.activity,
    location: geographyCode(ref.geography),
    'reference product': ref.product,
    unit: ref.unit,
  };
}

const sameKey = (a: ReportKey, b: ReportKey) =>
  a.name === b.name &&
  a.location === b.location &&
  a['reference product'] === b['reference product'] &&
  a.unit === b.unit;

/**
 * The mapping as a migration datapackage in the format of ecoinvent's change reports
 * (brightway-lca/ecoinvent_migrate), which Brightway applies when relinking: `replace` for an
 * entry that maps to one dataset under other names (the user's choice included), `disaggregate`
 * for a split with its allocation shares. Entries whose names stay, or that map to nothing, have
 * nothing to migrate; `skipped` says how many could not be written (a name the service left out,
 * or a split only part of which is certain).
 */
export function mappingToDatapackage(
  check: Ready,
  chosen: ReadonlyMap<number, number>,
): { report: ChangeReport; skipped: number } {
  const replace: ChangeReport['replace'] = [];
  const disaggregate: ChangeReport['disaggregate'] = [];
  const seen = new Set<number>();
  let skipped = 0;
  for (const result of check.results) {
    if (!result.source || seen.has(result.source.id)) continue;
    seen.add(result.source.id);
    const targets = mappedTo(result, chosen);
    if (targets.length === 0) continue;
    const source = keyOf(result.source);
    const keys = targets.map((target) => keyOf(target.dataset));
    if (!source || keys.some((key) => key === undefined)) {
      skipped++;
      continue;
    }
    const [first] = targets;
    const [firstKey] = keys;
    if (targets.length === 1 && first && firstKey && (first.share === null || first.share >= 1)) {
      if (!sameKey(source, firstKey)) replace.push({ source, target: firstKey });
      continue;
    }
    // Shares that do not make the whole source (a part whose fate is not certain) would move
    // less than the model had: not written.
    const total = targets.reduce((sum, target) => sum + (target.share ?? 0), 0);
    if (Math.abs(total - 1) > 1e-6) {
      skipped++;
      continue;
    }
    disaggregate.push({
      source,
      targets: targets.flatMap((target, i) => {
        const key = keys[i];
        return key ? [{ ...key, allocation: target.share ?? 0 }] : [];
      }),
    });
  }
  const pair = { from: check.from, to: check.to, systemModel: check.system_model };
  return {
    report: {
      name: `lci-explorer-mapping-${reportName(pair)}`,
      description: `Migration of a list of datasets from ecoinvent ${check.from} to ${check.to} (${check.system_model}), exported by the LCI Explorer's upgrade check: by ecoinvent's change reports where it has them, else by Dataset ID, Spold UUIDs or names, and the user's choices. Shares are the change reports' allocations.`,
      version: '1.0.0',
      created: new Date().toISOString(),
      licenses: [],
      contributors: [{ title: 'LCI Explorer upgrade check', role: 'wrangler' }],
      replace,
      disaggregate,
    },
    skipped,
  };
}
