import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import {
  DatasetReleasesSchema,
  DatasetSchema,
  IndicatorsSchema,
  ReleasesSchema,
  SearchResultsSchema,
  UsageSchema,
} from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { userIdFor } from '../auth/user-auth';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { openedProxies } from '../testing/opened-proxies';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let tokens: { alice: string; bob: string };
const opened = openedProxies();

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}

const as = (who: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[who]}` });
const stats = async () =>
  (await fetch(`${emulator.origin}/_emulator/stats`)).json() as Promise<{
    api_requests: number;
    token_requests: number;
  }>;
const faults = (body: Record<string, unknown>) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  emulator = await startTestEmulator({
    ...TEST_CLIENT,
  });
  const signIn = (username: string) =>
    signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
  tokens = {
    alice: (await signIn('demo')).access_token,
    bob: (await signIn('maria')).access_token,
  };
});
afterEach(async () => {
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('forwarding allow-listed routes', () => {
  it('resolves latest to the concrete release, so answers are cached per release', async () => {
    const p = await proxy();
    const implicit = IndicatorsSchema.parse(
      (await p.app.inject({ url: '/api/indicators', headers: as('alice') })).json(),
    );
    const explicit = IndicatorsSchema.parse(
      (
        await p.app.inject({
          url: '/api/indicators?version=3.12&system_model=cutoff',
          headers: as('alice'),
        })
      ).json(),
    );
    expect(implicit).toEqual(explicit);
    const older = IndicatorsSchema.parse(
      (await p.app.inject({ url: '/api/indicators?version=3.11', headers: as('alice') })).json(),
    );
    expect(older.indicators.length).not.toBe(explicit.indicators.length);
  });

  it('serves release data from its cache for every user, with an ETag the browser can revalidate', async () => {
    const p = await proxy();
    const url = '/api/datasets?query=steel&version=3.12&system_model=cutoff';
    const first = await p.app.inject({ url, headers: as('alice') });
    const before = await stats();
    const second = await p.app.inject({ url, headers: as('bob') });
    expect((await stats()).api_requests).toBe(before.api_requests);
    expect(second.body).toBe(first.body);
    expect(SearchResultsSchema.parse(second.json()).total).toBeGreaterThan(0);
    expect(second.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const revalidated = await p.app.inject({
      url,
      headers: { ...as('alice'), 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('sends a large answer gzipped to a client that accepts it, under its own validator', async () => {
    const p = await proxy();
    const url = '/api/datasets?query=electricity&version=3.12&system_model=cutoff&limit=100';
    const plain = await p.app.inject({ url, headers: as('alice') });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Authorization, Accept-Encoding');
    const zipped = await p.app.inject({
      url,
      headers: { ...as('bob'), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    // Each validator revalidates its own encoding only.
    const revalidate = (etag: unknown, encoding?: string) =>
      p.app.inject({
        url,
        headers: {
          ...as('alice'),
          'if-none-match': String(etag),
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      });
    expect((await revalidate(zipped.headers.etag, 'gzip')).statusCode).toBe(304);
    expect((await revalidate(plain.headers.etag)).statusCode).toBe(304);
    expect((await revalidate(plain.headers.etag, 'gzip')).statusCode).toBe(200);
    // A client that weighs gzip 0 gets the answer as it is.
    const refused = await p.app.inject({
      url,
      headers: { ...as('alice'), 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const p = await proxy();
    const small = await p.app.inject({
      url: '/api/versions',
      headers: { ...as('alice'), 'accept-encoding': 'gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(2048);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Authorization');
  });

  it('coalesces identical requests in flight into one upstream call', async () => {
    const p = await proxy();
    await faults({ latency_ms: 100 });
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    const before = await stats();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        p.app.inject({ url: '/api/datasets?query=cement&version=3.12', headers: as('alice') }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await stats()).api_requests - before.api_requests).toBe(1);
  });

  it('keeps answers with scores per user, charges them once, and shows the charges at /api/usage', async () => {
    // Bob (demo user maria) has the admin role, by a claim of his token.
    const p = await proxy({ AUTH_ADMIN_CLAIM: 'sub', AUTH_ADMIN_VALUE: 'maria' });
    const url = '/api/datasets/8279?version=3.12&indicator_ids=882&indicator_ids=964';
    const first = await p.app.inject({
      url,
      headers: { ...as('alice'), 'x-explorer-page': 'dataset' },
    });
    expect(DatasetSchema.parse(first.json()).impact_scores.map((s) => s.id)).toEqual([882, 964]);
    const before = await stats();
    await p.app.inject({ url, headers: as('alice') });
    expect((await stats()).api_requests).toBe(before.api_requests);
    // A page the explorer does not have is recorded as `other`.
    await p.app.inject({ url, headers: { ...as('bob'), 'x-explorer-page': '../../etc' } });
    expect((await stats()).api_requests).toBe(before.api_requests + 1);
    const usage = async (who: keyof typeof tokens) =>
      UsageSchema.parse((await p.app.inject({ url: '/api/usage', headers: as(who) })).json());
    const alice = await usage('alice');
    expect(alice).toMatchObject({
      period_start: `${alice.period}-01-01`,
      period_end: `${alice.period}-12-31`,
      datasets: 1,
      indicators: 2,
      users: 2,
      pending: { calls: 0, datasets: [], count: 0, indicators: [] },
      maybe: { datasets: [], count: 0 },
      charged: { datasets: [8279], indicators: [882, 964], user: true },
      viewer: { admin: false },
    });
    // Alice sees the team's totals and her own itemised charges, not Bob's.
    const release = { version: '3.12', system_model: 'cutoff' };
    expect(alice.charges).toEqual([
      {
        at: expect.any(String) as string,
        user: expect.stringMatching(/^[\w-]{10}$/) as string,
        mine: true,
        newUser: true,
        datasets: [8279],
        maybe: null,
        indicators: [882, 964],
        release,
        page: 'dataset',
        client: 'browser',
      },
    ]);
    // Bob, an admin, sees everyone's, newest first: his own added only him as a user.
    const bob = await usage('bob');
    expect(bob.viewer).toEqual({ admin: true });
    expect(
      bob.charges.map(({ mine, newUser, datasets, page }) => ({ mine, newUser, datasets, page })),
    ).toEqual([
      { mine: true, newUser: true, datasets: [], page: 'other' },
      { mine: false, newUser: true, datasets: [8279], page: 'dataset' },
    ]);
    // Every charge is counted, listed or not; the release that returned the scores is known.
    expect([alice.charges_total, bob.charges_total]).toEqual([1, 2]);
    expect(bob.charged.releases).toEqual([{ ...release, datasets: [8279] }]);
    const labels = bob.charges.map((charge) => charge.user);
    expect(labels[0]).not.toBe(labels[1]);
    expect(labels[1]).toBe(alice.charges[0]?.user);
    // The label cannot be computed from what every user knows: the issuer and a username.
    const billingId = userIdFor(`${emulator.origin}/realms/explorer`, 'demo');
    expect(billingId.startsWith(labels[1] ?? '')).toBe(false);
    const ledger = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      users: number;
      datasets: number;
    };
    expect(ledger).toMatchObject({ users: 2, datasets: 1 });
  });

  it('accepts comma-separated indicator_ids and sends them repeated', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      url: '/api/datasets/8279?version=3.12&indicator_ids=882,964',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    expect(DatasetSchema.parse(response.json()).impact_scores).toHaveLength(2);
  });

  it('asks the data service once for one set of indicators, whatever their order or repeats', async () => {
    const p = await proxy();
    // The release's indicators, which a scored call reads first (free), are read already.
    await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('alice') });
    const before = await stats();
    const ask = (indicators: string) =>
      p.app.inject({
        url: `/api/datasets/8279?version=3.12&indicator_ids=${indicators}`,
        headers: as('alice'),
      });
    const first = await ask('964,882');
    const second = await ask('882,964,882');
    const third = await ask('964&indicator_ids=882');
    expect([first, second, third].map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(second.body).toBe(first.body);
    expect(third.body).toBe(first.body);
    expect((await stats()).api_requests - before.api_requests).toBe(1);
    // A batch's indicators are one set too: the same page in another order is not asked again.
    const batch = (indicator_ids: number[]) =>
      p.app.inject({
        method: 'POST',
        url: '/api/datasets/batch?version=3.12',
        headers: { ...as('alice'), 'content-type': 'application/json' },
        payload: { dataset_ids: [8279, 2989], indicator_ids },
      });
    const pageBefore = await stats();
    const one = await batch([964, 882]);
    const other = await batch([882, 882, 964]);
    expect([one.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(other.body).toBe(one.body);
    expect((await stats()).api_requests - pageBefore.api_requests).toBe(1);
  });

  it('refuses before forwarding a request that would pass the score budget', async () => {
    const p = await proxy({ SCORE_BUDGET_DATASETS: '1' });
    expect(
      (
        await p.app.inject({
          url: '/api/datasets/8279?version=3.12&indicator_ids=882',
          headers: as('alice'),
        })
      ).statusCode,
    ).toBe(200);
    const before = await stats();
    const refused = await p.app.inject({
      url: '/api/datasets/2989?version=3.12&indicator_ids=882',
      headers: as('alice'),
    });
    expect(refused.statusCode).toBe(403);
    expect(ProblemSchema.parse(refused.json()).code).toBe('budget_exhausted');
    expect((await stats()).api_requests).toBe(before.api_requests);
    // Documentation stays free, and what was charged stays available.
    expect(
      (await p.app.inject({ url: '/api/datasets/2989?version=3.12', headers: as('alice') }))
        .statusCode,
    ).toBe(200);
    const batch = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12',
      headers: { ...as('alice'), 'content-type': 'application/json' },
      payload: { dataset_ids: [8279, 2989, 7773], indicator_ids: [882] },
    });
    expect(batch.statusCode).toBe(403);
  });

  it('pages a batch through the data service and charges only the page', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12&limit=2',
      headers: { ...as('alice'), 'content-type': 'application/json' },
      payload: { dataset_ids: [8279, 2989, 7773], indicator_ids: [882] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 3 });
    const usage = UsageSchema.parse(
      (await p.app.inject({ url: '/api/usage', headers: as('alice') })).json(),
    );
    expect(usage.charged.datasets).toEqual([2989, 8279]);
  });
});

describe('the releases that hold a Dataset ID', () => {
  const holding = async (p: Proxy, id: number) => {
    const response = await p.app.inject({
      url: `/api/datasets/${id}/releases`,
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    return DatasetReleasesSchema.parse(response.json()).releases;
  };

  it('lists exactly the licensed releases and system models whose data holds it, in one call', async () => {
    const p = await proxy();
    const listed = ReleasesSchema.parse(
      (await p.app.inject({ url: '/api/versions', headers: as('alice') })).json(),
    ).releases.flatMap((entry) =>
      entry.system_models.map((model) => ({ version: entry.version, system_model: model })),
    );
    // A dataset of 3.11 cutoff that 3.12 cutoff no longer has, by the emulator's own data.
    const older = emulator.state.store.view('3.11', 'cutoff');
    const newer = emulator.state.store.view('3.12', 'cutoff');
    const gone = [...(older?.byId.keys() ?? [])].find((id) => !newer?.byId.has(id));
    if (gone === undefined) throw new Error('the emulator removed nothing from 3.12 cutoff');
    const expected = listed.filter((entry) =>
      emulator.state.store.view(entry.version, entry.system_model)?.byId.has(gone),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await holding(p, gone)).toEqual(expected);
    // What it read is the dataset route's own cache: the releases that hold it cost nothing again.
    const before = await stats();
    const answer = await p.app.inject({
      url: `/api/datasets/${gone}?version=3.11&system_model=cutoff`,
      headers: as('bob'),
    });
    expect(answer.statusCode).toBe(200);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('answers an ID no release holds with none, and refuses a malformed one unasked', async () => {
    const p = await proxy();
    expect(await holding(p, 1_999_999_999)).toEqual([]);
    const before = await stats();
    const bad = await p.app.inject({ url: '/api/datasets/abc/releases', headers: as('alice') });
    expect(bad.statusCode).toBe(400);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });
});

describe('the Spold lookup', () => {
  it('looks up a well-formed UUID of any variant, and finds nothing where nothing has it', async () => {
    const p = await proxy();
    // Hex in the 8-4-4-4-12 form, but neither an RFC 9562 version nor variant digit.
    const response = await p.app.inject({
      url: '/api/datasets/spold?version=3.12&system_model=cutoff&activity_spold_uuid=12345678-1234-0234-1234-123456789abc',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0, datasets: [] });
  });
});

describe('bad input never reaches the data service', () => {
  it.each([
    ['an unknown parameter', '/api/datasets?query=x&colour=blue', 'query.colour'],
    ['a limit over 100', '/api/datasets?query=x&limit=101', 'query.limit'],
    ['a repeated limit', '/api/datasets?query=x&limit=5&limit=6', 'query.limit'],
    ['an unknown activity type', '/api/datasets?activity_type=MARKET', 'query.activity_type'],
    ['a non-integer dataset ID', '/api/datasets/abc', 'path.id'],
    ['an encoded slash in the ID', '/api/datasets/abc%2F..%2Fsecret', 'path.id'],
    [
      '101 indicators',
      `/api/datasets/1?indicator_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'query.indicator_ids',
    ],
    [
      'a malformed UUID',
      '/api/datasets/spold?activity_spold_uuid=nope',
      'query.activity_spold_uuid',
    ],
    ['a lookup without a UUID', '/api/datasets/spold', 'query.activity_spold_uuid'],
    ['a version with a slash', '/api/indicators?version=..%2Fadmin', 'query.version'],
  ])('refuses %s with 400 naming the field', async (_name, url, field) => {
    const p = await proxy();
    const before = await stats();
    const response = await p.app.inject({ url, headers: as('alice') });
    expect(response.statusCode).toBe(400);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors?.map((e) => e.field)).toContain(field);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('refuses a batch of 10 001 IDs and a body that is not an object', async () => {
    const p = await proxy();
    const post = (payload: unknown) =>
      p.app.inject({
        method: 'POST',
        url: '/api/datasets/batch',
        headers: { ...as('alice'), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expect(
      (await post({ dataset_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })).statusCode,
    ).toBe(400);
    expect((await post([1, 2])).statusCode).toBe(400);
    expect((await post({ dataset_ids: [1], extra: true })).statusCode).toBe(400);
  });

  it.each([
    ['a boolean', [true]],
    ['a nested array', [[8279]]],
    ['a hexadecimal string', ['0x205F']],
    ['a decimal string', ['8279']],
    ['a fraction', [8279.5]],
  ])('refuses %s as a dataset ID in a batch body', async (_name, ids) => {
    const p = await proxy();
    const before = await stats();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12',
      headers: { ...as('alice'), 'content-type': 'application/json' },
      payload: JSON.stringify({ dataset_ids: ids }),
    });
    expect(response.statusCode).toBe(400);
    expect(ProblemSchema.parse(response.json()).errors?.map((e) => e.field)).toContain(
      'body.dataset_ids.0',
    );
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('refuses a 10 kB query string', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      url: `/api/datasets?query=${'x'.repeat(10_000)}`,
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a method the route lacks with 405 and Allow', async () => {
    const p = await proxy();
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await p.app.inject({ method, url: '/api/datasets/1', headers: as('alice') });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET');
    }
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/datasets/batch', headers: as('alice') }))
        .statusCode,
    ).toBe(405);
  });
});

