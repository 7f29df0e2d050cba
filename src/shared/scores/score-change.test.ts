import { describe, expect, it } from 'vitest';
import {
  classifyScoreChange,
  indicatorLinkText,
  percentChange,
  SCORE_CHANGE_CLASSES,
  SCORE_CHANGE_MEANINGS,
  splitMix,
  type ScorePair,
} from './score-change';

const pair = (over: Partial<ScorePair>): ScorePair => ({
  change: 'documentation unchanged',
  sameDataset: true,
  fields: [],
  indicator: { kind: 'same' },
  before: 1,
  after: 1,
  from: '3.11',
  to: '3.12',
  ...over,
});

describe('why a score changed between two releases', () => {
  it('never calls a moved score unchanged: documentation unchanged is "nothing documented"', () => {
    const moved = classifyScoreChange(pair({ before: 1.411, after: 1.764 }));
    expect(moved.class).toBe('nothing documented');
    expect(moved.percent).toBeCloseTo(25.02, 2);
    expect(moved.why).toContain('the service does not say which');
    expect(classifyScoreChange(pair({})).class).toBe('same score');
  });

  it('names the documented causes, the successor first', () => {
    const documented = classifyScoreChange(
      pair({ change: 'documentation changed', fields: ['time_period', 'description'], after: 1.2 }),
    );
    expect(documented).toMatchObject({
      class: 'documentation changed',
      causes: ['documentation changed'],
    });
    expect(documented.why).toBe('Documentation changed (Time period, description).');

    const both = classifyScoreChange(
      pair({
        change: 'moved',
        sameDataset: false,
        indicator: { kind: 'counterpart', basis: 'renamed', differs: ['category'] },
        source: 'ecoinvent change report 3.11 → 3.12',
        after: 2,
      }),
    );
    expect(both.class).toBe('successor');
    expect(both.causes).toEqual(['successor', 'indicator changed']);
    expect(both.why).toBe(
      "Another dataset (moved, ecoinvent change report 3.11 → 3.12); the indicator's counterpart: renamed (category).",
    );
  });

  it('says why there is nothing to compare instead of a bare dash', () => {
    expect(classifyScoreChange(pair({ indicator: { kind: 'none', in: '3.11' } })).why).toBe(
      'The indicator has no counterpart in 3.11.',
    );
    expect(classifyScoreChange(pair({ change: 'removed' })).class).toBe('not comparable');
    expect(classifyScoreChange(pair({ after: null })).why).toBe(
      'The data service gives no score in 3.12.',
    );
    expect(classifyScoreChange(pair({ before: undefined })).why).toBe('Scores not loaded.');
  });

  it('has a sentence for every class, and words for every way an indicator is followed', () => {
    for (const kind of SCORE_CHANGE_CLASSES) expect(SCORE_CHANGE_MEANINGS[kind]).toMatch(/\.$/);
    expect(
      indicatorLinkText({ kind: 'counterpart', basis: 'method version', differs: ['method'] }),
    ).toBe('new method version (method)');
    expect(indicatorLinkText({ kind: 'none', in: '3.10' })).toBe('no counterpart in 3.10');
  });

  it('scores a split as the share-weighted mix of its successors, only when it is whole', () => {
    const whole = splitMix([
      { share: 0.3669, score: 1 },
      { share: 0.0437, score: 2 },
      { share: 0.513, score: 1.2 },
      { share: 0.0696, score: 0.8 },
      { share: 0.0068, score: 3 },
    ]);
    expect(whole.mix).toBeCloseTo(0.3669 + 0.0874 + 0.6156 + 0.05568 + 0.0204, 10);
    expect(
      splitMix([
        { share: 0.5, score: 1 },
        { share: 0.3, score: 1 },
      ]),
    ).toMatchObject({
      mix: null,
      why: 'the shares make 80 % of it, not the whole',
    });
    expect(
      splitMix([
        { share: 0.5, score: 1 },
        { share: 0.5, score: undefined },
      ]).mix,
    ).toBeNull();
    expect(percentChange(-2, -1)).toBe(50);
    expect(percentChange(0, 1)).toBeNull();
  });
});
