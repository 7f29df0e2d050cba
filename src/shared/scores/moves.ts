import type { UpgradeResult } from '../api/schemas';
import { mappedTo } from '../exports/mapping';
import { sourceOfVerdict } from '../matching/words';
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
  const source = result.source;
  return indicators.map((indicator) => {
    const before =
      source && indicator.before ? score(context.from, source.id, indicator.before.id) : undefined;
    const scored = targets.map((target) => ({
      datasetId: target.dataset.id,
      share: target.share,
      score: score(context.to, target.dataset.id, indicator.id),
    }));
    const [only] = scored;
    const whole = scored.length === 1 && only && (only.share === null || only.share >= 1 - 1e-9);
    const mix = whole || scored.length === 0 ? null : splitMix(scored);
    const after = whole ? only.score : mix && mix.mix !== null ? mix.mix : mix ? null : undefined;
    const sameDataset =
      whole === true &&
      source !== null &&
      only.datasetId === source.id &&
      context.chosen === undefined;
    const change = classifyScoreChange({
      change: result.change,
      sameDataset,
      fields: result.fields,
      indicator: indicator.before ? indicator.before.link : { kind: 'none', in: context.from },
      // A mix that cannot be made is not a missing score: the reason is in `mix`.
      before,
      after: mix && mix.mix === null ? undefined : after,
      from: context.from,
      to: context.to,
      source: sourceOfVerdict(result, { change: result.change, steps: context.steps ?? [] }),
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
