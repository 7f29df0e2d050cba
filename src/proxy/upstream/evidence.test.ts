import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DatasetPageSchema,
  DatasetSchema,
  IndicatorsSchema,
  ReleasesSchema,
  SearchResultsSchema,
  SectorsSchema,
  UsageSchema,
} from '../../shared/api/schemas';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { startRedisServer } from '../testing/redis-server';

// Issue 32: what the data service (or what stands in front of it) says is evidence, not a
// verdict. Each deviation of the emulator met through the proxy as the explorer meets it: it
// works unchanged, or the answer says clearly what it is; never a 200 with data other than the
// emulator's own. The same deviations through `npm run check:upstream`: check/evidence.test.ts.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let token: string;
const opened: Proxy[] = [];
const RELEASE = 'version=3.12&system_model=cutoff';

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, { UPSTREAM_RETRY_MS: '5000', ...env });
  opened.push(built);
  return built;
}
const get = (p: Proxy, url: string) =>
  p.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const faults = (body: Record<string, unknown>) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const problem = (response: { json: () => unknown }) => ProblemSchema.parse(response.json());

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: 'documented' });
  token = (
    await signInWithCode({ emulatorOrigin: emulator.origin, redirectOrigin: 'http://spa.test' })
  ).access_token;
});
afterEach(async () => {
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  for (const built of opened) await built.app.close();
  await emulator.close();
});

describe('6. encodings are decoded whatever was asked', () => {
  it.each(['gzip', 'deflate', 'br'])(
    'answers sent %s unasked: read as the emulator wrote them',
    async (encoding) => {
      const plain = await proxy();
      const dataset = DatasetSchema.parse(
        (await get(plain, `/api/datasets/8279?${RELEASE}`)).json(),
      );
      const search = SearchResultsSchema.parse(
        (await get(plain, `/api/datasets?${RELEASE}&limit=20`)).json(),
      );
      await faults({ content_encoding: encoding });
      const p = await proxy();
      expect((await get(p, `/api/datasets/8279?${RELEASE}`)).json()).toEqual(dataset);
      expect((await get(p, `/api/datasets?${RELEASE}&limit=20`)).json()).toEqual(search);
      expect(
        IndicatorsSchema.parse((await get(p, `/api/indicators?${RELEASE}`)).json()).indicators
          .length,
      ).toBeGreaterThan(100);
    },
  );

  it('a body that cannot be decoded: a 502 naming its content type and encoding', async () => {
    await faults({ content_encoding: 'compress' });
    const response = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(response.statusCode).toBe(502);
    expect(problem(response).code).toBe('upstream_bad_response');
    expect(problem(response).detail).toContain(
      'Content-Type: application/json, Content-Encoding: compress',
    );
  });
});

describe('5. a refusal not in the API’s own shape gets a fresh token before anything is said', () => {
  const tokenRequests = async () =>
    (
      (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
        token_requests: number;
      }
    ).token_requests;

  it('a gateway that refuses a token before its expires_in: a fresh token, and the answer', async () => {
    const p = await proxy();
    expect((await get(p, `/api/datasets/8279?${RELEASE}`)).statusCode).toBe(200);
    await faults({ gateway_refusal: 'token' });
    const before = await tokenRequests();
    const response = await get(p, '/api/datasets/8279?version=3.12&system_model=apos');
    expect(response.statusCode, response.body).toBe(200);
    expect(DatasetSchema.parse(response.json()).id).toBe(8279);
    expect((await tokenRequests()) - before).toBe(1);
  });

  it('a gateway that refuses even a fresh token: said to be the gateway, never the licence', async () => {
    await faults({ gateway_refusal: 'always' });
    const response = await get(await proxy(), `/api/datasets/8279?${RELEASE}`);
    expect(response.statusCode).toBe(502);
    expect(problem(response).code).toBe('upstream_refused');
    expect(problem(response).detail).toContain(
      'not the API’s own answer, again with a fresh token',
    );
    expect(problem(response).detail).toContain('says nothing about your organisation’s licence');
  });

  it('the API’s own refusal of the licence: said as the licence, without a new token', async () => {
    const limited = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_LICENCE: '*/cutoff' });
    try {
      const p = await proxyOnEmulator(limited);
      opened.push(p);
      const own = (
        await signInWithCode({ emulatorOrigin: limited.origin, redirectOrigin: 'http://spa.test' })
      ).access_token;
      const get = (proxied: Proxy, url: string) =>
        proxied.app.inject({ url, headers: { authorization: `Bearer ${own}` } });
      const stats = async () =>
        (
          (await (await fetch(`${limited.origin}/_emulator/stats`)).json()) as {
            token_requests: number;
          }
        ).token_requests;
      expect((await get(p, `/api/datasets/8279?${RELEASE}`)).statusCode).toBe(200);
      const before = await stats();
      const response = await get(p, '/api/datasets/8279?version=3.12&system_model=apos');
      expect(response.statusCode).toBe(403);
      expect(problem(response).code).toBe('not_licensed');
      expect(problem(response).detail).toMatch(
        /^The data service says your organisation’s licence/,
      );
      expect((await stats()) - before).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('4. a timeout is not an absence', () => {
  const apiRequests = async () =>
    ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
      .api_requests;

  it('every other call slower than the proxy waits: each free read asked once more within its deadline, every answer a 200', async () => {
    await faults({ slow_calls: { rate: 0.5, ms: 3000 } });
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: '1000' });
    for (const version of ['3.12', '3.11'])
      for (const model of ['cutoff', 'apos', 'consequential']) {
        const response = await get(
          p,
          `/api/datasets/8279?version=${version}&system_model=${model}`,
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(DatasetSchema.parse(response.json()).id).toBe(8279);
      }
    expect((await get(p, `/api/indicators?${RELEASE}`)).statusCode).toBe(200);
  });

  it('a scored call is sent once: a slow first byte is a 504, never a second charge', async () => {
    await faults({ slow_calls: { rate: 1, ms: 3000, match: 'indicator_ids' } });
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: '1000' });
    // The release's indicators, which a scored call reads first (free), are read already.
    expect((await get(p, `/api/indicators?${RELEASE}`)).statusCode).toBe(200);
    const before = await apiRequests();
    const response = await get(p, `/api/datasets/8279?${RELEASE}&indicator_ids=882`);
    expect(response.statusCode).toBe(504);
    expect(problem(response).code).toBe('gateway_timeout');
    expect((await apiRequests()) - before).toBe(1);
  });
});

