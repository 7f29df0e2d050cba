import type { DocField } from '../matching/dataset-doc';
import type { IndicatorBasis, IndicatorField } from '../matching/indicators';
import { CHANGE_MEANINGS, describeFields, type EntryChange } from '../matching/words';

/**
 * Why a score differs between two releases, as far as the data service documents it: one class
 * for each dataset × indicator, the same on every page, in the command line and in every export.
 * The service publishes change reports for datasets and documentation for each, never what
 * changed in an inventory or its background; where the documented causes stop, the class says
 * so instead of guessing.
 */
export const SCORE_CHANGE_CLASSES = [
  'successor',
  'indicator changed',
  'documentation changed',
  'nothing documented',
  'same score',
  'not comparable',
] as const;
export type ScoreChangeClass = (typeof SCORE_CHANGE_CLASSES)[number];

/** Each class in a sentence, for legends and exports. */
export const SCORE_CHANGE_MEANINGS: Record<ScoreChangeClass, string> = {
  successor: 'Compared with what the dataset became under another Dataset ID.',
  'indicator changed':
    "The indicator's counterpart in the other release has other names: a renamed category or a new method version.",
  'documentation changed':
    'Same Dataset ID and indicator; its documentation changed. The service does not say whether or how the inventory changed.',
  'nothing documented':
    'Same Dataset ID, documentation and indicator: the inventory or its background changed, and the service does not say which.',
  'same score': 'The same score in both releases.',
  'not comparable': 'No score to compare on one side, and why.',
};

/** How the indicator was followed to the other release; `same` when it is the one indicator. */
export type IndicatorLink =
  | { kind: 'same' }
  | { kind: 'counterpart'; basis: IndicatorBasis; differs: readonly IndicatorField[] }
  /** No counterpart in release `in`. */
  | { kind: 'none'; in: string };

export interface ScorePair {
  /** What became of the dataset, as the vocabulary says it. */
  change: EntryChange | 'new' | null;
  /** Whether the score after is of the same Dataset ID as the one before. */
  sameDataset: boolean;
  /** The documentation fields that differ between the two datasets compared. */
  fields: readonly DocField[];
  indicator: IndicatorLink;
  /** Undefined: not loaded; null: the service gave no score. */
  before: number | null | undefined;
  after: number | null | undefined;
  /** The two releases, for the words. */
  from: string;
  to: string;
  /** Where the dataset's verdict comes from ("ecoinvent change report 3.10 → 3.11"). */
  source?: string;
  /**
   * The dataset after was chosen by the user among the candidates of one without a certain
   * successor: compared, and said to be their choice.
   */
  byUser?: boolean;
}

export interface ScoreChange {
  class: ScoreChangeClass;
  /** In per cent of the score before; null where it cannot be said. */
  percent: number | null;
  /** Every documented cause that applies, the class first. */
  causes: ScoreChangeClass[];
  /** The class and its causes in a sentence. */
  why: string;
}

/**
 * How a score moved from one release to another, in per cent of the earlier one. Null where it
 * cannot be said: a score missing on either side, or an earlier score of zero.
 */
export function percentChange(
  before: number | null | undefined,
  after: number | null | undefined,
): number | null {
  if (before == null || after == null || before === 0) return null;
  return ((after - before) / Math.abs(before)) * 100;
}

const INDICATOR_WORDS: Record<IndicatorBasis, string> = {
  'same ID': 'same indicator ID, names respelled',
  'same names': 'same names under another indicator ID',
  renamed: 'renamed',
  'method version': 'new method version',
};

/** How the indicator was followed, in words ("renamed: category"). */
export function indicatorLinkText(link: IndicatorLink): string {
  switch (link.kind) {
    case 'same':
      return 'same indicator';
    case 'none':
      return `no counterpart in ${link.in}`;
    case 'counterpart':
      return link.differs.length > 0
        ? `${INDICATOR_WORDS[link.basis]} (${link.differs.join(', ')})`
        : INDICATOR_WORDS[link.basis];
  }
}

/** Whether the indicator on the other side rates something named otherwise. */
const indicatorChanged = (link: IndicatorLink) =>
  link.kind === 'counterpart' && link.basis !== 'same names' && link.differs.length > 0;

function missing(pair: ScorePair): string | null {
  const { change, from, to } = pair;
  if (change === 'not in source' || change === 'several in source' || change === 'new')
    return CHANGE_MEANINGS[change];
  if ((change === 'removed' || change === 'no certain successor') && pair.byUser !== true)
    return `No dataset of ${to} is named as what it became (${change}).`;
  if (pair.indicator.kind === 'none')
    return `The indicator has no counterpart in ${pair.indicator.in}.`;
  if (pair.before === undefined || pair.after === undefined) return 'Scores not loaded.';
  if (pair.before === null) return `The data service gives no score in ${from}.`;
  if (pair.after === null) return `The data service gives no score in ${to}.`;
  return null;
}

/** The class of one score's change and the sentence that explains it. */
export function classifyScoreChange(pair: ScorePair): ScoreChange {
  const why = missing(pair);
  if (why !== null) return { class: 'not comparable', percent: null, causes: [], why };
  const percent = percentChange(pair.before, pair.after);
  const causes: ScoreChangeClass[] = [];
  const words: string[] = [];
  if (!pair.sameDataset) {
    causes.push('successor');
    words.push(
      `another dataset (${pair.byUser === true ? 'your choice among the candidates; ' : ''}${pair.change ?? 'successor'}${pair.source ? `, ${pair.source}` : ''})`,
    );
  }
  if (indicatorChanged(pair.indicator)) {
    causes.push('indicator changed');
    words.push(`the indicator's counterpart: ${indicatorLinkText(pair.indicator)}`);
  }
  if (pair.sameDataset && pair.fields.length > 0) {
    causes.push('documentation changed');
    words.push(`documentation changed (${describeFields(pair.fields)})`);
  }
  if (pair.before === pair.after)
    return {
      class: 'same score',
      percent,
      causes,
      why: words.length > 0 ? `Same score, though ${words.join('; ')}.` : 'Same score.',
    };
  const [first] = causes;
  if (!first)
    return {
      class: 'nothing documented',
      percent,
      causes: ['nothing documented'],
      why: SCORE_CHANGE_MEANINGS['nothing documented'],
    };
  const sentence = words.join('; ');
  return {
    class: first,
    percent,
    causes,
    why: `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`,
  };
}

/**
 * A split's successors scored together: their share-weighted mix Σ share × score, what the
 * dataset's whole output scores now. Null, with the reason, where a successor's score or share
 * is missing, or the shares do not make the whole (a part whose fate is not certain).
 */
export function splitMix(
  parts: readonly { share: number | null; score: number | null | undefined }[],
): { mix: number; covered: number } | { mix: null; covered: number; why: string } {
  const covered = parts.reduce((sum, part) => sum + (part.share ?? 0), 0);
  if (parts.some((part) => part.share === null))
    return { mix: null, covered, why: 'a successor has no share' };
  if (parts.some((part) => part.score === undefined))
    return { mix: null, covered, why: 'not every successor is loaded' };
  if (parts.some((part) => part.score === null))
    return { mix: null, covered, why: 'the data service gives no score for a successor' };
  if (Math.abs(covered - 1) > 1e-6)
    return {
      mix: null,
      covered,
      why: `the shares make ${Math.round(covered * 1000) / 10} % of it, not the whole`,
    };
  return {
    mix: parts.reduce((sum, part) => sum + (part.share ?? 0) * (part.score ?? 0), 0),
    covered,
  };
}
