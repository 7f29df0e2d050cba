import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';
import { apiClient, serviceToken } from '../testing/api';

// The deviation knobs of issue 32 as a client meets them at the emulator itself: each changes
// what is said, never the data behind it. The proxy's answers to them are tested in
// src/proxy/upstream/evidence.test.ts, evidence-transport.test.ts and check/evidence.test.ts.

let emulator: Emulator;
let api: Awaited<ReturnType<typeof apiClient>>;

const faults = (body: Record<string, unknown>) =>
  emulator.app.inject({ method: 'POST', url: '/_emulator/faults', payload: body });
const json = (response: { body: string }) => JSON.parse(response.body) as unknown;

beforeAll(async () => {
  emulator = await buildEmulator({ config: emulatorConfigFromEnv({ EMULATOR_SCALE: '0.05' }) });
  api = await apiClient(emulator);
});
afterAll(() => emulator.app.close());
beforeEach(async () => {
  await emulator.app.inject({ method: 'POST', url: '/_emulator/reset' });
});

describe('the deviation knobs of issue 32', () => {
  it('total_cap: the search says at most the cap, and its pages go on past it', async () => {
    const whole = json(await api.get('/v0/datasets?version=3.12&limit=1')) as { total: number };
    const cap = Math.floor(whole.total / 2);
    await faults({ total_cap: cap });
    const capped = json(await api.get('/v0/datasets?version=3.12&limit=1')) as { total: number };
    expect(capped.total).toBe(cap);
    const past = json(await api.get(`/v0/datasets?version=3.12&limit=5&from=${cap}`)) as {
      results: unknown[];
    };
    expect(past.results).toHaveLength(5);
  });

  it('versions_vocabulary: /versions lists long names, which the data routes refuse', async () => {
    await faults({ versions_vocabulary: 'names' });
    const listed = json(await api.get('/v0/versions')) as {
      results: { system_models: string[] }[];
    };
    expect(listed.results[0]?.system_models).toContain('Allocation, cut-off by classification');
    const refused = await api.get(
      `/v0/datasets?version=3.12&system_model=${encodeURIComponent('Allocation, cut-off by classification')}`,
    );
    expect(refused.statusCode).toBe(404);
    expect((await api.get('/v0/datasets?version=3.12&system_model=cutoff')).statusCode).toBe(200);
  });

  it.each([
    ['null', '"score":null'],
    ['marker', '"score":"n/a"'],
    ['nan', '"score":NaN'],
  ] as const)(
    'missing_score as %s: that score is written %s, the others as numbers',
    async (as, written) => {
      await faults({ missing_score: { indicator: 882, as } });
      const response = await api.get('/v0/datasets/8279?indicator_ids=882&indicator_ids=990');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`"id":882,${written}`);
      expect(response.body).toMatch(/"id":990,"score":-?\d/);
    },
  );

  it('missing_score absent: the row is left out, and both indicators are billed', async () => {
    await faults({ missing_score: { indicator: 882, as: 'absent' } });
    const answer = json(await api.get('/v0/datasets/8279?indicator_ids=882&indicator_ids=990')) as {
      impact_scores: { id: number }[];
    };
    expect(answer.impact_scores.map((row) => row.id)).toEqual([990]);
    const ledger = json(await emulator.app.inject({ url: '/_emulator/ledger' })) as {
      indicator_ids: number[];
    };
    expect(ledger.indicator_ids).toEqual([882, 990]);
  });

  it('gateway_refusal token: the first token seen is refused in the gateway’s words, a fresh one passes', async () => {
    await faults({ gateway_refusal: 'token' });
    const first = await api.get('/v0/versions');
    expect(first.statusCode).toBe(403);
    expect(json(first)).toEqual({ message: 'Forbidden' });
    expect((await api.get('/v0/versions')).statusCode).toBe(403);
    const fresh = await emulator.app.inject({
      url: '/v0/versions',
      headers: { authorization: `Bearer ${await serviceToken(emulator)}` },
    });
    expect(fresh.statusCode).toBe(200);
    await faults({ gateway_refusal: 'always' });
    expect((await api.get('/v0/versions')).statusCode).toBe(403);
  });

  it('content_encoding: answers gzipped though identity was asked', async () => {
    await faults({ content_encoding: 'gzip' });
    const response = await api.get('/v0/versions');
    expect(response.headers['content-encoding']).toBe('gzip');
    const decoded = JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as {
      results: unknown[];
    };
    expect(decoded.results.length).toBeGreaterThan(0);
  });

  it.each([
    ['null', 'null'],
    ['empty', '{}'],
  ] as const)(
    'absent_as %s: an unknown dataset, Spold UUID or batch is 200 %s',
    async (as, body) => {
      await faults({ absent_as: as });
      for (const response of [
        await api.get('/v0/datasets/99999999'),
        await api.get(
          '/v0/datasets/spold?activity_spold_uuid=00000000-0000-4000-8000-000000000000',
        ),
        await api.post('/v0/datasets/batch', { dataset_ids: [99999999] }),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(body);
      }
      // An unknown release is still the API's 404: only "no such dataset" is said another way.
      expect((await api.get('/v0/datasets/8279?version=9.99')).statusCode).toBe(404);
    },
  );
});
