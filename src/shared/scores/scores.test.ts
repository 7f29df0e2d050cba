import { describe, expect, it } from 'vitest';
import { describeBill, scoreBill } from './bill';
import { planCalls } from './plan';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('planCalls', () => {
  it('asks for every dataset × indicator exactly once, in pages the proxy takes', () => {
    const datasetIds = [...range(1, 250), 7, 7];
    const indicatorIds = range(1000, 150);
    const calls = planCalls({ version: '3.12', systemModel: 'cutoff', datasetIds, indicatorIds });
    expect(calls).toHaveLength(3 * 2);
    for (const call of calls) {
      expect(call.datasetIds.length).toBeLessThanOrEqual(100);
      expect(call.indicatorIds.length).toBeLessThanOrEqual(100);
    }
    const pairs = calls.flatMap((call) =>
      call.datasetIds.flatMap((d) => call.indicatorIds.map((i) => `${d}:${i}`)),
    );
    expect(new Set(pairs).size).toBe(250 * 150);
    expect(pairs).toHaveLength(250 * 150);
  });

  it('asks the same set in any order as the same calls, so one answer serves every asker', () => {
    const release = { version: '3.12', systemModel: 'cutoff' };
    const one = planCalls({ ...release, datasetIds: [1142, 852, 852], indicatorIds: [964, 882] });
    const other = planCalls({ ...release, datasetIds: [852, 1142], indicatorIds: [882, 964, 882] });
    expect(one).toEqual(other);
    expect(one).toEqual([{ ...release, datasetIds: [852, 1142], indicatorIds: [882, 964] }]);
  });

  it('asks documentation only, free, when no indicator is chosen', () => {
    expect(
      planCalls({ version: '3.12', systemModel: 'cutoff', datasetIds: [2, 1], indicatorIds: [] }),
    ).toEqual([{ version: '3.12', systemModel: 'cutoff', datasetIds: [1, 2], indicatorIds: [] }]);
  });
});

describe('scoreBill', () => {
  const charged = {
    datasets: [1, 2],
    indicators: [964],
    user: true,
    releases: [{ version: '3.12', system_model: 'cutoff', datasets: [1, 2] }],
  };

  it('counts only what this period has not charged yet', () => {
    const bill = scoreBill(
      [
        {
          version: '3.12',
          systemModel: 'cutoff',
          datasetIds: [1, 2, 3, 3],
          indicatorIds: [964, 882],
        },
      ],
      charged,
    );
    expect(bill).toEqual({
      releases: [{ version: '3.12', systemModel: 'cutoff', datasets: 3, unseen: 1, elsewhere: 0 }],
      adds: { datasets: [3], indicators: [882], user: false },
      elsewhere: [],
    });
    expect(describeBill(bill)).toBe('1 new dataset and 1 new indicator');
  });

  it('adds the user when they have not been charged this period, and names releases', () => {
    const bill = scoreBill(
      [
        { version: '3.10', systemModel: 'cutoff', datasetIds: [5, 6], indicatorIds: [964] },
        { version: '3.12', systemModel: 'cutoff', datasetIds: [1, 7], indicatorIds: [964] },
      ],
      { ...charged, user: false },
    );
    expect(describeBill(bill)).toBe(
      '2 new datasets (3.10 cutoff), 1 new dataset (3.12 cutoff) and you as a user',
    );
  });

  it('says so when a request costs nothing more', () => {
    const bill = scoreBill(
      [{ version: '3.12', systemModel: 'cutoff', datasetIds: [2], indicatorIds: [964] }],
      charged,
    );
    expect(describeBill(bill)).toBe('nothing new');
  });
});