describe('7. absence said another way is read so only where the check confirmed it', () => {
  const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

  it.each(['null', 'empty'] as const)(
    '“no such dataset” as 200 %s, the convention set: not in this release, on every route',
    async (as) => {
      await faults({ absent_as: as });
      const p = await proxy({ DATA_API_ABSENT_AS: as });
      const one = await get(p, `/api/datasets/99999999?${RELEASE}`);
      expect(one.statusCode, one.body).toBe(404);
      expect(problem(one).code).toBe('not_found');
      const spold = await get(
        p,
        `/api/datasets/spold?${RELEASE}&activity_spold_uuid=${UNKNOWN_UUID}`,
      );
      expect(spold.json()).toEqual({ total: 0, datasets: [] });
      const batch = await p.app.inject({
        method: 'POST',
        url: `/api/datasets/batch?${RELEASE}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { dataset_ids: [99999999] },
      });
      expect(batch.statusCode).toBe(404);
      // A dataset that is there is still read as it is.
      expect(DatasetSchema.parse((await get(p, `/api/datasets/8279?${RELEASE}`)).json()).id).toBe(
        8279,
      );
    },
  );

  it('the same words without the convention confirmed: a 502 naming them and the setting', async () => {
    await faults({ absent_as: 'null' });
    const response = await get(
      await proxy({ DATA_API_ABSENT_AS: '404' }),
      `/api/datasets/99999999?${RELEASE}`,
    );
    expect(response.statusCode).toBe(502);
    expect(problem(response).detail).toContain('answered GET /datasets/{id} with 200 and null');
    expect(problem(response).detail).toContain('DATA_API_ABSENT_AS=null');
  });
});

describe('8. “not in this release” is cached like an answer, fleet-wide and bounded', () => {
  const apiRequests = async () =>
    ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
      .api_requests;
  const MISSING = `/api/datasets/9000001?${RELEASE}`;

  it('a dataset the release lacks is asked of the service once; its scores are then not asked at all', async () => {
    await faults({ not_found_ms: 100 });
    const p = await proxy();
    const first = await get(p, MISSING);
    expect(first.statusCode).toBe(404);
    const after = await apiRequests();
    for (let i = 0; i < 3; i++) {
      const again = await get(p, MISSING);
      expect(again.statusCode).toBe(404);
      expect(problem(again)).toMatchObject({ code: 'not_found', detail: problem(first).detail });
    }
    const scored = await get(p, `${MISSING}&indicator_ids=882`);
    expect(scored.statusCode).toBe(404);
    expect((await apiRequests()) - after).toBe(0);
  });

  it('shared by every instance on one Redis', async () => {
    const redis = await startRedisServer();
    try {
      const [a, b] = [await proxy({ REDIS_URL: redis.url }), await proxy({ REDIS_URL: redis.url })];
      expect((await get(a, MISSING)).statusCode).toBe(404);
      const after = await apiRequests();
      expect((await get(b, MISSING)).statusCode).toBe(404);
      expect((await apiRequests()) - after).toBe(0);
    } finally {
      for (const built of opened.splice(0)) await built.app.close();
      await redis.stop();
    }
  });

  it('not for a release the licence does not list: that 404 is asked again', async () => {
    const p = await proxy();
    const unlisted = '/api/datasets/8279?version=9.99&system_model=cutoff';
    expect((await get(p, unlisted)).statusCode).toBe(404);
    const after = await apiRequests();
    expect((await get(p, unlisted)).statusCode).toBe(404);
    expect((await apiRequests()) - after).toBe(1);
  });
});

describe('1. a count is a claim: lists are read to their end, a total that falls short is “at least”', () => {
  /** The release's activities as the service counts them with no cap. */
  const activities = async () =>
    SearchResultsSchema.parse((await get(await proxy(), `/api/datasets?${RELEASE}&limit=1`)).json())
      .total;
  const sectorsReady = async (p: Proxy) => {
    for (;;) {
      const answer = SectorsSchema.parse((await get(p, `/api/sectors?${RELEASE}`)).json());
      if (answer.status === 'ready') return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('the sector index lists every dataset of a release whose search total stops counting', async () => {
    const whole = await sectorsReady(await proxy());
    await faults({ total_cap: Math.floor((await activities()) / 2) });
    const capped = await sectorsReady(await proxy());
    expect(capped.datasets).toBe(whole.datasets);
    expect(capped.sectors).toEqual(whole.sectors);
  });

  it('a page that shows a total the service counted no further says “at least”; pages past it are there', async () => {
    const all = await activities();
    const cap = Math.floor(all / 2);
    await faults({ total_cap: cap });
    const p = await proxy();
    const first = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20`)).json(),
    );
    expect([first.total, first.total_at_least]).toEqual([cap, true]);
    const past = await get(p, `/api/datasets?${RELEASE}&limit=20&from=${cap + 20}`);
    expect(past.statusCode, past.body).toBe(200);
    const page = SearchResultsSchema.parse(past.json());
    expect(page.results).toHaveLength(20);
    expect(page.total_at_least).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(cap + 40);
    // The last page reads the end of the listing: its total is a count again.
    const last = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20&from=${all - 5}`)).json(),
    );
    expect([last.total, last.total_at_least, last.results.length]).toEqual([all, undefined, 5]);
  });

  it('the proxy’s log names the list whose total fell short, and both numbers', async () => {
    await faults({ total_cap: 50 });
    const lines: string[] = [];
    const p = await proxyOnEmulator(
      emulator,
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    opened.push(p);
    expect((await get(p, `/api/datasets?${RELEASE}&limit=20`)).statusCode).toBe(200);
    const warned = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warned).toContainEqual(
      expect.objectContaining({ route: 'GET /datasets', claimed: 50, listed: 51 }),
    );
  });

  it('a total the service counts in full is vouched for once, and says no more than it is', async () => {
    const p = await proxy();
    const first = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20`)).json(),
    );
    expect(first.total_at_least).toBeUndefined();
  });

  it('indicators whose total stops counting: every one of them, read to the end', async () => {
    const whole = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    await faults({ total_cap: 300, indicator_paging: true });
    const capped = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    expect(capped.indicators).toEqual(whole.indicators);
  });
});

