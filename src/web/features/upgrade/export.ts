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
import { scoreMoves, type ScoreTable } from './score-moves';

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
  scores: ScoreTable;
  /** Lines of the list that were not checked (unreadable, repeated): written with why. */
  problems?: readonly ListProblem[] | undefined;
}

/**
 * The mapping old → new as relinking tools take it, in the layout the command line writes too
 * (src/shared/exports/mapping.ts), with the scores and their change where loaded (against the
 * dataset the entry maps to first).
 */
function mappingTable(data: MappingExport): ExportTable {
  const { check, chosen, indicators } = data;
  const header = [
    ...mappingHeader(check.from, check.to),
    ...indicators.flatMap((i) => [
      `${i.id}_${check.from}`,
      `${i.id}_${check.to}`,
      `${i.id}_change_percent`,
    ]),
  ];
  const rows = mappingRows({ check, chosen, problems: data.problems }).map((row) => {
    const moves = row.result
      ? scoreMoves(
          row.result,
          { from: check.from, to: check.to, chosen: chosen.get(row.line) },
          indicators.map((i) => i.id),
          data.scores,
        )
      : indicators.map(() => ({ before: undefined, after: undefined, change: null }));
    return [
      ...row.cells,
      ...moves.flatMap((move) => [move.before ?? null, move.after ?? null, move.change]),
    ];
  });
  return { sheet: 'Mapping', header, rows, format: MAPPING_FORMAT };
}

export function mappingToCsv(data: MappingExport): string {
  return tableToCsv(mappingTable(data));
}

/**
 * The mapping as an export's tables: the mapping, and the scores a row per dataset and
 * indicator with method, category and unit where loaded; and the query that made it.
 */
export function mappingExport(data: MappingExport, link: string): PageExport {
  const { check, chosen, indicators } = data;
  const scores: ExportTable = {
    sheet: 'Scores',
    format: 'lci-explorer.mapping-scores/1',
    header: [
      'line',
      'indicator_id',
      'method',
      'category',
      'indicator',
      'unit',
      `${check.from}_id`,
      `${check.from}_score`,
      `${check.to}_id`,
      `${check.to}_score`,
      'change_percent',
    ],
    rows: check.results.flatMap((result) => {
      const target = chosen.get(result.line) ?? result.target?.id;
      if (!result.source || target === undefined) return [];
      const moves = scoreMoves(
        result,
        { from: check.from, to: check.to, chosen: chosen.get(result.line) },
        indicators.map((i) => i.id),
        data.scores,
      );
      return indicators.map((indicator, i) => [
        result.line,
        indicator.id,
        indicator.method,
        indicator.category,
        indicator.indicator,
        indicator.unit,
        result.source?.id ?? null,
        moves[i]?.before ?? null,
        target,
        moves[i]?.after ?? null,
        moves[i]?.change ?? null,
      ]);
    }),
  };
  return {
    tables: indicators.length > 0 ? [mappingTable(data), scores] : [mappingTable(data)],
    query: {
      title: `Upgrade check from ${check.from} to ${check.to} (${check.system_model})`,
      link,
      fields: [
        ['Release', check.to],
        ['From release', check.from],
        ['System model', check.system_model],
        ['Entries', check.results.length],
        ['Indicators', indicators.map((indicator) => indicator.id).join(', ')],
      ],
    },
  };
}

export function mappingToJson(data: MappingExport): string {
  const { check, chosen, indicators } = data;
  return `${JSON.stringify(
    {
      schema: MAPPING_FORMAT,
      from: check.from,
      to: check.to,
      system_model: check.system_model,
      counts: changeCounts(check.results),
      reports: check.reports,
      indicators,
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
        scores: scoreMoves(
          result,
          { from: check.from, to: check.to, chosen: chosen.get(result.line) },
          indicators.map((i) => i.id),
          data.scores,
        ).map((move) => ({
          indicator_id: move.indicatorId,
          [check.from]: move.before ?? null,
          [check.to]: move.after ?? null,
          change_percent: move.change,
        })),
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
