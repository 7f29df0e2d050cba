import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../../emulator/testing/start';
import { proxyConfigFromEnv } from '../../config';
import { TEST_CLIENT } from '../../testing/emulator-proxy';
import { createDataApi } from '../data-api';
import { createUndiciClient } from '../http-client';
import { TokenCache } from '../token-cache';
import { createTokenClient } from '../token-client';
import { checkUpstream, formatReport, type CheckReport } from './check';

// `npm run check:upstream` against both emulator dialects and against a service whose field
// was renamed: the verdicts and the settings it detects.
type Emulator = Awaited<ReturnType<typeof startTestEmulator>>;
const emulators: Record<'documented' | 'variant', Emulator> = {} as Record<
  'documented' | 'variant',
  Emulator
>;
const clients: ReturnType<typeof createUndiciClient>[] = [];

beforeAll(async () => {
  for (const dialect of ['documented', 'variant'] as const)
    emulators[dialect] = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: dialect });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  for (const emulator of Object.values(emulators)) await emulator.close();
});

async function check(
  emulator: Emulator,
  env: Record<string, string> = {},
  options: { scored?: boolean; outDir?: string; announce?: (m: string) => void } = {},
): Promise<CheckReport> {
  const config = proxyConfigFromEnv({
    DATA_API_URL: emulator.origin,
    DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
    ...TEST_CLIENT,
    AUTH_MODE: 'none',
    ...env,
  });
  const client = createUndiciClient({ connections: 2 });
  clients.push(client);
  const issued: string[] = [];
  const fetchToken = createTokenClient(config.dataApi, 5_000, { fetch, warn: () => undefined });
  const tokens = new TokenCache({
    fetchToken: async () => {
      const grant = await fetchToken();
      issued.push(grant.accessToken);
      return grant;
    },
  });
  return checkUpstream({
    dataApi: createDataApi(config.dataApi, 10_000, { send: client.send, tokens }),
    service: emulator.origin,
    settings: config.dataApi,
    scored: options.scored ?? false,
    ...(options.announce ? { announce: options.announce } : {}),
    outDir: options.outDir,
    secrets: () => [config.dataApi.clientSecret, ...issued],
  });
}

const route = (report: CheckReport, name: string) => {
  const found = report.routes.find((r) => r.route === name);
  if (!found)
    throw new Error(`no check of ${name} in ${report.routes.map((r) => r.route).join(', ')}`);
  return found;
};

const faults = (emulator: Emulator, body: unknown) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the contract check', () => {
  it('finds the documented dialect fit as configured, reading every route', async () => {
    const report = await check(emulators.documented);
    expect(report.works).toBe(true);
    expect(report.settings).toEqual({});
    expect(report.routes.every((r) => r.verdict === 'ok')).toBe(true);
    expect(route(report, 'GET /versions').variant).toBe('{results: [...]}, one entry per version');
    expect(route(report, 'GET /indicators').variant).toBe('a flat list, in one answer');
    expect(route(report, 'GET /datasets/{id}').fields).toEqual({
      missing: [],
      extra: [],
      nulls: [],
    });
    expect(formatReport(report)).toContain(
      'Verdict: the explorer can work with this data service.',
    );
  });

  it('tells the variant’s paging and Spold route, and says the explorer cannot work until they are set', async () => {
    const report = await check(emulators.variant);
    expect(report.works).toBe(false);
    expect(report.settings).toEqual({
      DATA_API_SEARCH_PAGING: 'offset',
      DATA_API_SPOLD_ROUTE: '/datasets/by-spold',
    });
    expect(route(report, 'GET /versions').variant).toBe(
      'a bare list, one entry per version × system model',
    );
    expect(route(report, 'GET /versions').fields?.missing).toContain('results');
    expect(route(report, 'GET /indicators').variant).toMatch(
      /^nested method → category → indicator, paged by from\/limit \(\d+ pages\)$/,
    );
    const dataset = route(report, 'GET /datasets/{id}');
    expect(dataset.variant).toContain('activity_type as the enum');
    expect(dataset.fields?.missing).toContain('impact_scores');
    expect(dataset.fields?.extra).toContain('last_modified');
    expect(formatReport(report)).toContain('DATA_API_SEARCH_PAGING=offset');
  });

  it('finds the variant fit once its settings are applied', async () => {
    const report = await check(emulators.variant, {
      DATA_API_SEARCH_PAGING: 'offset',
      DATA_API_SPOLD_ROUTE: '/datasets/by-spold',
    });
    expect(report.works).toBe(true);
    expect(report.settings).toEqual({});
  });

  it('fails clearly on a renamed field, naming its path, and saves answers without secrets', async () => {
    const emulator = emulators.documented;
    await faults(emulator, { rename_field: { from: 'geography', to: 'location' } });
    try {
      const outDir = mkdtempSync(path.join(tmpdir(), 'check-upstream-'));
      const report = await check(emulator, {}, { outDir });
      expect(report.works).toBe(false);
      const search = route(report, 'GET /datasets (no query)');
      expect(search.verdict).toBe('fail');
      expect(search.variant).toContain('results[].products[].datasets[].geography');
      expect(search.fields?.missing).toContain('results[].products[].datasets[].geography');
      expect(search.fields?.extra).toContain('results[].products[].datasets[].location');
      expect(formatReport(report)).toMatch(/✘ GET \/datasets \(no query\)/);
      const saved = readdirSync(outDir).map((file) =>
        readFileSync(path.join(outDir, file), 'utf8'),
      );
      expect(saved.length).toBeGreaterThan(5);
      expect(saved.join('')).not.toContain(TEST_CLIENT.DATA_API_CLIENT_SECRET);
      expect(saved.join('')).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    } finally {
      await faults(emulator, { rename_field: null });
    }
  });

  it('makes exactly one scored call with --scored, after saying what it adds to the bill', async () => {
    const emulator = emulators.documented;
    await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
    const said: string[] = [];
    const report = await check(emulator, {}, { scored: true, announce: (m) => said.push(m) });
    expect(report.works).toBe(true);
    expect(said.join('')).toMatch(/adds at most 1 dataset \(ID \d+\), 1 indicator/);
    const ledger = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      datasets: number;
      indicators: number;
    };
    expect([ledger.datasets, ledger.indicators]).toEqual([1, 1]);
    expect(route(report, 'GET /datasets/{id}?indicator_ids (scored)').verdict).toBe('ok');
  });
});
