import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator } from '../../../emulator/testing/start';
import { checkRunner, failuresOf, routeOf, setFaults } from '../../testing/check-run';
import { TEST_CLIENT } from '../../testing/emulator-proxy';
import { exitCodeOf, formatReport } from './check';

// Issue 32 through `npm run check:upstream`: each deviation of the emulator either absorbed and
// reported, or a ✘ naming the setting or adapter file that fixes it; never a conclusion drawn
// from something the service did not say. The same deviations through the proxy:
// ../evidence.test.ts and ../evidence-transport.test.ts.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
const runner = checkRunner();
const check = runner.check;
const faults = (body: unknown) => setFaults(emulator, body);

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_DIALECT: 'documented' });
});
afterEach(async () => {
  await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
});
afterAll(async () => {
  await runner.close();
  await emulator.close();
});

describe('6. encodings', () => {
  it('answers gzipped unasked: decoded, the explorer works, and the check says so', async () => {
    await faults({ content_encoding: 'gzip' });
    const report = await check(emulator, {}, { scored: true });
    expect(failuresOf(report)).toEqual([]);
    expect(exitCodeOf(report)).toBe(0);
    expect(routeOf(report, 'GET /versions').notes.join(' ')).toContain(
      'answers came encoded (Content-Encoding: gzip) though the proxy asked for none: decoded',
    );
  });

  it('an encoding nobody decodes: ✘ naming the content type and the encoding', async () => {
    await faults({ content_encoding: 'compress' });
    const report = await check(emulator);
    expect(exitCodeOf(report)).toBe(1);
    const versions = routeOf(report, 'GET /versions');
    expect(versions.verdict).toBe('fail');
    expect(versions.variant).toContain(
      'Content-Type: application/json, Content-Encoding: compress',
    );
    expect(formatReport(report)).toContain('fix: A gateway in front of the service may encode');
  });
});

describe('5. a gateway’s refusal', () => {
  it('a token refused early in a gateway’s words: a fresh token passes, and the check says so', async () => {
    await faults({ gateway_refusal: 'token' });
    const report = await check(emulator);
    expect(failuresOf(report)).toEqual([]);
    const versions = routeOf(report, 'GET /versions');
    expect(versions.verdict).toBe('warn');
    expect(versions.notes.join(' ')).toContain(
      'a token was refused before its expires_in with HTTP 403 in words that are not the API',
    );
  });

  it('a gateway that refuses everything: ✘ saying it is not the licence', async () => {
    await faults({ gateway_refusal: 'always' });
    const report = await check(emulator);
    expect(exitCodeOf(report)).toBe(1);
    const versions = routeOf(report, 'GET /versions');
    expect(versions.variant).toContain('upstream_refused');
    expect(versions.variant).toContain('says nothing about your organisation’s licence');
    expect(versions.fix).toContain('whatever stands between the proxy and the service');
  });
});

describe('4. a timeout is not an absence', () => {
  it('one call in ten slower than the timeout: asked once more, the verdict unchanged, and said', async () => {
    await faults({ slow_calls: { rate: 0.1, ms: 3000 } });
    const report = await check(emulator, {}, { timeoutMs: 1000 });
    expect(failuresOf(report)).toEqual([]);
    expect(report.settings).toEqual({});
    expect(report.routes.flatMap((r) => r.notes).join(' ')).toMatch(
      /asked once more: the service's weather, not an answer/,
    );
  });

  it('a Spold lookup that times out: “not concluded”, never DATA_API_SPOLD_ROUTE=none', async () => {
    await faults({ slow_calls: { rate: 1, ms: 3000, match: '/datasets/spold' } });
    const report = await check(emulator, {}, { timeoutMs: 1000 });
    expect(report.settings).toEqual({});
    const spold = routeOf(report, 'GET /datasets/spold');
    expect(spold.verdict).toBe('warn');
    expect(spold.variant).toBe('not concluded: the lookup did not answer');
    expect(spold.notes.join(' ')).toContain('/datasets/spold (gateway_timeout');
  });

  it('the configured paging’s probe timing out: no paging concluded, the setting left as it is', async () => {
    await faults({ slow_calls: { rate: 1, ms: 3000, match: 'from=100' } });
    const report = await check(emulator, {}, { timeoutMs: 1000 });
    expect(report.settings).toEqual({});
    const paging = routeOf(report, 'GET /datasets (page size and paging)');
    expect(paging.verdict).toBe('warn');
    expect(paging.notes.join(' ')).toContain('paging by from did not answer (gateway_timeout');
  });
});