describe('2. listed values are tried before they are trusted', () => {
  const releases = async (p: Proxy) => ReleasesSchema.parse((await get(p, '/api/versions')).json());

  it('system models listed by their long names: read as the codes the data routes take', async () => {
    await faults({ versions_vocabulary: 'names' });
    const p = await proxy();
    const listed = await releases(p);
    expect(listed.releases.find((r) => r.version === '3.12')?.system_models.sort()).toEqual(
      ['EN15804', 'apos', 'consequential', 'cutoff'].sort(),
    );
    // The pages the explorer opens with them work: the sector index is for a listed release.
    const sectors = await get(p, `/api/sectors?${RELEASE}`);
    expect(sectors.statusCode, sectors.body).toBeLessThan(300);
  });

  it('names no known name makes work: never offered, and named', async () => {
    await faults({ versions_vocabulary: 'other' });
    const listed = await releases(await proxy());
    const latest = listed.releases.find((r) => r.version === '3.12');
    expect(latest?.system_models).toEqual([]);
    expect(latest?.refused).toContain('Cut-off (by classification)');
    expect(listed.latest).toBeNull();
  });

  it('a probe that times out concludes nothing: that combination stays as listed', async () => {
    await faults({
      versions_vocabulary: 'other',
      slow_calls: { rate: 1, ms: 3000, match: 'APOS' },
    });
    const listed = await releases(await proxy({ UPSTREAM_TIMEOUT_MS: '1000' }));
    const latest = listed.releases.find((r) => r.version === '3.12');
    expect(latest?.system_models).toEqual(['APOS']);
    expect(latest?.refused).not.toContain('APOS');
  });
});

