import type { Dataset, Indicator, IndicatorCounterparts } from '../../../shared/api/schemas';
import type { IndicatorBasis, IndicatorField } from '../../../shared/matching/indicators';
import { compareVersions } from '../../../shared/versions';
import type { CompareColumn } from '../../config/compare-link';
import type { ReleaseRef } from '../../config/routes';
import { releaseKey } from '../scores/planner';

/**
 * A comparison's columns across releases and system models. The page's release gives the rows
 * (its catalogue's indicators); a column of another release is scored on each indicator's
 * counterpart there (GET /api/indicators/counterparts), and says so, or says why it has none.
 */

/** A column as the page shows it: a Dataset ID in one release. */
export interface Column {
  id: number;
  release: ReleaseRef;
  /** `534@3.10/cutoff`: one column, however the link spelled it. */
  key: string;
}

export const columnKey = (id: number, release: ReleaseRef) => `${id}@${releaseKey(release)}`;

export const sameRelease = (a: ReleaseRef, b: ReleaseRef) =>
  a.version === b.version && a.systemModel === b.systemModel;

/** "3.12 · apos", as the release switcher names a release. */
export const releaseName = (release: ReleaseRef) => `${release.version} · ${release.systemModel}`;

/** The link's columns in the release shown, each once (a bare ID and its release spelled out alike). */
export function resolveColumns(columns: readonly CompareColumn[], shown: ReleaseRef): Column[] {
  const seen = new Set<string>();
  return columns.flatMap((column) => {
    const release = column.release ?? shown;
    const key = columnKey(column.id, release);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ id: column.id, release: { ...release }, key }];
  });
}

/** The columns as the link writes them: those of the release shown as bare IDs. */
export const linkColumns = (columns: readonly Column[], shown: ReleaseRef): CompareColumn[] =>
  columns.map((column) =>
    sameRelease(column.release, shown)
      ? { id: column.id }
      : { id: column.id, release: column.release },
  );

/** The releases of some columns, each once, in the order first named. */
export function releasesOf(columns: readonly Column[]): ReleaseRef[] {
  const seen = new Map<string, ReleaseRef>();
  for (const column of columns)
    if (!seen.has(releaseKey(column.release))) seen.set(releaseKey(column.release), column.release);
  return [...seen.values()];
}

/** Whether `release` is an earlier release than `than` of the same system model. */
export const isOlder = (release: ReleaseRef, than: ReleaseRef) =>
  release.systemModel === than.systemModel && compareVersions(release.version, than.version) < 0;

/** What a row's indicator is in a column's release. */
export type Followed =
  /** The same indicator: the page's own release, or the same ID with the same names. */
  | { kind: 'same'; indicator: Indicator }
  /** Another ID or other names there: scored on it, and said. */
  | { kind: 'counterpart'; indicator: Indicator; basis: IndicatorBasis; differs: IndicatorField[] }
  /** Nothing certain there: no score, and the nearest indicators named. */
  | { kind: 'none'; candidates: { indicator: Indicator; relation: string }[] }
  /** The row's indicator is not in the catalogue the counterparts were read from. */
  | { kind: 'not listed' }
  /** The counterparts are being read. */
  | { kind: 'pending' }
  | { kind: 'failed'; message: string };

/** Each row's indicator in a release: from the counterparts route, or itself in the page's release. */
export function followIndicatorsIn(
  release: ReleaseRef,
  shown: ReleaseRef,
  rows: readonly Indicator[],
  counterparts: { data?: IndicatorCounterparts | undefined; error?: Error | null | undefined },
): Map<number, Followed> {
  const followed = new Map<number, Followed>();
  if (sameRelease(release, shown)) {
    for (const row of rows) followed.set(row.id, { kind: 'same', indicator: row });
    return followed;
  }
  const answer = counterparts.data;
  const byId = new Map(answer?.indicators.map((entry) => [entry.id, entry]));
  for (const row of rows) {
    if (!answer) {
      followed.set(
        row.id,
        counterparts.error
          ? { kind: 'failed', message: counterparts.error.message }
          : { kind: 'pending' },
      );
      continue;
    }
    const entry = byId.get(row.id);
    if (!entry) followed.set(row.id, { kind: 'not listed' });
    else if (entry.counterpart === null)
      followed.set(row.id, { kind: 'none', candidates: entry.candidates });
    else if (entry.counterpart.basis === 'same ID' && entry.counterpart.differs.length === 0)
      followed.set(row.id, { kind: 'same', indicator: entry.counterpart.indicator });
    else
      followed.set(row.id, {
        kind: 'counterpart',
        indicator: entry.counterpart.indicator,
        basis: entry.counterpart.basis,
        differs: entry.counterpart.differs,
      });
  }
  return followed;
}

/** The indicator a column is scored on for a row, when it has one. */
export const scoredOn = (followed: Followed | undefined) =>
  followed?.kind === 'same' || followed?.kind === 'counterpart' ? followed.indicator : undefined;

const FIELD_WORDS: Record<IndicatorField, string> = {
  method: 'method',
  category: 'category',
  indicator: 'indicator name',
  unit: 'unit',
};

/** Why a column has no score for a row, or on what it is scored, in a sentence. */
export function followedText(
  followed: Followed | undefined,
  release: ReleaseRef,
  shown: ReleaseRef,
): string {
  const where = releaseName(release);
  const named = (indicator: Indicator) =>
    `${indicator.method} › ${indicator.category} › ${indicator.indicator} (${indicator.id})`;
  switch (followed?.kind) {
    case undefined:
    case 'pending':
      return `Reading the indicators of ${where}`;
    case 'failed':
      return `The indicators of ${where} could not be read: ${followed.message}`;
    case 'same':
      return `The same indicator in ${where}`;
    case 'not listed':
      return `Not in the catalogue of ${releaseName({ version: shown.version, systemModel: release.systemModel })}, so it cannot be followed to ${where}`;
    case 'counterpart':
      return `In ${where} this is ${named(followed.indicator)}: ${followed.basis}${
        followed.differs.length > 0
          ? ` (${followed.differs.map((field) => FIELD_WORDS[field]).join(', ')} differs)`
          : ''
      }`;
    case 'none': {
      const [nearest] = followed.candidates;
      return `No counterpart in ${where}${nearest ? `; nearest: ${named(nearest.indicator)}, ${nearest.relation}` : ''}`;
    }
  }
}

/** A column's dataset and each row's indicator there, once both are known. */
export interface ShownColumn extends Column {
  dataset: Dataset;
}