describe('7. absence said another way', () => {
  it.each(['null', 'empty'] as const)(
    '“no such dataset” as 200 %s: ✘ with DATA_API_ABSENT_AS, and fit once it is set',
    async (as) => {
      await faults({ absent_as: as });
      const report = await check(emulator);
      expect(report.settings).toEqual({ DATA_API_ABSENT_AS: as });
      const probe = routeOf(report, 'GET /datasets/2147483646 (404 probe)');
      expect(probe.verdict).toBe('fail');
      expect(probe.fix).toBe(`DATA_API_ABSENT_AS=${as}`);
      expect(exitCodeOf(report)).toBe(1);
      const fixed = await check(emulator, { DATA_API_ABSENT_AS: as });
      expect(failuresOf(fixed)).toEqual([]);
      expect(routeOf(fixed, 'GET /datasets/2147483646').variant).toContain('confirmed');
    },
  );
});

describe('1. a count is a claim', () => {
  it('a total that is a lower bound: found by a row past it, said, and the explorer still works', async () => {
    await faults({ total_cap: 100 });
    const report = await check(emulator);
    expect(failuresOf(report)).toEqual([]);
    const first = routeOf(report, 'GET /datasets (explorer');
    expect(first.verdict).toBe('warn');
    expect(first.notes.join(' ')).toContain(
      'total: at least 100. The service lists more past the total',
    );
    expect(formatReport(report)).toContain('fix: nothing to set: lists are read to their end');
    expect(routeOf(report, 'GET /indicators').variant).toContain(
      'its total (100) a lower bound: 611 listed, read to the end',
    );
  });
});

describe('2. listed values', () => {
  it('system models listed by long names: each tried, read as its code, said; the explorer works', async () => {
    await faults({ versions_vocabulary: 'names' });
    const report = await check(emulator);
    expect(failuresOf(report)).toEqual([]);
    const versions = routeOf(report, 'GET /versions');
    expect(versions.verdict).toBe('warn');
    expect(versions.notes.join(' ')).toContain('Allocation, cut-off by classification → cutoff');
  });

  it('names the data routes refuse under every known name: ✘ naming the table that fixes it', async () => {
    await faults({ versions_vocabulary: 'other' });
    const report = await check(emulator);
    expect(exitCodeOf(report)).toBe(1);
    const versions = routeOf(report, 'GET /versions');
    expect(versions.verdict).toBe('fail');
    expect(versions.notes.join(' ')).toContain('3.12 Cut-off (by classification)');
    expect(versions.fix).toContain('adapter/confirm-releases.ts (SYSTEM_MODEL_CODES)');
  });
});

describe('3. a score the service does not give', () => {
  it.each(['null', 'absent'] as const)(
    'one headline indicator sent as %s: the billed call covers it, says “no score”, and the scores are checked',
    async (as) => {
      const said: string[] = [];
      const first = await check(emulator, {}, { scored: true, announce: (m) => said.push(m) });
      const asked =
        /indicators \(ID ([\d, ]+)\)/.exec(said.join(''))?.[1]?.split(', ').map(Number) ?? [];
      expect(asked).toHaveLength(6);
      expect(failuresOf(first)).toEqual([]);
      await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
      await faults({ missing_score: { indicator: asked[0], as } });
      const report = await check(emulator, {}, { scored: true });
      expect(failuresOf(report)).toEqual([]);
      expect(report.scores).toBe('checked');
      const notes = routeOf(report, 'GET /datasets/{id}?indicator_ids').notes.join(' ');
      expect(notes).toContain('5 of 6 indicators scored');
      expect(notes).toContain(as === 'null' ? `no score given for ` : `rows left out for `);
      expect(notes).toContain(`(${asked[0]})`);
    },
  );
});