describe('3. a score the service does not give is “no score”', () => {
  const SCORED = `/api/datasets/8279?${RELEASE}&indicator_ids=882&indicator_ids=990`;
  const scoresOf = (body: unknown) =>
    Object.fromEntries(DatasetSchema.parse(body).impact_scores.map((row) => [row.id, row.score]));

  it.each(['null', 'nan', 'marker', 'absent'] as const)(
    'sent as %s: that indicator has no score, the other its own, billed as the service bills it',
    async (as) => {
      const plain = scoresOf((await get(await proxy(), SCORED)).json());
      await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
      await faults({ missing_score: { indicator: 882, as } });
      const p = await proxy();
      const response = await get(p, SCORED);
      expect(response.statusCode, response.body).toBe(200);
      expect(scoresOf(response.json())).toEqual({ 882: null, 990: plain[990] });
      const row = DatasetSchema.parse(response.json()).impact_scores.find((r) => r.id === 882);
      expect(row).toMatchObject({ method: 'CML v4.8 2016', unit: 'kg CO2-Eq' });
      // The proxy's usage counts what the service's ledger counts.
      const ledger = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
        indicator_ids: number[];
      };
      const usage = UsageSchema.parse((await get(p, '/api/usage')).json());
      expect([...usage.charged.indicators].sort()).toEqual(ledger.indicator_ids);
    },
  );

  it('in a batch too: no score for that indicator in every dataset, the others untouched', async () => {
    await faults({ missing_score: { indicator: 882, as: 'null' } });
    const p = await proxy();
    const ids = SearchResultsSchema.parse((await get(p, `/api/datasets?${RELEASE}&limit=5`)).json())
      .results.flatMap((hit) =>
        hit.products.flatMap((product) => product.datasets.map((d) => d.id)),
      )
      .slice(0, 5);
    const response = await p.app.inject({
      method: 'POST',
      url: `/api/datasets/batch?${RELEASE}&limit=5`,
      headers: { authorization: `Bearer ${token}` },
      payload: { dataset_ids: ids, indicator_ids: [882, 990] },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const dataset of DatasetPageSchema.parse(response.json()).datasets) {
      const scores = Object.fromEntries(dataset.impact_scores.map((row) => [row.id, row.score]));
      expect(scores[882]).toBeNull();
      expect(typeof scores[990]).toBe('number');
    }
  });
});

describe('no knob of issue 32 gives a 200 with data other than the emulator’s own', () => {
  const ROUTES = [
    `/api/versions`,
    `/api/datasets/8279?${RELEASE}`,
    `/api/datasets/8279?${RELEASE}&indicator_ids=990&indicator_ids=964`,
    `/api/datasets?${RELEASE}&limit=20`,
    `/api/datasets?${RELEASE}&limit=20&query=electricity`,
    `/api/indicators?${RELEASE}`,
  ];
  /** An answer as the emulator's data, without what a page says of it (a total's bound). */
  const data = (body: unknown) => {
    const { total_at_least: atLeast, ...rest } = body as { total_at_least?: boolean };
    return atLeast ? { ...rest, total: 'at least' } : rest;
  };

  it.each([
    { total_cap: 5 },
    { versions_vocabulary: 'names' },
    { missing_score: { indicator: 882, as: 'nan' } },
    { slow_calls: { rate: 0.5, ms: 3000 } },
    { gateway_refusal: 'token' },
    { content_encoding: 'br' },
    { absent_as: 'empty' },
    { not_found_ms: 50 },
  ])('%j', async (knob) => {
    const plain = await proxy({ UPSTREAM_TIMEOUT_MS: '1000' });
    const expected = [];
    for (const url of ROUTES) expected.push((await get(plain, url)).json());
    await faults(knob);
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: '1000' });
    for (const [i, url] of ROUTES.entries()) {
      // Each of these the explorer absorbs: every page works, with the emulator's data; but a
      // scored call is sent once, so a slow one is a clear 504, never asked (and charged) twice.
      const response = await get(p, url);
      const sentOnce = 'slow_calls' in knob && url.includes('indicator_ids');
      if (sentOnce && response.statusCode === 504) continue;
      expect(response.statusCode, `${JSON.stringify(knob)} ${url}: ${response.body}`).toBe(200);
      const answer = data(response.json()) as { total?: unknown };
      const truth = data(expected[i]) as { total?: number };
      // A total the service stopped counting is said as such, never as a count.
      if (answer.total === 'at least') expect({ ...answer, total: truth.total }).toEqual(truth);
      else expect(answer, `${JSON.stringify(knob)} ${url}`).toEqual(truth);
    }
  });
});
