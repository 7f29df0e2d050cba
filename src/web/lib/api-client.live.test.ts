import { describe, expect, it } from 'vitest';
import { liveProxy } from '../testing/live-proxy';
import { describeError } from '../components/feedback/error-panel';
import { ApiError, callApi, explorerPageAt } from './api-client';

const live = liveProxy();
const release = { version: '3.12', system_model: 'cutoff' };

/** The error a call ends in, or a failure when it succeeds. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('the API client against the proxy', () => {
  it('reads an answer with the route’s schema', async () => {
    const versions = await callApi('versions');
    expect(versions.latest).toBe('3.12');
    expect(versions.releases.map((entry) => entry.version)).toContain('3.10');
  });

  it('renews an expired token once after a 401 and sends the call again', async () => {
    live.signIn('expired-or-forged', live.stack.tokens.demo);
    const indicators = await callApi('indicators', { query: release });
    expect(indicators.indicators.length).toBeGreaterThan(100);
    const tries = live.sent.filter((request) => request.path === '/api/indicators');
    expect(tries).toHaveLength(2);
  });

  it('ends in the proxy’s 401 when the token cannot be renewed', async () => {
    live.signIn('expired-or-forged');
    const error = await failure(callApi('versions'));
    expect(error).toMatchObject({ status: 401, code: 'invalid_token' });
  });

  it.each([
    [
      'a dataset the release lacks',
      () => callApi('dataset', { params: { id: 2_000_000_000 }, query: release }),
      { status: 404, code: 'not_found' },
    ],
    [
      'a combination the licence lacks',
      () => callApi('indicators', { query: { version: '3.10', system_model: 'EN15804' } }),
      { status: 403, code: 'not_licensed' },
    ],
  ])('maps %s to its problem code', async (_, call, expected) => {
    const error = await failure(call());
    expect(error).toMatchObject(expected);
    expect(error.message).not.toBe('');
    expect(error.extra.requestId).toMatch(/\S/);
  });

  it('asks a bad request back in the proxy’s words', async () => {
    const error = await failure(callApi('search', { query: { ...release, limit: 1000 } }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/limit/);
  });

  it('turns an unreachable server into a network error that may be retried', async () => {
    live.pointAt('http://127.0.0.1:9');
    const error = await failure(callApi('versions'));
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(describeError(error)).toMatchObject({ title: 'No connection', retry: true });
  });

  it('says what each failure means to the user', async () => {
    const missing = await failure(
      callApi('dataset', { params: { id: 2_000_000_000 }, query: release }),
    );
    expect(describeError(missing)).toMatchObject({ title: 'Not found', retry: false });
    const unlicensed = await failure(
      callApi('indicators', { query: { version: '3.10', system_model: 'EN15804' } }),
    );
    expect(describeError(unlicensed)).toMatchObject({ title: 'Not in your licence' });
  });
});

describe('where a scored call comes from', () => {
  it('is named by the page in the address bar, and kept by the usage with what it charged', async () => {
    const usage = await callApi('usage');
    const page = await callApi('search', { query: { ...release, query: 'heat', limit: 50 } });
    const id = page.results
      .flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)))
      .find((candidate) => !usage.charged.datasets.includes(candidate));
    if (id === undefined) throw new Error('every dataset found is charged already');
    window.history.pushState({}, '', `/3.12/cutoff/datasets/${id}/history`);
    try {
      await callApi('dataset', { params: { id }, query: { ...release, indicator_ids: [964] } });
    } finally {
      window.history.pushState({}, '', '/');
    }
    const charge = (await callApi('usage')).charges.find((c) => c.datasets.includes(id));
    expect(charge).toMatchObject({
      mine: true,
      page: 'history',
      client: 'browser',
      release: { version: '3.12', system_model: 'cutoff' },
    });
  });

  it('reads each page of the explorer that loads scores', () => {
    expect(explorerPageAt('/3.12/cutoff/datasets/8279')).toBe('dataset');
    expect(explorerPageAt('/3.12/cutoff/datasets/8279/history')).toBe('history');
    expect(explorerPageAt('/3.12/cutoff/compare')).toBe('compare');
    expect(explorerPageAt('/3.12/cutoff/upgrade')).toBe('upgrade');
    expect(explorerPageAt('/3.12/cutoff/datasets')).toBe('other');
    expect(explorerPageAt('/usage')).toBe('other');
  });
});
