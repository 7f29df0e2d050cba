import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IndicatorCounterpartsSchema } from '../../../shared/api/schemas';
import { ProblemSchema } from '../../../shared/problem';
import { indicatorLineage, indicatorsOf } from '../../../emulator/data/indicators';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import type { Proxy } from '../../app';
import { proxyOnEmulator, TEST_CLIENT } from '../../testing/emulator-proxy';

let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  proxy = await proxyOnEmulator(emulator);
  token = (
    await signInWithCode({
      emulatorOrigin: emulator.origin,
      redirectOrigin: 'http://spa.test',
      username: 'demo',
    })
  ).access_token;
});
afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
});

const ask = (
  query: string,
  headers: Record<string, string> = { authorization: `Bearer ${token}` },
) => proxy.app.inject({ url: `/api/indicators/counterparts?${query}`, headers });

const stats = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;

describe('GET /api/indicators/counterparts', () => {
  it.each([
    ['3.10', '3.12'],
    ['3.11', '3.12'],
    ['3.12', '3.10'],
    ['3.10', '3.11'],
  ])(
    'follows every indicator of %s that has one to its counterpart in %s, as the generator laid them out',
    async (from, to) => {
      const response = await ask(`version=${from}&system_model=cutoff&to=${to}`);
      expect(response.statusCode).toBe(200);
      const answer = IndicatorCounterpartsSchema.parse(response.json());
      const truth = indicatorLineage(from, to);
      expect(answer.indicators).toHaveLength(indicatorsOf(from).length);
      const followed = new Map(
        answer.indicators.map((entry) => [entry.id, entry.counterpart?.indicator.id ?? null]),
      );
      expect(followed).toEqual(truth);
      // Never a counterpart of another unit.
      const units = new Map(indicatorsOf(from).map((i) => [i.id, i.unit]));
      for (const entry of answer.indicators)
        if (entry.counterpart) expect(entry.counterpart.indicator.unit).toBe(units.get(entry.id));
    },
  );

  it("names IPCC 2021's renamed total with what differs, and offers candidates where none is certain", async () => {
    const answer = IndicatorCounterpartsSchema.parse(
      (await ask('version=3.10&system_model=cutoff&to=3.12')).json(),
    );
    const old = indicatorsOf('3.10');
    const find = (category: string, indicator = 'global warming potential (GWP100)') =>
      old.find(
        (i) => i.method === 'IPCC 2021' && i.category === category && i.indicator === indicator,
      )?.id;
    const total = answer.indicators.find((entry) => entry.id === find('climate change'));
    expect(total?.counterpart).toMatchObject({
      basis: 'renamed',
      differs: ['category'],
      indicator: { category: 'climate change: total (excl. biogenic CO2)' },
    });
    const landUse = answer.indicators.find(
      (entry) => entry.id === find('climate change: land use'),
    );
    expect(landUse?.counterpart).toBeNull();
    expect(landUse?.candidates[0]?.indicator.category).toBe(
      'climate change: direct land use change',
    );
  });

  it('is read once and kept: asking again costs the data service nothing', async () => {
    await ask('version=3.11&system_model=cutoff&to=3.10');
    const before = await stats();
    const again = await ask('version=3.11&system_model=cutoff&to=3.10');
    expect(again.statusCode).toBe(200);
    expect(await stats()).toBe(before);
  });

  it('refuses a release the licence does not list, a bad one, and a caller without a token', async () => {
    const before = await stats();
    const unlisted = await ask('version=3.12&system_model=cutoff&to=3.99');
    expect(unlisted.statusCode).toBe(404);
    expect(ProblemSchema.parse(unlisted.json()).detail).toContain('3.99');
    expect((await ask('version=3.12&to=../etc')).statusCode).toBe(400);
    expect((await ask('version=3.12&system_model=cutoff')).statusCode).toBe(400);
    expect((await ask('version=3.12&to=3.10', {})).statusCode).toBe(401);
    expect(await stats()).toBe(before);
  });
});
