import type { Provenance } from '../../../shared/api/provenance';
import type { HistoryEntry, Indicator } from '../../../shared/api/schemas';
import { sourceOfVerdict } from '../../../shared/matching/words';
import {
  classifyScoreChange,
  percentChange,
  splitMix,
  type IndicatorLink,
  type ScoreChange,
} from '../../../shared/scores/score-change';
import type { ScoreLookup } from '../../../shared/scores/moves';
import { counterpartSentence, linkOf, type CounterpartEntry } from '../scores/counterparts';

/**
 * A dataset's scores across releases, each release scored with the chosen indicator's
 * counterpart there and compared with the release being viewed (the base): how each release's
 * number came to differ, in the class every page uses (src/shared/scores/score-change.ts).
 *
 * In a later release a split is scored in every dataset it became and compared as their
 * share-weighted mix; in an earlier one a merge is scored in every dataset that became it, the
 * change computed against the one followed. Where the base is one part of an earlier split, the
 * change is against that part alone, and the cell says so.
 */

/** A dataset scored in a release beside the one followed: a split's part, a merge's source. */
interface ScoredPart {
  datasetId: number;
  geography: string | null;
  share: number | null;
  score: number | null | undefined;
  /** The answer its score came from, where known. */
  provenance: Provenance | undefined;
}

export interface ScoreCell {
  version: string;
  /** The indicator scored in this release (the row's own, or its counterpart); null: none. */
  indicatorId: number | null;
  /** How the row's indicator was followed into this release. */
  link: IndicatorLink;
  /** What the counterparts route says of it here (its candidates where it has none). */
  counterpart: CounterpartEntry | undefined;
  /** The dataset followed in this release, if any. */
  datasetId: number | null;
  /** Its own score: undefined while not loaded, null where the service gave none. */
  own: number | null | undefined;
  /** The answer its own score came from (or that gave none), where known. */
  provenance: Provenance | undefined;
  /** Every dataset scored here when there are several (the followed one among them). */
  parts: ScoredPart[];
  /** A later split's share-weighted mix of its parts, or why there is none. */
  mix: ReturnType<typeof splitMix> | null;
  /** The number this release stands for: the dataset's own, or a split's mix. */
  score: number | null | undefined;
  /** In per cent of the base release's score; null where it cannot be said. */
  change: number | null;
  /** Why it differs from the base release; null for the base itself. */
  class: ScoreChange | null;
  /** The base is one part of an earlier split: that part's share, and the dataset split. */
  partOf: { datasetId: number; share: number | null } | null;
  /** Scores of this release were asked for. */
  loaded: boolean;
}

export interface ScoreRow {
  /** The indicator of the base release. */
  indicator: Indicator;
  cells: ScoreCell[];
}

/** Why a cell holds no number, in words (on the page and in its report): never a bare dash. */
export function noScoreText(cell: ScoreCell): string {
  if (cell.indicatorId === null) return counterpartSentence(cell.counterpart, cell.version);
  if (cell.datasetId === null) return `No dataset in ${cell.version}`;
  if (!cell.loaded) return 'Not loaded';
  if (cell.mix && cell.mix.mix === null) return `No share-weighted mix: ${cell.mix.why}`;
  return 'No score in this release';
}

/**
 * The datasets to score in a release: the one followed, and beside it a later split's every
 * part or an earlier merge's every source.
 */
export function entryDatasets(entry: HistoryEntry, laterThanBase: boolean): number[] {
  if (!entry.dataset) return [];
  const several =
    entry.linked.length > 1 &&
    ((laterThanBase && entry.change === 'split') || (!laterThanBase && entry.change === 'merged'));
  if (!several) return [entry.dataset.id];
  return [...new Set([...entry.linked.map((link) => link.dataset.id), entry.dataset.id])];
}

interface Input {
  /** The base release's indicators, in the order chosen. */
  indicators: readonly Indicator[];
  /** Newest first, the base among them. */
  entries: readonly HistoryEntry[];
  base: string;
  /** The counterparts route from the base to each other release, by version; undefined: not in. */
  counterparts: (version: string) => ReadonlyMap<number, CounterpartEntry> | undefined;
  score: ScoreLookup;
  /** Where a release's score came from, where known. */
  provenance?: (version: string, datasetId: number, indicatorId: number) => Provenance | undefined;
  /** Whether a release's scores were asked for. */
  loaded: (version: string) => boolean;
}

