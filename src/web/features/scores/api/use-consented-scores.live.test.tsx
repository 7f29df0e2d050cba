import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, callApi } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { liveProxy } from '../../../testing/live-proxy';
import { useConsentedScores, type ConsentedScoresInput } from './use-consented-scores';

const live = liveProxy();
const release = { version: '3.12', systemModel: 'cutoff' };
/** Datasets no other live test scores, so what the ledger says of them is this file's doing. */
let ids: number[] = [];
beforeAll(async () => {
  const page = await callApi('search', {
    query: { version: '3.12', system_model: 'cutoff', query: 'treatment', limit: 10 },
  });
  ids = page.results.flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)));
  if (ids.length < 3) throw new Error('the emulator has too few treatment datasets');
});

function render(input: ConsentedScoresInput) {
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useConsentedScores(input), { wrapper });
}

/** What the scored calls sent asked for, as `version:datasets×indicators`. */
const scoredCalls = () =>
  live.scored().map((request) => {
    const body = request.body as { dataset_ids: number[]; indicator_ids: number[] };
    return `${request.search.get('version') ?? ''}:${body.dataset_ids.join(',')}×${body.indicator_ids.join(',')}`;
  });

describe('scores with consent', () => {
  it('asks nothing charged before a yes, then loads every score with its progress', async () => {
    const [a, b] = ids;
    if (a === undefined || b === undefined) throw new Error('no datasets');
    const { result } = render({
      requests: [{ ...release, datasetIds: [b, a], indicatorIds: [964, 882] }],
      charged: undefined,
      scope: 'release',
      by: 'batch',
      documentation: true,
    });
    // The documentation (free) goes with the same render as any enabled scored call would.
    await waitFor(() => expect(result.current.documentationPending).toBe(false));
    expect(result.current.answers.of(release).datasets.size).toBe(2);
    expect(result.current.consent.allowed).toBe(false);
    expect(result.current.bill.adds).toEqual({
      datasets: [b, a],
      indicators: [964, 882],
      user: true,
    });
    expect(result.current.progress.calls).toBe(0);
    expect(live.scored()).toEqual([]);

    act(() => result.current.consent.approve());
    expect(result.current.progress).toMatchObject({ calls: 1, done: 0 });
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.progress).toMatchObject({ calls: 1, done: 1 });
    const [low, high] = [Math.min(a, b), Math.max(a, b)];
    expect(scoredCalls()).toEqual([`3.12:${low},${high}×882,964`]);
    const here = result.current.answers.of(release);
    for (const id of [a, b]) {
      for (const indicator of [882, 964]) expect(here.answered(id, indicator)).toBe(true);
      expect(here.scores.get(id)?.get(882)?.score).toEqual(expect.any(Number));
    }
    expect(result.current.bill.releases).toEqual([]);
  });

  it('says the first failure, and a retry loads what failed', async () => {
    const c = ids[2];
    if (c === undefined) throw new Error('no datasets');
    live.drop('/api/datasets/batch');
    const { result } = render({
      requests: ['3.12', '3.11'].map((version) => ({
        version,
        systemModel: 'cutoff',
        datasetIds: [c],
        indicatorIds: [882],
      })),
      charged: undefined,
      scope: 'releases',
      by: 'batch',
    });
    expect(result.current.bill.releases.map((line) => line.version)).toEqual(['3.12', '3.11']);
    act(() => result.current.consent.approve());
    expect(result.current.consent.covered).toEqual([true, true]);
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(result.current.answers.of(release).datasets.size).toBe(0);

    live.restore('/api/datasets/batch');
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.progress).toMatchObject({ calls: 2, done: 2 }));
    expect(result.current.error).toBeUndefined();
    expect(result.current.answers.of(release).scores.get(c)?.get(882)).toBeDefined();
    expect(scoredCalls().sort()).toEqual([`3.11:${c}×882`, `3.12:${c}×882`]);
  });
});
