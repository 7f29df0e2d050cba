import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import {
  DatasetSchema,
  IndicatorsSchema,
  SearchResultsSchema,
  UsageSchema,
} from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { userIdFor } from '../auth/user-auth';
import { useEmulatorHarness } from '../testing/emulator-harness';

// The API's routes through the proxy against the emulator: forwarding what the route table allows,
// cached, coalesced and charged as it says (lookups: api-lookups.test.ts; bad input and the data
// service's faults: api-refusals.test.ts).
const { emulator, proxy, as, stats, faults } = useEmulatorHarness({
  start: startTestEmulator,
  signIn: signInWithCode,
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
    const usage = async (who: Parameters<typeof as>[0]) =>
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
    const billingId = userIdFor(`${emulator().origin}/realms/explorer`, 'demo');
    expect(billingId.startsWith(labels[1] ?? '')).toBe(false);
    const ledger = (await (await fetch(`${emulator().origin}/_emulator/ledger`)).json()) as {
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
