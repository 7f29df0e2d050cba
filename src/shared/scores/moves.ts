import type { UpgradeResult } from '../api/schemas';
import { mappedTo } from '../exports/mapping';
import type { DocField } from '../matching/dataset-doc';
import { sourceOfVerdict, type EntryChange } from '../matching/words';
import {
  classifyScoreChange,
  splitMix,
  type IndicatorLink,
  type ScoreChange,
} from './score-change';

/**
 * How an entry's scores moved from the release a list comes from to the one it is checked
 * against, for the upgrade check's page, its exports and the command line alike: each indicator
 * followed to its counterpart in the older release, every dataset the entry maps to scored (a
 * split's successors each with its share, and their share-weighted mix), the change computed
 * against the mix where there are several, and its class.
 */

/** An indicator of the newer release, and the one that rates the same in the older. */
export interface FollowedIndicator {
  /** Its ID in the release the list is checked against. */
  id: number;
  /** Its counterpart in the release the list comes from; null when it has none. */
  before: { id: number; link: IndicatorLink } | null;
}

/** Scores as loaded: undefined while not asked for, null where the service gave none. */
export type ScoreLookup = (
  version: string,
  datasetId: number,
  indicatorId: number,
) => number | null | undefined;

export interface EntryScoreMove {
  indicatorId: number;
  /** The indicator scored in the older release, when it has a counterpart there. */
  beforeIndicatorId: number | null;
  before: number | null | undefined;
  /** Every dataset the entry maps to, each with its share and score. */
  targets: { datasetId: number; share: number | null; score: number | null | undefined }[];
  /** The share-weighted mix of several targets, or why there is none; null for one target. */
  mix: ReturnType<typeof splitMix> | null;
  /** The score the change is computed against: the one target's, or the mix. */
  after: number | null | undefined;
  against: 'dataset' | 'share-weighted mix';
  change: ScoreChange;
}

/** The datasets whose scores an entry needs: its own, and every dataset it maps to. */
export function entryDatasets(
  result: UpgradeResult,
  chosen?: number,
): { before: number[]; after: number[] } {
  if (!result.source) return { before: [], after: [] };
  const chosenMap = chosen === undefined ? undefined : new Map([[result.line, chosen]]);
  return {
    before: [result.source.id],
    after: mappedTo(result, chosenMap).map((target) => target.dataset.id),
  };
}

/**
 * What a score move is made of, whatever page it is on: the dataset of the older release, every
 * dataset of the newer one it maps to with its share, and what became of it. An upgrade check's
 * entry, a row group of What changed and a history's release all read as one.
 */
export interface MoveSubject {
  /** The dataset in the older release; null when the entry names none. */
  sourceId: number | null;
  /** Every dataset it maps to in the newer release, each with its share of a split. */
  targets: readonly { datasetId: number; share: number | null }[];
  /** What became of it, in the one vocabulary. */
  change: EntryChange | 'new' | null;
  /** The documentation fields that differ between the source and its target. */
  fields: readonly DocField[];
  /** The target was chosen by the user among candidates: never "the same dataset". */
  byUser: boolean;
  /** Where the verdict comes from, in words (sourceOfVerdict). */
  source: string;
}

/** How each indicator's score moved for one subject, with its class. */
export function scoreMovesOf(
  subject: MoveSubject,
  context: { from: string; to: string },
  indicators: readonly FollowedIndicator[],
  score: ScoreLookup,
): EntryScoreMove[] {
  const { sourceId } = subject;
  return indicators.map((indicator) => {
    const before =
      sourceId !== null && indicator.before
        ? score(context.from, sourceId, indicator.before.id)
        : undefined;
    const scored = subject.targets.map((target) => ({
      datasetId: target.datasetId,
      share: target.share,
      score: score(context.to, target.datasetId, indicator.id),
    }));
    const [only] = scored;
    const whole = scored.length === 1 && only && (only.share === null || only.share >= 1 - 1e-9);
    const mix = whole || scored.length === 0 ? null : splitMix(scored);
    const after = whole ? only.score : mix && mix.mix !== null ? mix.mix : mix ? null : undefined;
    const sameDataset =
      whole === true && sourceId !== null && only.datasetId === sourceId && !subject.byUser;
    const change = classifyScoreChange({
      change: subject.change,
      sameDataset,
      fields: subject.fields,
      indicator: indicator.before ? indicator.before.link : { kind: 'none', in: context.from },
      // A mix that cannot be made is not a missing score: the reason is in `mix`.
      before,
      after: mix && mix.mix === null ? undefined : after,
      from: context.from,
      to: context.to,
      source: subject.source,
      byUser: subject.byUser,
    });
    return {
      indicatorId: indicator.id,
      beforeIndicatorId: indicator.before?.id ?? null,
      before,
      targets: scored,
      mix,
      after,
      against: whole ? 'dataset' : 'share-weighted mix',
      change:
        mix && mix.mix === null && change.class === 'not comparable' && before !== undefined
          ? { ...change, why: `No share-weighted mix: ${mix.why}.` }
          : change,
    };
  });
}

/** How each indicator's score moved for one entry, with its class. */
export function entryScoreMoves(
  result: UpgradeResult,
  context: {
    from: string;
    to: string;
    chosen?: number | undefined;
    steps?: readonly { label: string; loaded: boolean }[];
  },
  indicators: readonly FollowedIndicator[],
  score: ScoreLookup,
): EntryScoreMove[] {
  const chosenMap =
    context.chosen === undefined ? undefined : new Map([[result.line, context.chosen]]);
  const targets = mappedTo(result, chosenMap);
  return scoreMovesOf(
    {
      sourceId: result.source?.id ?? null,
      targets: targets.map((target) => ({ datasetId: target.dataset.id, share: target.share })),
      change: result.change,
      fields: result.fields,
      byUser: targets.some((target) => target.byUser),
      source: sourceOfVerdict(result, { change: result.change, steps: context.steps ?? [] }),
    },
    context,
    indicators,
    score,
  );
}
