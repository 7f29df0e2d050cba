import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../../emulator/testing/start';
import { checkRunner, failuresOf, routeOf, setFaults } from '../../testing/check-run';
import { TEST_CLIENT } from '../../testing/emulator-proxy';
import { exitCodeOf, formatReport } from './check';

// `npm run check:upstream` against both emulator dialects and against each deviation of the
// real service the emulator can play: the verdicts, the settings it finds, and the fix it names.
type Emulator = Awaited<ReturnType<typeof startTestEmulator>>;
const emulators = {} as Record<'documented' | 'variant', Emulator>;
const runner = checkRunner();
const check = runner.check;

beforeAll(async () => {
  for (const dialect of ['documented', 'variant'] as const)
    emulators[dialect] = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: dialect });
});
afterEach(async () => {
  for (const emulator of Object.values(emulators))
    await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await runner.close();
  for (const emulator of Object.values(emulators)) await emulator.close();
});

const route = routeOf;
const failures = failuresOf;
const faults = setFaults;

describe('the contract check, against the dialects', () => {
  it('finds the documented dialect fit, scores included, after saying what the one billed call adds', async () => {
    const said: string[] = [];
    const report = await check(
      emulators.documented,
      {},
      { scored: true, announce: (m) => said.push(m) },
    );
    expect(failures(report)).toEqual([]);
    expect(report.settings).toEqual({});
    expect(report.scores).toBe('checked');
    expect(exitCodeOf(report)).toBe(0);
    expect(route(report, 'GET /versions').variant).toBe('{results: [...]}, one entry per version');
    expect(route(report, 'GET /indicators').variant).toBe('a flat list, in one answer');
    expect(route(report, 'GET /datasets/{id}').fields).toEqual({
      missing: [],
      extra: [],
      nulls: [],
    });
    // The headline indicators the emulator's 3.12 has (six of the seven), each named by ID.
    expect(said.join('')).toMatch(
      /adds at most 1 dataset \(ID \d+\), 6 indicators \(ID (\d+, ){5}\d+\)/,
    );
    expect(route(report, 'GET /datasets/{id}?indicator_ids').notes).toContain(
      '6 of 6 indicators scored',
    );
    const ledger = (await (
      await fetch(`${emulators.documented.origin}/_emulator/ledger`)
    ).json()) as {
      datasets: number;
      indicators: number;
    };
    expect([ledger.datasets, ledger.indicators]).toEqual([1, 6]);
    expect(formatReport(report)).toContain('scores included. (exit 0)');
  });

  it('says “scores not checked” with an exit code of its own without the billed call, and makes none', async () => {
    const report = await check(emulators.documented);
    expect(report.works).toBe(true);
    expect(report.scores).toBe('not checked');
    expect(exitCodeOf(report)).toBe(3);
    expect(formatReport(report)).toContain('scores not checked');
    const ledger = (await (
      await fetch(`${emulators.documented.origin}/_emulator/ledger`)
    ).json()) as {
      datasets: number;
    };
    expect(ledger.datasets).toBe(0);
  });

  it('tells the variant’s paging and Spold route, and that the explorer cannot work until they are set', async () => {
    const report = await check(emulators.variant);
    expect(report.works).toBe(false);
    expect(report.settings).toEqual({
      DATA_API_SEARCH_PAGING: 'offset',
      DATA_API_SPOLD_ROUTE: '/datasets/by-spold',
    });
    expect(route(report, 'GET /datasets (page size and paging)').fix).toBe(
      'DATA_API_SEARCH_PAGING=offset',
    );
    expect(route(report, 'GET /versions').variant).toBe(
      'a bare list, one entry per version × system model',
    );
    const dataset = route(report, 'GET /datasets/{id}');
    expect(dataset.variant).toContain('activity_type as the enum');
    expect(dataset.fields?.extra).toContain('last_modified');
    expect(formatReport(report)).toContain('DATA_API_SEARCH_PAGING=offset');
  });

  it('finds the variant fit once its settings are applied', async () => {
    const report = await check(
      emulators.variant,
      { DATA_API_SEARCH_PAGING: 'offset', DATA_API_SPOLD_ROUTE: '/datasets/by-spold' },
      { scored: true },
    );
    expect(failures(report)).toEqual([]);
    expect(report.settings).toEqual({});
    expect(route(report, 'GET /indicators').variant).toContain(
      'nested method → category → indicator',
    );
  });
});

