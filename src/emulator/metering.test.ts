import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEmulator, type Emulator } from './app';
import { emulatorConfigFromEnv } from './config';
import { apiClient } from './testing/api';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.2' }) });
});
afterAll(() => emulator.app.close());
beforeEach(async () => {
  await emulator.app.inject({ method: 'POST', url: '/_emulator/reset' });
});

const ledger = async () =>
  (await emulator.app.inject({ url: '/_emulator/ledger' })).json<{
    users: number;
    datasets: number;
    indicators: number;
    dataset_ids: number[];
  }>();

describe('metering', () => {
  it('charges unique users, datasets and indicators of successful answers with scores only', async () => {
    const alice = await apiClient(emulator, 'alice');
    const bob = await apiClient(emulator, 'bob');
    await alice.get('/v0/datasets/8279?indicator_ids=882&indicator_ids=964');
    await alice.get('/v0/datasets/8279?indicator_ids=882');
    await bob.get('/v0/datasets/8279?indicator_ids=882');
    expect(await ledger()).toMatchObject({ users: 2, datasets: 1, indicators: 2 });
  });

  it('charges nothing for documentation, search, failures or unknown indicators', async () => {
    const api = await apiClient(emulator, 'carol');
    await api.get('/v0/datasets/8279');
    await api.get('/v0/datasets?query=steel');
    await api.get('/v0/datasets/99999999?indicator_ids=882');
    await api.get('/v0/datasets/8279?indicator_ids=1');
    await api.get('/v0/datasets/8279?indicator_ids=882,964');
    expect(await ledger()).toMatchObject({ users: 0, datasets: 0, indicators: 0 });
  });

  it('charges a batch for the datasets returned on the page, not the others asked for', async () => {
    const api = await apiClient(emulator, 'dave');
    const response = await api.post('/v0/datasets/batch?limit=2', {
      dataset_ids: [8279, 2989, 7773],
      indicator_ids: [882],
    });
    expect(response.statusCode).toBe(200);
    expect((await ledger()).dataset_ids).toEqual([2989, 8279]);
  });

  it('refuses, in enforce mode, the first request that goes past the tier', async () => {
    await emulator.app.inject({
      method: 'POST',
      url: '/_emulator/ledger',
      payload: { mode: 'enforce', tier: { datasets: 2 } },
    });
    const api = await apiClient(emulator, 'erin');
    expect((await api.get('/v0/datasets/8279?indicator_ids=882')).statusCode).toBe(200);
    expect((await api.get('/v0/datasets/2989?indicator_ids=882')).statusCode).toBe(200);
    const third = await api.get('/v0/datasets/7773?indicator_ids=882');
    expect(third.statusCode).toBe(403);
    expect(third.json()).toEqual({ detail: 'License limit reached: 2 unique datasets per period' });
    // Already charged datasets stay available.
    expect((await api.get('/v0/datasets/8279?indicator_ids=882')).statusCode).toBe(200);
    await emulator.app.inject({
      method: 'POST',
      url: '/_emulator/ledger',
      payload: { mode: 'record', tier: { datasets: 10_000 } },
    });
  });
});

describe('faults', () => {
  const setFaults = (faults: Record<string, unknown>) =>
    emulator.app.inject({ method: 'POST', url: '/_emulator/faults', payload: faults });

  it('answers 500 at the set error rate', async () => {
    const api = await apiClient(emulator);
    await setFaults({ error_rate: 0.5 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.get('/v0/versions')).statusCode);
    expect(statuses.sort()).toEqual([200, 200, 500, 500]);
  });

  it('answers 429 with Retry-After', async () => {
    const api = await apiClient(emulator);
    await setFaults({ rate_limit_rate: 1, retry_after_seconds: 7 });
    const response = await api.get('/v0/versions');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
  });

  it('rejects the current token once', async () => {
    const api = await apiClient(emulator);
    await setFaults({ reject_current_token_once: true });
    expect((await api.get('/v0/versions')).statusCode).toBe(401);
    expect((await api.get('/v0/versions')).statusCode).toBe(200);
  });

  it('answers invalid_client whatever the credentials while set', async () => {
    await setFaults({ invalid_client: true });
    const { client } = emulator.state.config;
    const response = await emulator.app.inject({
      method: 'POST',
      url: '/realms/ecoinvent/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${client.id}&client_secret=${client.secret}`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('issues tokens with the lifetime set at run time', async () => {
    await setFaults({ token_ttl_seconds: 42 });
    const { client } = emulator.state.config;
    const response = await emulator.app.inject({
      method: 'POST',
      url: '/realms/ecoinvent/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${client.id}&client_secret=${client.secret}`,
    });
    expect(response.json()).toMatchObject({ expires_in: 42 });
  });

  it('pads answers to an oversized body that is still valid JSON', async () => {
    const api = await apiClient(emulator);
    await setFaults({ oversize_bytes: 1_000_000 });
    const response = await api.get('/v0/versions');
    expect(response.body.length).toBeGreaterThanOrEqual(1_000_000);
    expect(response.json()).toHaveProperty('results');
  });

  it('delays answers by the set latency and trickles slow bodies', async () => {
    const api = await apiClient(emulator);
    await setFaults({ latency_ms: 150 });
    let started = Date.now();
    await api.get('/v0/versions');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await setFaults({ latency_ms: 0, slow_body_ms: 150 });
    started = Date.now();
    const slow = await api.get('/v0/versions');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.json()).toHaveProperty('results');
  });

  it('refuses an unknown fault with 422', async () => {
    const response = await setFaults({ explode: true });
    expect(response.statusCode).toBe(422);
  });
});