function cellOf(
  indicator: Indicator,
  entry: HistoryEntry,
  input: Input,
  baseScore: number | null | undefined,
  baseId: number | null,
): ScoreCell {
  const { base } = input;
  const isBase = entry.version === base;
  const index = input.entries.findIndex((each) => each.version === entry.version);
  const baseIndex = input.entries.findIndex((each) => each.version === base);
  const later = index < baseIndex;
  const counterpart = isBase ? undefined : input.counterparts(entry.version)?.get(indicator.id);
  const link: IndicatorLink = isBase ? { kind: 'same' } : linkOf(counterpart, entry.version);
  const indicatorId = isBase ? indicator.id : (counterpart?.counterpart?.indicator.id ?? null);
  const datasetId = entry.dataset?.id ?? null;
  const scoreOf = (id: number) =>
    indicatorId === null ? undefined : input.score(entry.version, id, indicatorId);
  const own = datasetId === null ? undefined : scoreOf(datasetId);
  const provenanceOf = (id: number | null) =>
    id === null || indicatorId === null
      ? undefined
      : input.provenance?.(entry.version, id, indicatorId);
  const ids = isBase ? [] : entryDatasets(entry, later);
  const parts =
    ids.length > 1
      ? ids.map((id) => {
          const linked = entry.linked.find((each) => each.dataset.id === id);
          return {
            datasetId: id,
            geography: linked?.dataset.geography ?? entry.dataset?.geography ?? null,
            share: linked?.share ?? null,
            score: scoreOf(id),
            provenance: provenanceOf(id),
          };
        })
      : [];
  const mix = later && entry.change === 'split' && parts.length > 1 ? splitMix(parts) : null;
  const score = mix
    ? (mix.mix ?? (parts.some((p) => p.score === undefined) ? undefined : null))
    : own;
  const partOf =
    !later && !isBase && entry.change === 'split' && entry.dataset
      ? {
          datasetId: entry.dataset.id,
          share: entry.linked.find((each) => each.dataset.id === entry.dataset?.id)?.share ?? null,
        }
      : null;
  let change: ScoreChange | null = null;
  if (!isBase) {
    const before = later ? baseScore : score;
    const after = later ? score : baseScore;
    change = classifyScoreChange({
      change: entry.change,
      sameDataset: parts.length === 0 && datasetId !== null && datasetId === baseId,
      fields: entry.fields,
      indicator: link,
      before: mix && mix.mix === null ? undefined : before,
      after: mix && mix.mix === null ? undefined : after,
      from: later ? base : entry.version,
      to: later ? entry.version : base,
      ...(entry.change === null
        ? {}
        : { source: sourceOfVerdict(entry, { change: entry.change, steps: [] }) }),
    });
    if (
      mix &&
      mix.mix === null &&
      indicatorId !== null &&
      change.class === 'not comparable' &&
      baseScore !== undefined
    )
      change = { ...change, why: `No share-weighted mix: ${mix.why}.` };
  }
  return {
    version: entry.version,
    indicatorId,
    link,
    counterpart,
    datasetId,
    own,
    provenance: provenanceOf(datasetId),
    parts,
    mix,
    score,
    change: isBase ? null : percentChange(baseScore, score),
    class: change,
    partOf,
    loaded: input.loaded(entry.version),
  };
}

/** The chosen indicators' scores in each release, with the change from the base and its class. */
export function scoreRows(input: Input): ScoreRow[] {
  const baseEntry = input.entries.find((entry) => entry.version === input.base);
  const baseId = baseEntry?.dataset?.id ?? null;
  return input.indicators.map((indicator) => {
    const baseScore = baseId === null ? undefined : input.score(input.base, baseId, indicator.id);
    return {
      indicator,
      cells: input.entries.map((entry) => cellOf(indicator, entry, input, baseScore, baseId)),
    };
  });
}

/** The indicators each release is asked for: every row's counterpart there. */
export function releaseIndicators(
  indicators: readonly Indicator[],
  version: string,
  base: string,
  counterparts: ReadonlyMap<number, CounterpartEntry> | undefined,
): number[] {
  if (version === base) return indicators.map((indicator) => indicator.id);
  return [
    ...new Set(
      indicators.flatMap((indicator) => {
        const id = counterparts?.get(indicator.id)?.counterpart?.indicator.id;
        return id === undefined ? [] : [id];
      }),
    ),
  ];
}
