import { describe, expect, it } from 'vitest';
import type { SpoldRef, UpgradeResult } from '../api/schemas';
import { entryDatasets, entryScoreMoves, type FollowedIndicator } from './moves';

const ref = (id: number, geography = 'Europe (RER)'): SpoldRef => ({
  id,
  activity: 'adipic acid production',
  product: 'adipic acid',
  geography,
  unit: 'kg',
  activity_spold_uuid: null,
  product_spold_uuid: null,
});

const split: UpgradeResult = {
  line: 1,
  verdict: 'split',
  change: 'split',
  source: ref(534),
  target: ref(19606, 'Lithuania (LT)'),
  successors: [
    { dataset: ref(19604, 'Rest of Europe (RoE)'), share: 0.3669, fields: ['geography'] },
    { dataset: ref(19605, 'Türkiye (TR)'), share: 0.0437, fields: ['geography'] },
    { dataset: ref(19606, 'Lithuania (LT)'), share: 0.513, fields: ['geography'] },
    { dataset: ref(19607, 'Western Europe (WEU)'), share: 0.0696, fields: ['geography'] },
    { dataset: ref(19608, 'Finland (FI)'), share: 0.0068, fields: ['geography'] },
  ],
  how: 'change report',
  basis: 'change report',
  reports: ['ecoinvent change report 3.10 → 3.11'],
  fields: ['geography'],
  candidates: [],
};

// IPCC 2021's total in 3.12 (1024) is "climate change" (1111) in 3.10.
const ipcc: FollowedIndicator = {
  id: 1024,
  before: { id: 1111, link: { kind: 'counterpart', basis: 'renamed', differs: ['category'] } },
};
const scores = new Map<string, number | null>([
  ['3.10|534|1111', 1.464],
  ['3.12|19604|1024', 1.1],
  ['3.12|19605|1024', 1.5],
  ['3.12|19606|1024', 1.194],
  ['3.12|19607|1024', 1.0],
  ['3.12|19608|1024', 0.9],
]);
const lookup = (version: string, dataset: number, indicator: number) =>
  scores.get(`${version}|${dataset}|${indicator}`);

describe("a list entry's scores across releases", () => {
  it('scores every successor of a split and computes the change against their mix', () => {
    const [move] = entryScoreMoves(split, { from: '3.10', to: '3.12' }, [ipcc], lookup);
    const mix = 0.3669 * 1.1 + 0.0437 * 1.5 + 0.513 * 1.194 + 0.0696 * 1.0 + 0.0068 * 0.9;
    expect(move?.targets.map((t) => t.score)).toEqual([1.1, 1.5, 1.194, 1.0, 0.9]);
    expect(move?.after).toBeCloseTo(mix, 12);
    expect(move?.against).toBe('share-weighted mix');
    expect(move?.beforeIndicatorId).toBe(1111);
    expect(move?.change.class).toBe('successor');
    expect(move?.change.causes).toEqual(['successor', 'indicator changed']);
    expect(move?.change.percent).toBeCloseTo(((mix - 1.464) / 1.464) * 100, 10);
    expect(entryDatasets(split)).toEqual({
      before: [534],
      after: [19604, 19605, 19606, 19607, 19608],
    });
  });

  it('says why a split has no mix, and never computes a change against one successor', () => {
    const partial = new Map(scores);
    partial.delete('3.12|19608|1024');
    const [move] = entryScoreMoves(split, { from: '3.10', to: '3.12' }, [ipcc], (v, d, i) =>
      partial.get(`${v}|${d}|${i}`),
    );
    expect(move?.change.class).toBe('not comparable');
    expect(move?.change.percent).toBeNull();
    expect(move?.change.why).toBe('No share-weighted mix: not every successor is loaded.');
  });

  it('says an indicator without a counterpart has none, rather than a bare dash', () => {
    const unchanged: UpgradeResult = {
      ...split,
      verdict: 'unchanged',
      change: 'documentation unchanged',
      target: ref(534),
      successors: [{ dataset: ref(534), share: null, fields: [] }],
      fields: [],
    };
    const [none, same] = entryScoreMoves(
      unchanged,
      { from: '3.10', to: '3.12' },
      [
        { id: 1024, before: null },
        { id: 1111, before: { id: 1111, link: { kind: 'same' } } },
      ],
      (v, d, i) => (i === 1111 ? (v === '3.10' ? 1.411 : 1.764) : 2),
    );
    expect(none?.change.why).toBe('The indicator has no counterpart in 3.10.');
    expect(same?.change.class).toBe('nothing documented');
  });

  it("compares a user's choice among the candidates, and says it is theirs", () => {
    const gone: UpgradeResult = {
      ...split,
      verdict: 'no certain successor',
      change: 'no certain successor',
      target: null,
      successors: [],
      basis: 'documentation',
      reports: [],
      candidates: [
        {
          dataset: ref(19604, 'Rest of Europe (RoE)'),
          relation: 'same activity and product, other geography',
          geography: 'within',
          new_in_target: true,
        },
      ],
    };
    const [unchosen] = entryScoreMoves(gone, { from: '3.10', to: '3.12' }, [ipcc], lookup);
    expect(unchosen?.change.why).toBe(
      'No dataset of 3.12 is named as what it became (no certain successor).',
    );
    const [chosen] = entryScoreMoves(
      gone,
      { from: '3.10', to: '3.12', chosen: 19604 },
      [ipcc],
      lookup,
    );
    expect(chosen?.change.class).toBe('successor');
    expect(chosen?.change.percent).toBeCloseTo(((1.1 - 1.464) / 1.464) * 100, 10);
    expect(chosen?.change.why).toMatch(/^Another dataset \(your choice among the candidates; /);
  });
});