describe('the data service’s faults become clear errors', () => {
  it('passes 404 and 403 on with its own words', async () => {
    const p = await proxy();
    const missing = await p.app.inject({
      url: '/api/datasets/99999999?version=3.12',
      headers: as('alice'),
    });
    expect(missing.statusCode).toBe(404);
    expect(ProblemSchema.parse(missing.json()).code).toBe('not_found');
    const unlicensed = await p.app.inject({
      url: '/api/indicators?version=3.10&system_model=EN15804',
      headers: as('alice'),
    });
    expect(unlicensed.statusCode).toBe(403);
    expect(ProblemSchema.parse(unlicensed.json()).code).toBe('not_licensed');
  });

  it('turns a 5xx into 502 and a 429 it cannot wait out into 503 upstream_busy with Retry-After, echoing nothing of the upstream', async () => {
    const p = await proxy();
    await faults({ error_rate: 1 });
    const failed = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(failed.statusCode).toBe(502);
    expect(ProblemSchema.parse(failed.json()).code).toBe('upstream_error');
    expect(failed.body).not.toContain('Internal Server Error');
    // 9 s is more than a page waits (UPSTREAM_RETRY_MS): the explorer is told to come back.
    await faults({ error_rate: 0, rate_limit_rate: 1, retry_after_seconds: 9 });
    const limited = await p.app.inject({
      url: '/api/indicators?version=3.11',
      headers: as('alice'),
    });
    expect(limited.statusCode).toBe(503);
    expect(ProblemSchema.parse(limited.json()).code).toBe('upstream_busy');
    expect(limited.headers['retry-after']).toBe('9');
  });

  it('retries once, with a new token, when the data service rejects the current one', async () => {
    const p = await proxy();
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults({ reject_current_token_once: true });
    const before = await stats();
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    expect((await stats()).token_requests - before.token_requests).toBe(1);
  });

  it.each([
    ['its answer starts too late', '200', { latency_ms: 1000 }],
    // Ten chunks 400 ms apart: each arrives well within the timeout, the whole answer does not.
    ['its answer trickles in past the deadline, however steadily', '1000', { slow_body_ms: 4000 }],
  ])('answers 504 when the data service is too slow: %s', async (_name, timeout, fault) => {
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: timeout });
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults(fault);
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(504);
    expect(ProblemSchema.parse(response.json()).code).toBe('gateway_timeout');
  });

  it('aborts an answer larger than its cap with 502', async () => {
    const p = await proxy({ UPSTREAM_MAX_RESPONSE_MB: '1' });
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults({ oversize_bytes: 3 * 1024 * 1024 });
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(502);
    expect(ProblemSchema.parse(response.json()).code).toBe('upstream_response_too_large');
  });

  it('reports not ready while the data service fails, with one probe for many asking', async () => {
    const p = await proxy();
    await faults({ error_rate: 1 });
    const before = await stats();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.app.inject({ url: '/readyz' })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(ProblemSchema.parse(answer.json()).code).toBe('upstream_error');
    }
    expect((await stats()).api_requests - before.api_requests).toBe(1);
  });

  it('reports readiness by whether a service token can be had', async () => {
    const ready = await proxy();
    expect((await ready.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const wrong = await proxy({ DATA_API_CLIENT_SECRET: 'wrong-secret' });
    const response = await wrong.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(ProblemSchema.parse(response.json()).code).toBe('upstream_auth_config');
    expect(response.body).not.toContain('wrong-secret');
  });
});
