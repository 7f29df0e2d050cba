import type { SpoldRef, UpgradeCheck, UpgradeResult } from '../api/schemas';
import type { ListProblem } from '../dataset-list';
import { keepsId, sharePercent, sourceOfVerdict, spoldFile } from '../matching/words';

/**
 * The mapping of a list from one release to another as relinking tools take it, written alike by
 * the explorer's exports (CSV, XLSX, JSON) and the command line's `upgrade`: a row per dataset an
 * entry maps to (a split's successors each with its share), both sides' IDs, UUIDs and ecoSpold
 * file names, what became of it in the one vocabulary, where that comes from, and a row for each
 * line of the list that was not checked, with why.
 */

/** The layout's name and version, written into every file so a script notices a change. */
export const MAPPING_FORMAT = 'lci-explorer.mapping/1';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/** A cell as every format writes it: a number stays a number; null is an empty cell. */
type Cell = string | number | null;

export interface MappedTarget {
  dataset: SpoldRef;
  share: number | null;
  /** Chosen by the user among the candidates of an entry without a certain successor. */
  byUser: boolean;
}

/** What one entry maps to: the user's choice, else every dataset it became with its share. */
export function mappedTo(
  result: UpgradeResult,
  chosen: ReadonlyMap<number, number> = new Map(),
): MappedTarget[] {
  const picked = chosen.get(result.line);
  const candidate = result.candidates.find((c) => c.dataset.id === picked)?.dataset;
  if (candidate) return [{ dataset: candidate, share: null, byUser: true }];
  return result.successors.map((successor) => ({
    dataset: successor.dataset,
    share: successor.share,
    byUser: false,
  }));
}

const sideColumns = (version: string) => [
  `${version}_id`,
  `${version}_activity_uuid`,
  `${version}_product_uuid`,
  `${version}_spold_file`,
  `${version}_activity`,
  `${version}_product`,
  `${version}_geography`,
  `${version}_unit`,
];

const sideValues = (ref: SpoldRef | null | undefined): Cell[] =>
  ref
    ? [
        ref.id,
        ref.activity_spold_uuid,
        ref.product_spold_uuid,
        spoldFile(ref) || null,
        ref.activity,
        ref.product,
        ref.geography,
        ref.unit,
      ]
    : [null, null, null, null, null, null, null, null];

/** The mapping's columns, the releases' versions naming each side's. */
export function mappingHeader(from: string, to: string): string[] {
  return [
    'line',
    'change',
    'same_dataset_id',
    ...sideColumns(from),
    ...sideColumns(to),
    'share_percent',
    'chosen_by_user',
    'source',
    'matched_by',
    'changed_fields',
    'candidates',
  ];
}

/** One row of the mapping, with what it was made from for columns a caller adds (scores). */
export interface MappingRow {
  line: number;
  /** Null for a line that was not checked. */
  result: UpgradeResult | null;
  target: MappedTarget | undefined;
  cells: Cell[];
}

export interface MappingInput {
  check: Ready;
  /** Candidates the user chose, by line. */
  chosen?: ReadonlyMap<number, number>;
  /** Lines of the list that were not checked: unreadable, or repeating another. */
  problems?: readonly ListProblem[];
}

/** The mapping's rows in the list's order, the lines not checked among them. */
export function mappingRows({
  check,
  chosen = new Map(),
  problems = [],
}: MappingInput): MappingRow[] {
  const checked = check.results.flatMap((result): MappingRow[] => {
    const targets = mappedTo(result, chosen);
    const source = sourceOfVerdict(result, { change: result.change, steps: check.reports });
    return (targets.length > 0 ? targets : [undefined]).map((target) => ({
      line: result.line,
      result,
      target,
      cells: [
        result.line,
        result.change,
        result.source && target
          ? keepsId(result.source.id, target.dataset.id)
            ? 'yes'
            : 'no'
          : null,
        ...sideValues(result.source),
        ...sideValues(target?.dataset),
        target?.share == null ? null : sharePercent(target.share),
        target?.byUser ? 'yes' : null,
        target?.byUser ? `your choice among the candidates; ${source}` : source || null,
        result.how,
        result.fields.join(' ') || null,
        result.candidates.map((c) => c.dataset.id).join(' ') || null,
      ],
    }));
  });
  const unchecked = problems.map((problem): MappingRow => ({
    line: problem.line,
    result: null,
    target: undefined,
    cells: [
      problem.line,
      problem.kind === 'malformed' ? 'unreadable' : 'repeated',
      null,
      ...sideValues(null),
      ...sideValues(null),
      null,
      null,
      problem.message,
      null,
      null,
      null,
    ],
  }));
  return [...checked, ...unchecked].sort((a, b) => a.line - b.line);
}
