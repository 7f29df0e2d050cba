import type { Indicator, UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import { toCsv } from '../../lib/files';
import { scoreMoves, type ScoreTable } from './score-moves';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

export interface MappingExport {
  check: Ready;
  /** Candidates the user chose, by line. */
  chosen: ReadonlyMap<number, number>;
  /** The indicators whose scores were loaded, and the scores; empty when none were. */
  indicators: readonly Indicator[];
  scores: ScoreTable;
}

const newId = (result: UpgradeResult, chosen: ReadonlyMap<number, number>) =>
  chosen.get(result.line) ?? result.target?.id;

/** The mapping old ID → new ID with each verdict, and scores with their change where loaded. */
export function mappingToCsv(data: MappingExport): string {
  const { check, chosen, indicators } = data;
  const header = [
    'line',
    'verdict',
    `${check.from}_id`,
    `${check.from}_activity`,
    `${check.from}_product`,
    `${check.from}_geography`,
    `${check.to}_id`,
    `${check.to}_activity`,
    `${check.to}_product`,
    `${check.to}_geography`,
    'chosen_by_user',
    'matched_by',
    'relation',
    'changed_fields',
    'candidates',
    ...indicators.flatMap((i) => [
      `${i.id}_${check.from}`,
      `${i.id}_${check.to}`,
      `${i.id}_change_percent`,
    ]),
  ];
  const rows = check.results.map((result) => {
    const moves = scoreMoves(
      result,
      { from: check.from, to: check.to, chosen: chosen.get(result.line) },
      indicators.map((i) => i.id),
      data.scores,
    );
    const target = result.target;
    const picked = chosen.get(result.line);
    const candidate = result.candidates.find((c) => c.dataset.id === picked)?.dataset;
    const shown = picked !== undefined ? candidate : target;
    return [
      result.line,
      result.verdict,
      result.source?.id ?? '',
      result.source?.activity ?? '',
      result.source?.product ?? '',
      result.source?.geography ?? '',
      newId(result, chosen) ?? '',
      shown?.activity ?? '',
      shown?.product ?? '',
      shown?.geography ?? '',
      picked !== undefined ? 'yes' : '',
      result.how ?? '',
      result.relation ?? '',
      result.fields.join(' '),
      result.candidates.map((c) => c.dataset.id).join(' '),
      ...moves.flatMap((move) => [move.before ?? '', move.after ?? '', move.change ?? '']),
    ];
  });
  return toCsv([header, ...rows]);
}

export function mappingToJson(data: MappingExport): string {
  const { check, chosen, indicators } = data;
  return `${JSON.stringify(
    {
      from: check.from,
      to: check.to,
      system_model: check.system_model,
      counts: check.counts,
      indicators,
      results: check.results.map((result) => ({
        ...result,
        new_id: newId(result, chosen) ?? null,
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
    },
    null,
    2,
  )}\n`;
}