describe('the contract check, against each deviation', () => {
  const documented = () => emulators.documented;

  it('a field renamed to a name nobody knows: ✘ naming both JSON paths and the adapter file, raw answers saved without secrets', async () => {
    await faults(documented(), { rename_field: { from: 'geography', to: 'geo_label' } });
    const outDir = mkdtempSync(path.join(tmpdir(), 'check-upstream-'));
    const report = await check(documented(), {}, { outDir });
    expect(exitCodeOf(report)).toBe(1);
    const search = route(report, 'GET /datasets (explorer');
    expect(search.verdict).toBe('fail');
    expect(search.variant).toContain(
      'results[].products[].datasets[].geography: absent, while results[].products[].datasets[].geo_label is there',
    );
    expect(search.fix).toBe('src/proxy/upstream/adapter/datasets.ts');
    expect(route(report, 'GET /datasets/{id}').variant).toContain(
      'geography: absent, while geo_label',
    );
    const saved = readdirSync(outDir).map((file) => readFileSync(path.join(outDir, file), 'utf8'));
    expect(saved.length).toBeGreaterThan(10);
    expect(saved.join('')).not.toContain(TEST_CLIENT.DATA_API_CLIENT_SECRET);
    expect(saved.join('')).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
  });

  it('a field renamed to a name the adapter knows: read, and the alias reported', async () => {
    await faults(documented(), { rename_field: { from: 'geography', to: 'location' } });
    const report = await check(documented());
    // The search rows' geography has no alias (nothing knows one): that stays a ✘.
    expect(route(report, 'GET /datasets/{id}').verdict).toBe('ok');
    expect(route(report, 'GET /datasets/{id}').variant).toContain(
      'renamed fields mapped: location → geography',
    );
  });

  it('a field the explorer needs turned null: ✘ naming it', async () => {
    await faults(documented(), { null_field: 'unit' });
    const report = await check(documented());
    expect(route(report, 'GET /datasets/{id}').variant).toContain(
      'unit: null, which the explorer cannot do without',
    );
    expect(route(report, 'GET /indicators').variant).toContain('unit');
    expect(exitCodeOf(report)).toBe(1);
  });

  it('lists paged without a total: read to the end, and the explorer works unchanged', async () => {
    await faults(documented(), { omit_total: true, indicator_paging: true, max_limit: 50 });
    const report = await check(documented(), { DATA_API_PAGE_SIZE: '50' });
    expect(failures(report)).toEqual([]);
    expect(route(report, 'GET /indicators').variant).toMatch(/paged by from \(\d\d? pages\)/);
    expect(route(report, 'GET /indicators').notes).toContain('611 indicators');
  });

  it('a paging parameter the proxy does not send: ✘ with the setting that fixes it', async () => {
    await faults(documented(), { paging: 'page' });
    const report = await check(documented());
    expect(report.settings.DATA_API_SEARCH_PAGING).toBe('page');
    expect(route(report, 'GET /datasets (page size and paging)').notes.join(' ')).toContain(
      'page 2 moves by page, not by from',
    );
    expect(exitCodeOf(report)).toBe(1);
    const fixed = await check(documented(), { DATA_API_SEARCH_PAGING: 'page' });
    expect(failures(fixed)).toEqual([]);
  });

  it.each(['refuse', 'clamp'] as const)(
    'a page-size cap below what the explorer sends (%s): ✘ with the page size to use, and fit once set',
    async (over) => {
      await faults(documented(), { max_limit: 50, over_limit: over });
      const report = await check(documented());
      expect(report.settings.DATA_API_PAGE_SIZE).toBe('50');
      expect(exitCodeOf(report)).toBe(1);
      const fixed = await check(documented(), { DATA_API_PAGE_SIZE: '50' });
      expect(failures(fixed)).toEqual([]);
    },
  );

  it('score rows in another shape: ✘ by the one billed call, naming the paths', async () => {
    await faults(documented(), { score_shape: 'renamed' });
    const report = await check(documented(), {}, { scored: true });
    const scored = route(report, 'GET /datasets/{id}?indicator_ids');
    expect(scored.verdict).toBe('fail');
    expect(scored.variant).toContain(
      'impact_scores[].id: absent, while impact_scores[].indicator_id',
    );
    expect(scored.fix).toBe('src/proxy/upstream/adapter/datasets.ts');
    expect(report.scores).toBe('failed');
    expect(exitCodeOf(report)).toBe(1);
  });

  it('429 bursts: waited out as Retry-After asks and asked again, never read as a shape', async () => {
    await faults(documented(), { rate_limit_burst: { count: 3 }, retry_after_seconds: 1 });
    const report = await check(documented());
    expect(failures(report)).toEqual([]);
    expect(report.routes.flatMap((r) => r.notes).join(' ')).toMatch(
      /answered 429 \d× and was waited out/,
    );
  });

  it('a token answer as recorded from the live service (no token_type): bearer assumed and reported, with the fields it had', async () => {
    await faults(documented(), { token_answer: 'recorded' });
    const report = await check(documented());
    expect(report.works).toBe(true);
    expect(report.token).toEqual({
      fields: ['access_token', 'expires_in', 'scope'],
      assumed: ['token_type absent: bearer assumed'],
    });
    expect(formatReport(report)).toContain('assumed: token_type absent: bearer assumed');
  });

  it('a trailing-slash redirect: followed once on the same origin and reported with its target', async () => {
    await faults(documented(), { redirect: 'trailing-slash' });
    const report = await check(documented());
    expect(report.works).toBe(true);
    const versions = route(report, 'GET /versions');
    expect(versions.verdict).toBe('warn');
    expect(versions.notes.join(' ')).toContain('redirected once to /v0/versions/');
  });

  it('a redirect to another origin: ✘ naming the target, and the token never goes there', async () => {
    await faults(documented(), { redirect: 'other-origin' });
    const report = await check(documented());
    const versions = route(report, 'GET /versions');
    expect(versions.verdict).toBe('fail');
    expect(versions.variant).toContain('to another origin (http://127.0.0.1:9/v0/versions)');
  });

  it('HTML error bodies: the 404 that is not the API’s own is ✘, naming the adapter file', async () => {
    await faults(documented(), { html_errors: true });
    const report = await check(documented());
    const notFound = route(report, 'GET /datasets/2147483646 (404 probe)');
    expect(notFound.verdict).toBe('fail');
    expect(notFound.fix).toContain('src/proxy/upstream/adapter/errors.ts');
  });
});
