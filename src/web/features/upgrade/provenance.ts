import type { Provenance } from '../../../shared/api/provenance';
import type { UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import type { EntryScoreMove } from '../../../shared/scores/moves';
import { provenanceFields } from '../../lib/table-export';
import type { ScoreTable } from './score-moves';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/**
 * Where the scores of an entry's move came from: its own dataset's in the older release (on the
 * indicator's counterpart there), each dataset it maps to in the newer one. Undefined where a
 * score was not asked for or came without provenance.
 */
export function moveProvenance(
  check: Ready,
  table: ScoreTable,
  result: UpgradeResult,
  move: EntryScoreMove,
) {
  const before =
    result.source && move.beforeIndicatorId !== null
      ? table.of(check.from).provenance?.(result.source.id, move.beforeIndicatorId)
      : undefined;
  return {
    before,
    after: (datasetId: number) => table.of(check.to).provenance?.(datasetId, move.indicatorId),
  };
}

/** The columns a mapping's scores row ends with: each release's answer, then who served both. */
export const provenanceColumns = (from: string, to: string) => [
  `${from}_retrieved_at`,
  `${from}_evidence_digest`,
  `${to}_retrieved_at`,
  `${to}_evidence_digest`,
  'service',
  'explorer_version',
];

/** The cells of `provenanceColumns` (service and version each once where both answers agree). */
export function provenanceCells(before: Provenance | undefined, after: Provenance | undefined) {
  const once = (pick: (p: Provenance) => string) =>
    [...new Set([before, after].flatMap((p) => (p ? [pick(p)] : [])))].join(' ') || null;
  return [
    before?.retrieved_at ?? null,
    before?.digest ?? null,
    after?.retrieved_at ?? null,
    after?.digest ?? null,
    once((p) => p.service),
    once((p) => p.explorer_version),
  ];
}

/** The provenance of every score a mapping holds (a wide file's Query sheet, a report). */
export function mappingProvenance(
  check: Ready,
  table: ScoreTable,
  moves: (result: UpgradeResult) => readonly EntryScoreMove[],
) {
  return provenanceFields(
    check.results.flatMap((result) =>
      moves(result).flatMap((move) => {
        const from = moveProvenance(check, table, result, move);
        return [
          ...(move.before === undefined ? [] : [from.before]),
          ...move.targets.flatMap((target) =>
            target.score === undefined ? [] : [from.after(target.datasetId)],
          ),
        ];
      }),
    ),
  );
}
