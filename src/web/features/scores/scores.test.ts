import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../shared/api/schemas';
import { mergeAnswers } from './answers';
import { scoreQueries } from './api/score-queries';
import { alreadyCharged, scoreBill } from './bill';
import { planCalls, type ScoreCall } from './planner';
import { aDataset } from '../../testing/datasets';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const cutoff = { version: '3.12', systemModel: 'cutoff' };

describe('the planner', () => {
  it('asks for a 20 × 100 comparison in one call', () => {
    expect(planCalls({ ...cutoff, datasetIds: ids(20), indicatorIds: ids(100, 800) })).toEqual([
      { ...cutoff, datasetIds: ids(20), indicatorIds: ids(100, 800) },
    ]);
  });

  it('splits datasets into pages of 100 and indicators into calls of 100', () => {
    const calls = planCalls({ ...cutoff, datasetIds: ids(250), indicatorIds: ids(150, 800) });
    expect(calls.map((call) => [call.datasetIds.length, call.indicatorIds.length])).toEqual([
      [100, 100],
      [100, 50],
      [100, 100],
      [100, 50],
      [50, 100],
      [50, 50],
    ]);
  });

  it('asks one dataset per call for a dataset’s own call', () => {
    const calls = planCalls({ ...cutoff, datasetIds: [7, 3], indicatorIds: [882] }, 1);
    expect(calls.map((call) => call.datasetIds)).toEqual([[3], [7]]);
  });

  it('drops repeated IDs and still plans documentation without indicators', () => {
    expect(planCalls({ ...cutoff, datasetIds: [1, 1, 2], indicatorIds: [] })).toEqual([
      { ...cutoff, datasetIds: [1, 2], indicatorIds: [] },
    ]);
  });

  it('plans the same set in any order as the same call, so it is one cache entry', () => {
    const one = planCalls({ ...cutoff, datasetIds: [30, 10, 20], indicatorIds: [964, 882] });
    const other = planCalls({ ...cutoff, datasetIds: [20, 30, 10], indicatorIds: [882, 964] });
    expect(one).toEqual(other);
    const [a, b] = [one[0], other[0]];
    if (!a || !b) throw new Error('no call planned');
    expect(scoreQueries.batch(a).queryKey).toEqual(scoreQueries.batch(b).queryKey);
    expect(scoreQueries.dataset(cutoff, 10, [964, 882]).queryKey).toEqual(
      scoreQueries.dataset(cutoff, 10, [882, 964]).queryKey,
    );
  });

  it('keeps releases and system models apart in the cache', () => {
    const call = (systemModel: string): ScoreCall => ({
      version: '3.12',
      systemModel,
      datasetIds: [1],
      indicatorIds: [882],
    });
    expect(scoreQueries.batch(call('cutoff')).queryKey).not.toEqual(
      scoreQueries.batch(call('apos')).queryKey,
    );
    // Only a scored call is charged, so only it has the usage asked again.
    expect(scoreQueries.batch(call('cutoff')).meta).toEqual({ charges: true });
    expect(scoreQueries.batch({ ...call('cutoff'), indicatorIds: [] }).meta).toBeUndefined();
  });
});

function dataset(id: number, scores: number[]): Dataset {
  return aDataset({
    id,
    activity: `activity ${id}`,
    impact_scores: scores.map((s) => ({
      id: s,
      score: s / 10,
      unit: 'u',
      method: 'm',
      category: 'c',
      indicator: 'i',
    })),
  });
}

