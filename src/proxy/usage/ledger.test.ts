import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { UsageLedger } from './ledger';
import { LedgerInUseError } from './ledger-lock';
import { scoredCall as call, TEST_SOURCE } from '../testing/scored-call';
import type { ChargeSource } from './ledger-types';

const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'ledger-')), 'usage.jsonl');
const ledgerAt = (
  file: string | undefined,
  now = () => Date.parse('2026-06-01T00:00:00Z'),
  budget = {},
) =>
  new UsageLedger({ file, budget: { datasets: undefined, indicators: undefined, ...budget }, now });
/** One scored call that the service answered with scores for all it asked. */
const charge = (ledger: UsageLedger, user: string, datasets: number[], indicators: number[]) =>
  ledger.reserve(call(user, datasets, indicators))?.settle(datasets, indicators);

/** A small seeded generator (mulberry32), so a failing schedule can be replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the usage ledger', () => {
  it('counts unique datasets, indicators and users, and nothing without scores', () => {
    const ledger = ledgerAt(undefined);
    charge(ledger, 'a', [1, 2], [882]);
    charge(ledger, 'b', [2], [882, 964]);
    charge(ledger, 'c', [3], []);
    expect(ledger.snapshot()).toMatchObject({
      period: '2026',
      datasets: 2,
      indicators: 2,
      users: 2,
    });
  });

  it('is read back from its file after a restart', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    charge(first, 'a', [1, 2], [882]);
    first.close();
    const again = ledgerAt(file);
    expect(again.chargedIds()).toEqual({ datasets: [1, 2], indicators: [882] });
    expect(again.snapshot().users).toBe(1);
  });

  it('itemises what each call newly charged, by whom and when, also after a restart', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    const compare: ChargeSource = {
      release: { version: '3.11', systemModel: 'apos' },
      page: 'compare',
      client: 'program',
    };
    charge(first, 'a', [1, 2], [882]);
    first.reserve(call('b', [2], [882], undefined, compare))?.settle([2], [882]);
    charge(first, 'a', [2, 3], [882, 964]);
    first.close();
    const at = Date.parse('2026-06-01T00:00:00Z');
    const fields = { at, maybe: null };
    const items = [
      {
        ...fields,
        user: 'a',
        newUser: false,
        datasets: [3],
        indicators: [964],
        source: TEST_SOURCE,
      },
      { ...fields, user: 'b', newUser: true, datasets: [], indicators: [], source: compare },
      {
        ...fields,
        user: 'a',
        newUser: true,
        datasets: [1, 2],
        indicators: [882],
        source: TEST_SOURCE,
      },
    ];
    expect(first.recentCharges()).toEqual(items);
    const again = ledgerAt(file);
    expect(again.recentCharges()).toEqual(items);
    expect(again.recentCharges('b')).toEqual([items[1]]);
    expect(again.hasUser('b')).toBe(true);
    expect(again.hasUser('c')).toBe(false);
  });

  it('records which release returned each dataset, charged or not, also after a restart', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    const in311: ChargeSource = {
      ...TEST_SOURCE,
      release: { version: '3.11', systemModel: 'cutoff' },
    };
    charge(first, 'a', [1, 2], [882]);
    // Dataset 2 again, in 3.11: nothing new under its ID, but now known to come from 3.11 too.
    first.reserve(call('a', [2, 3], [882], undefined, in311))?.settle([2, 3], [882]);
    // Asked in 3.11 but the answer never said: not known as served there.
    first.reserve(call('a', [4], [882], undefined, in311))?.settleUnknown();
    first.close();
    const { version, systemModel } = TEST_SOURCE.release ?? { version: '', systemModel: '' };
    const expected = [
      { version: '3.11', system_model: 'cutoff', datasets: [2, 3] },
      { version, system_model: systemModel, datasets: [1, 2] },
    ];
    expect(first.servedByRelease()).toEqual(expected);
    expect(ledgerAt(file).servedByRelease()).toEqual(expected);
  });

  it('counts every charge though it lists the newest 500, everyone’s and each user’s', () => {
    const ledger = ledgerAt(undefined);
    for (let id = 1; id <= 520; id++) charge(ledger, id % 2 ? 'a' : 'b', [id], [882]);
    expect(ledger.recentCharges()).toHaveLength(500);
    expect(ledger.chargeCount()).toBe(520);
    expect(ledger.chargeCount('a')).toBe(260);
    expect(ledger.chargeCount('nobody')).toBe(0);
  });

  it('reads charges recorded before their release, page and client were kept', () => {
    const file = tempFile();
    appendFileSync(
      file,
      '{"period":"2026","user":"a","datasets":[1],"indicators":[2],"by":"a","at":5}\n',
    );
    const ledger = ledgerAt(file);
    expect(ledger.recentCharges()).toEqual([
      {
        at: 5,
        user: 'a',
        newUser: true,
        datasets: [1],
        maybe: null,
        indicators: [2],
        source: { release: null, page: 'other', client: 'unknown' },
      },
    ]);
    ledger.close();
  });

  it('ignores a line torn by a crash, and the charges of earlier periods', () => {
    const file = tempFile();
    appendFileSync(
      file,
      '{"period":"2025","datasets":[9],"indicators":[1]}\n{"period":"2026","datasets":[5],"indicators":[7]}\n{"period":"2026","datas',
    );
    expect(ledgerAt(file).chargedIds()).toEqual({ datasets: [5], indicators: [7] });
  });

  it('reads an intent that an earlier version appended onto a torn line, and counts it', () => {
    const file = tempFile();
    // A crash tore a line; the next run appended its intent onto the fragment, then crashed
    // while that call was out.
    appendFileSync(
      file,
      '{"period":"2026","datasets":[5],"indicators":[7]}\n{"period":"2026","datas{"period":"2026","datasets":[6],"indicators":[8],"intent":"a-1","by":"u","at":1}\n',
    );
    const ledger = ledgerAt(file);
    expect(ledger.chargedIds()).toEqual({ datasets: [5, 6], indicators: [7, 8] });
    expect(ledger.recovered.calls).toBe(1);
    expect(ledger.opened).toEqual({ tornTail: 0, unreadable: 1, salvaged: 1 });
    ledger.close();
  });

  it('refuses what would pass the budget, counting only new charges, at most a page of them', () => {
    const ledger = ledgerAt(undefined, undefined, { datasets: 3 });
    charge(ledger, 'a', [1, 2], [882]);
    expect(() => ledger.reserve(call('a', [1, 2, 3], [882]))?.release()).not.toThrow();
    expect(() => ledger.reserve(call('a', [4, 5], [882]))).toThrow(ProxyError);
    expect(() => ledger.reserve(call('a', [4, 5, 6], [882], 1))?.release()).not.toThrow();
    expect(ledger.reserve(call('a', [4, 5], []))).toBeUndefined();
  });

  it('counts calls in flight against the budget until they settle, and frees what failed', () => {
    const ledger = ledgerAt(undefined, undefined, { datasets: 2 });
    const first = ledger.reserve(call('a', [1], [882]));
    const page = ledger.reserve(call('b', [2, 3, 4], [882], 1));
    // Two calls out: a dataset held, a page's slot held, one indicator between them.
    expect(ledger.snapshot().pending).toEqual({
      calls: 2,
      datasets: [1, 2, 3, 4],
      count: 2,
      indicators: [882],
    });
    // Two held, one of them a page of which any one may be charged: nothing else fits.
    expect(() => ledger.reserve(call('c', [5], [882]))).toThrow(ProxyError);
    // The same dataset held by another call adds nothing.
    ledger.reserve(call('c', [1], [882]))?.release();
    first?.release();
    const third = ledger.reserve(call('c', [5], [882]));
    page?.settle([3], [882]);
    third?.settleUnknown();
    expect(ledger.chargedIds().datasets).toEqual([3, 5]);
    expect(() => ledger.reserve(call('a', [1], [882]))).toThrow(ProxyError);
  });

  it('never lets any schedule of concurrent calls charge past the budget, nor record less than was charged', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const pick = (n: number) => Math.floor(next() * n);
      const budget = { datasets: 1 + pick(8), indicators: 1 + pick(5) };
      const ledger = ledgerAt(undefined, undefined, budget);
      // The data service's own meter: what it really charged.
      const meter = { datasets: new Set<number>(), indicators: new Set<number>() };
      const inflight: {
        done: NonNullable<ReturnType<UsageLedger['reserve']>>;
        datasets: number[];
        indicators: number[];
        max: number;
      }[] = [];
      const serve = (call: (typeof inflight)[number]) => {
        const shuffled = [...new Set(call.datasets)].sort(() => next() - 0.5);
        const charged = shuffled.slice(0, call.max);
        for (const id of charged) meter.datasets.add(id);
        for (const id of call.indicators) meter.indicators.add(id);
        return charged;
      };
      for (let step = 0; step < 200 || inflight.length > 0; step++) {
        if (step < 200 && (inflight.length === 0 || next() < 0.55)) {
          const datasets = Array.from({ length: 1 + pick(5) }, () => 1 + pick(20));
          const indicators = Array.from({ length: 1 + pick(3) }, () => 1 + pick(8));
          const max = next() < 0.5 ? 1 + pick(datasets.length) : datasets.length;
          try {
            const done = ledger.reserve(call(`user-${pick(3)}`, datasets, indicators, max));
            if (done) inflight.push({ done, datasets, indicators, max });
          } catch (error) {
            expect((error as ProxyError).code).toBe('budget_exhausted');
          }
        } else {
          const [call] = inflight.splice(pick(inflight.length), 1);
          if (!call) continue;
          const outcome = pick(3);
          if (outcome === 0) call.done.settle(serve(call), call.indicators);
          else if (outcome === 1) call.done.release();
          else {
            // A timeout: the service may or may not have charged.
            if (next() < 0.5) serve(call);
            call.done.settleUnknown();
          }
        }
        const recorded = ledger.chargedIds();
        // Datasets of pages whose outcome is unknown are recorded as such, apart from the rest.
        recorded.datasets.push(...ledger.snapshot().maybe.datasets);
        const unrecorded = [
          ...[...meter.datasets].filter((id) => !recorded.datasets.includes(id)),
          ...[...meter.indicators].filter((id) => !recorded.indicators.includes(id)),
        ];
        // One expect per check only when it fails: thousands of passing ones are slow.
        if (
          meter.datasets.size > budget.datasets ||
          meter.indicators.size > budget.indicators ||
          unrecorded.length > 0
        )
          expect({ seed, step, charged: meter, unrecorded }).toEqual({ seed, step });
      }
    }
  });

  it('counts a call left unsettled by a crash as charged, and reports it once at start-up', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    charge(first, 'a', [1], [882]);
    first.reserve(call('b', [2, 3, 4], [964], 1));
    first.close();
    const again = ledgerAt(file);
    expect(again.chargedIds()).toEqual({ datasets: [1], indicators: [882, 964] });
    // Which one of the page's three was charged is not known: all are listed, one is counted.
    expect(again.snapshot()).toMatchObject({
      datasets: 2,
      users: 2,
      maybe: { datasets: [2, 3, 4], count: 1 },
      pending: { calls: 0, datasets: [], count: 0, indicators: [] },
    });
    expect(again.recovered).toEqual({ calls: 1, datasets: 1, indicators: 1 });
    again.close();
    const third = ledgerAt(file);
    expect(third.recovered.calls).toBe(0);
    expect(third.snapshot().maybe).toEqual({ datasets: [2, 3, 4], count: 1 });
    third.close();
  });

  it('refuses a second writer of the same file until the first lets go', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    expect(() => ledgerAt(file)).toThrow(LedgerInUseError);
    expect(() => ledgerAt(file)).toThrow(/in use by another proxy/);
    first.close();
    ledgerAt(file).close();
  });

  it('starts a new period with the new year', () => {
    let now = Date.parse('2026-12-31T23:59:00Z');
    const ledger = ledgerAt(undefined, () => now);
    charge(ledger, 'a', [1], [882]);
    now = Date.parse('2027-01-01T00:01:00Z');
    expect(ledger.snapshot()).toMatchObject({ period: '2027', datasets: 0 });
  });

  it('keeps every charge the service made when its process is killed with SIGKILL', async () => {
    const file = tempFile();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../testing/ledger-writer.ts'), file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const charged = new Set<number>();
    const acknowledged = new Set<number>();
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [kind, id] = line.split(' ');
      (kind === 'charged' ? charged : acknowledged).add(Number(id));
      // Killed mid-stream at a point of the child's own choosing: wherever it has got to.
      if (acknowledged.size === 300) child.kill('SIGKILL');
    });
    await new Promise((resolve) => child.once('close', resolve));
    // The lock of the killed writer is stale and taken over. A call charged but not acknowledged
    // was either settled before the kill or is counted from its intent now.
    const recovered = ledgerAt(file);
    const ids = recovered.chargedIds().datasets;
    expect([...charged].filter((id) => !ids.includes(id))).toEqual([]);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
    recovered.close();
  }, 30_000);
});
