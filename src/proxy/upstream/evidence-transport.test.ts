import { describe, expect, it } from 'vitest';
import { DatasetSchema, IndicatorsSchema, SearchResultsSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { startRedisServer } from '../testing/redis-server';
import { problemOf, useEvidenceHarness } from '../testing/evidence-harness';

// Issue 32: what the data service, or what stands in front of it, does is evidence, not a
// verdict; here, its weather and its gateways (a slow call, a refusal, an encoding, a 404 asked
// again and again), and every knob swept. What its answers say: evidence.test.ts; the same
// deviations through `npm run check:upstream`: check/evidence.test.ts.
const h = useEvidenceHarness({ start: startTestEmulator, signIn: signInWithCode });
const { proxy, get, faults, apiRequests } = h;
const problem = problemOf;
const RELEASE = 'version=3.12&system_model=cutoff';

describe('4. a timeout is not an absence', () => {
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

describe('5. a refusal not in the API’s own shape gets a fresh token before anything is said', () => {
  const tokenRequests = async () =>
    (
      (await (await fetch(`${h.emulator().origin}/_emulator/stats`)).json()) as {
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
      h.opened.keep(p);
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

describe('8. “not in this release” is cached like an answer, fleet-wide and bounded', () => {
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
      // Each answer names its own request, though the kept 404 is made once.
      expect(problem(again).requestId).toBe(again.headers['x-request-id']);
      expect(again.headers['content-type']).toContain('application/problem+json');
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
      await h.opened.closeAll();
      await redis.stop();
    }
  });

  it('not for a release the licence does not list: no answer kept, refused by the list instead', async () => {
    const p = await proxy();
    const unlisted = '/api/datasets/8279?version=9.99&system_model=cutoff';
    // The first asks the service, which says 404; the list, read to tell why, says it is none.
    expect((await get(p, unlisted)).statusCode).toBe(404);
    const after = await apiRequests();
    const again = await get(p, unlisted);
    expect(again.statusCode).toBe(404);
    expect(problem(again)).toMatchObject({
      code: 'not_found',
      detail: 'The licence lists no release 9.99 with system model cutoff.',
    });
    expect((await apiRequests()) - after).toBe(0);
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
  /**
   * An answer as the emulator's data, without what a page says of it (a total's bound) or where
   * this proxy got it (each proxy's provenance names its own retrieval).
   */
  const data = (body: unknown) => {
    const { total_at_least: atLeast, ...rest } = body as { total_at_least?: boolean };
    const plain = JSON.parse(JSON.stringify(rest), (key, value: unknown) =>
      key === 'provenance' ? undefined : value,
    ) as Record<string, unknown>;
    return atLeast ? { ...plain, total: 'at least' } : plain;
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
    // Slow calls (3 s) against a timeout they outlast; every other knob with room for a busy
    // machine, as the answers, not the time, are what is compared.
    const timeout = 'slow_calls' in knob ? '2000' : '10000';
    const plain = await proxy({ UPSTREAM_TIMEOUT_MS: timeout });
    const expected = [];
    for (const url of ROUTES) expected.push((await get(plain, url)).json());
    await faults(knob);
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: timeout });
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
