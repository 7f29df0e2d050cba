import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScorePriceSchema } from '../../../shared/api/price';
import { UsageSchema } from '../../../shared/api/schemas';
import { ProblemSchema } from '../../../shared/problem';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import type { Proxy } from '../../app';
import { proxyOnEmulator, TEST_CLIENT } from '../../testing/emulator-proxy';

// The price of scores, from the proxy's ledger alone: checked against what loading them then
// charges on the emulator's own meter, and against the data service's request count.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let budgeted: Proxy;
const users: Record<'maria' | 'devon', { authorization: string }> = {
  maria: { authorization: '' },
  devon: { authorization: '' },
};

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  proxy = await proxyOnEmulator(emulator);
  budgeted = await proxyOnEmulator(emulator, {
    SCORE_BUDGET_DATASETS: '3',
    SCORE_BUDGET_INDICATORS: '5',
  });
  for (const username of ['maria', 'devon'] as const) {
    const signedIn = await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username,
    });
    users[username] = { authorization: `Bearer ${signedIn.access_token}` };
  }
  // The licence's releases, which the route reads (cached) to refuse an unlisted one.
  for (const p of [proxy, budgeted])
    await p.app.inject({ url: '/api/versions', headers: users.maria });
});
afterAll(async () => {
  await proxy.app.close();
  await budgeted.app.close();
  await emulator.close();
});

const price = (body: unknown, headers: Record<string, string> = users.maria, on: Proxy = proxy) =>
  on.app.inject({
    method: 'POST',
    url: '/api/scores/price',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const requestsOf = (version: string, systemModel: string, datasets: number[], ind: number[]) => ({
  version,
  system_model: systemModel,
  dataset_ids: datasets,
  indicator_ids: ind,
});

const upstreamCalls = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;
const meter = async () =>
  (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as { dataset_ids: number[] };

const load = (datasets: number[], indicators: number[], systemModel = 'cutoff') =>
  proxy.app.inject({
    method: 'POST',
    url: `/api/datasets/batch?version=3.12&system_model=${systemModel}&limit=${datasets.length}`,
    headers: { ...users.maria, 'content-type': 'application/json' },
    payload: JSON.stringify({ dataset_ids: datasets, indicator_ids: indicators }),
  });

describe('POST /api/scores/price', () => {
  it('names what loading adds, asks the data service nothing, and charges nothing', async () => {
    const before = { calls: await upstreamCalls(), meter: (await meter()).dataset_ids };
    const response = await price({
      requests: [
        requestsOf('3.12', 'cutoff', [8279, 2989], [964]),
        requestsOf('3.11', 'cutoff', [2989], [964, 882]),
      ],
    });
    expect(response.statusCode).toBe(200);
    const answer = ScorePriceSchema.parse(response.json());
    expect(answer.adds).toEqual({ datasets: [8279, 2989], indicators: [964, 882], user: true });
    expect(answer.releases).toEqual([
      { version: '3.12', system_model: 'cutoff', datasets: 2, unseen: 2, elsewhere: 0 },
      { version: '3.11', system_model: 'cutoff', datasets: 1, unseen: 1, elsewhere: 0 },
    ]);
    expect(answer.summary).toBe(
      '2 new datasets (3.12 cutoff), 1 new dataset (3.11 cutoff), 2 new indicators and you as a user',
    );
    expect(answer.free).toBe(false);
    expect(answer.budget).toEqual({
      datasets: null,
      indicators: null,
      left: { datasets: null, indicators: null },
      allows: true,
    });
    expect(await upstreamCalls()).toBe(before.calls);
    expect((await meter()).dataset_ids).toEqual(before.meter);
  });

  it('agrees with what loading then charges: paid for once loaded, another release named apart', async () => {
    expect((await load([7773], [964])).statusCode).toBe(200);
    const usage = UsageSchema.parse(
      (await proxy.app.inject({ url: '/api/usage', headers: users.maria })).json(),
    );
    expect(usage.charged.datasets).toContain(7773);

    const again = ScorePriceSchema.parse(
      (await price({ requests: [requestsOf('3.12', 'cutoff', [7773], [964])] })).json(),
    );
    expect(again).toMatchObject({
      free: true,
      summary: 'nothing new',
      adds: { datasets: [], indicators: [], user: false },
      already: { datasets: [7773], indicators: [964], user: true },
    });
    // The same ID in another system model: charged under its ID, but not in that release.
    const apos = ScorePriceSchema.parse(
      (await price({ requests: [requestsOf('3.12', 'apos', [7773], [964])] })).json(),
    );
    expect(apos.free).toBe(false);
    expect(apos.elsewhere).toEqual([7773]);
    expect(apos.adds.datasets).toEqual([]);
    // Another user of the team: the datasets are paid for, the user is not.
    const devon = ScorePriceSchema.parse(
      (
        await price({ requests: [requestsOf('3.12', 'cutoff', [7773], [964])] }, users.devon)
      ).json(),
    );
    expect(devon.adds).toEqual({ datasets: [], indicators: [], user: true });
    expect(devon.summary).toBe('you as a user');
  });

  it('says whether the score budget allows it, before anything is loaded', async () => {
    const fits = ScorePriceSchema.parse(
      (
        await price(
          { requests: [requestsOf('3.12', 'cutoff', [8279], [964])] },
          users.maria,
          budgeted,
        )
      ).json(),
    );
    expect(fits.budget).toMatchObject({ datasets: 3, indicators: 5, allows: true });
    const over = ScorePriceSchema.parse(
      (
        await price(
          { requests: [requestsOf('3.12', 'cutoff', [8279, 2989, 7773, 3961], [964])] },
          users.maria,
          budgeted,
        )
      ).json(),
    );
    expect(over.adds.datasets).toHaveLength(4);
    expect(over.budget.allows).toBe(false);
  });

  it('refuses bad input with a 4xx that says why, a caller without a token, and an unlisted release', async () => {
    const before = await upstreamCalls();
    const problem = async (response: Awaited<ReturnType<typeof price>>, status: number) => {
      expect(response.statusCode).toBe(status);
      return ProblemSchema.parse(response.json());
    };
    expect((await price({ requests: [] })).statusCode).toBe(400);
    expect(
      (await problem(await price({ requests: [requestsOf('3.12', 'cutoff', [-1], [964])] }), 400))
        .detail,
    ).toMatch(/dataset_ids/);
    expect(
      (await price({ requests: [{ ...requestsOf('3.12', 'cutoff', [1], [964]), x: 1 }] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await price({ requests: [requestsOf('../etc', 'cutoff', [1], [964])] })).statusCode,
    ).toBe(400);
    expect(
      (
        await price({
          requests: [
            { version: '3.12', system_model: 'cutoff', dataset_ids: ['8279'], indicator_ids: [] },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await price({ requests: [requestsOf('3.12', 'cutoff', [8279], [964])] }, {})).statusCode,
    ).toBe(401);
    const unlisted = await problem(
      await price({ requests: [requestsOf('3.99', 'cutoff', [8279], [964])] }),
      404,
    );
    expect(unlisted.detail).toContain('3.99');
    expect(
      (await proxy.app.inject({ url: '/api/scores/price', headers: users.maria })).statusCode,
    ).toBe(405);
    expect(await upstreamCalls()).toBe(before);
  });
});