describe('the answers', () => {
  it('merges every call: each dataset once with all its scores, and what was asked', () => {
    const call = (datasetIds: number[], indicatorIds: number[]) => ({
      ...cutoff,
      datasetIds,
      indicatorIds,
    });
    const answers = mergeAnswers([
      { call: call([1, 2, 3], [800]), datasets: [dataset(1, [800]), dataset(2, [800])] },
      { call: call([1], [900]), datasets: [dataset(1, [900])] },
    ]);
    const here = answers.of(cutoff);
    expect([...(here.scores.get(1)?.keys() ?? [])]).toEqual([800, 900]);
    expect(here.datasets.get(1)?.impact_scores.map((score) => score.id)).toEqual([800, 900]);
    expect(here.datasets.size).toBe(2);
    expect(here.datasets.has(3)).toBe(false);
    // Asked and answered without a score: the service's gap, not one still to load.
    expect(here.answered(3, 800)).toBe(true);
    expect(here.answered(2, 900)).toBe(false);
    expect(answers.of({ ...cutoff, systemModel: 'apos' }).datasets.size).toBe(0);
  });

  it('keeps each value’s own provenance when a dataset’s scores come from several answers', () => {
    const from = (digit: string) => ({
      service: 'demo data',
      retrieved_at: `2026-11-28T20:0${digit}:00.000Z`,
      explorer_version: '0.1.0',
      digest: `sha256:${digit.repeat(64)}`,
    });
    const call = (indicatorIds: number[]) => ({ ...cutoff, datasetIds: [1], indicatorIds });
    const here = mergeAnswers([
      { call: call([800, 850]), datasets: [{ ...dataset(1, [800]), provenance: from('1') }] },
      { call: call([900]), datasets: [{ ...dataset(1, [900]), provenance: from('2') }] },
    ]).of(cutoff);
    const scores = here.datasets.get(1)?.impact_scores ?? [];
    expect(scores.map((score) => [score.id, score.provenance?.digest])).toEqual([
      [800, from('1').digest],
      [900, from('2').digest],
    ]);
    // A score asked and not given: the answer that gave none.
    expect(here.provenance?.(1, 850)).toEqual(from('1'));
    expect(here.provenance?.(1, 700)).toBeUndefined();
  });

  it('keeps a score the service did not give as “no score”: shown with the dataset, never a number', () => {
    const noScore = dataset(1, [800, 900]);
    noScore.impact_scores = noScore.impact_scores.map((row) =>
      row.id === 900 ? { ...row, score: null } : row,
    );
    const here = mergeAnswers([
      { call: { ...cutoff, datasetIds: [1], indicatorIds: [800, 900] }, datasets: [noScore] },
    ]).of(cutoff);
    expect(here.datasets.get(1)?.impact_scores.map((row) => [row.id, row.score])).toEqual([
      [800, 80],
      [900, null],
    ]);
    // Pages that read scores as numbers see it as asked and answered without one.
    expect([...(here.scores.get(1)?.keys() ?? [])]).toEqual([800]);
    expect(here.answered(1, 900)).toBe(true);
  });
});

describe('the bill', () => {
  const charged = {
    datasets: [1],
    indicators: [882],
    user: true,
    releases: [{ version: '3.12', system_model: 'cutoff', datasets: [1] }],
  };

  it('states each release with how much of it is new, and the least it adds', () => {
    expect(
      scoreBill(
        [
          {
            version: '3.10',
            systemModel: 'cutoff',
            datasetIds: [1, 2, 3],
            indicatorIds: [882, 964],
          },
          { version: '3.12', systemModel: 'cutoff', datasetIds: [1, 20], indicatorIds: [882, 964] },
        ],
        charged,
      ),
    ).toEqual({
      releases: [
        { version: '3.10', systemModel: 'cutoff', datasets: 3, unseen: 2, elsewhere: 1 },
        { version: '3.12', systemModel: 'cutoff', datasets: 2, unseen: 1, elsewhere: 0 },
      ],
      adds: { datasets: [2, 3, 20], indicators: [964], user: false },
      // Dataset 1 was charged in 3.12 only: in 3.10 it may be billed again.
      elsewhere: [1],
    });
  });

  it('gives a release one line however many parts ask for it (a dataset’s history, per release)', () => {
    const request = (version: string, datasetIds: number[]) => ({
      version,
      systemModel: 'cutoff',
      datasetIds,
      indicatorIds: [882, 964],
    });
    const bill = scoreBill(
      [request('3.12', [1]), request('3.11', [1]), request('3.12', [5])],
      charged,
    );
    expect(bill.releases).toEqual([
      { version: '3.12', systemModel: 'cutoff', datasets: 2, unseen: 1, elsewhere: 0 },
      // Dataset 1 is charged in 3.12 only.
      { version: '3.11', systemModel: 'cutoff', datasets: 1, unseen: 0, elsewhere: 1 },
    ]);
    expect(bill.adds).toEqual({ datasets: [5], indicators: [964], user: false });
  });

  it('keys its lines by version and system model', () => {
    const request = (systemModel: string) => ({
      version: '3.12',
      systemModel,
      datasetIds: [1],
      indicatorIds: [882],
    });
    expect(scoreBill([request('cutoff'), request('apos')], undefined).releases).toEqual([
      { version: '3.12', systemModel: 'cutoff', datasets: 1, unseen: 1, elsewhere: 0 },
      { version: '3.12', systemModel: 'apos', datasets: 1, unseen: 1, elsewhere: 0 },
    ]);
  });

  it('counts everything as new while the usage is not known, and nothing for no scores', () => {
    const request = { ...cutoff, datasetIds: [1, 1, 2], indicatorIds: [882] };
    expect(scoreBill([request], undefined).adds).toEqual({
      datasets: [1, 2],
      indicators: [882],
      user: true,
    });
    expect(scoreBill([{ ...request, indicatorIds: [] }], undefined)).toEqual({
      releases: [],
      adds: { datasets: [], indicators: [], user: false },
      elsewhere: [],
    });
  });

  it('lets the already charged part load, and none of it for a user not counted yet', () => {
    const request = { ...cutoff, datasetIds: [1, 2], indicatorIds: [882, 964] };
    expect(alreadyCharged(request, charged)).toEqual({
      ...cutoff,
      datasetIds: [1],
      indicatorIds: [882],
    });
    expect(alreadyCharged(request, { ...charged, user: false })).toEqual({
      ...cutoff,
      datasetIds: [],
      indicatorIds: [],
    });
  });
});
