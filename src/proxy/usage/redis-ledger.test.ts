import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { useRedisServer } from '../testing/use-redis-server';
import type { StoredReservation } from './ledger-store';
import { RedisLedger } from './redis-ledger';
import { startLedgerAfresh } from '../testing/fresh-ledger';
import { scoredCall as call, TEST_SOURCE } from '../testing/scored-call';

// The shared ledger against a real redis-server: two "instances" are two connections, each with
// its own ledger object, as two proxy processes would have.
const redis = useRedisServer();
const quiet = { warn: () => undefined, info: () => undefined };
const now = () => Date.parse('2026-06-01T00:00:00Z');

async function instance(budget: { datasets?: number; indicators?: number } = {}) {
  const store = await redis.connect();
  const ledger = new RedisLedger(store, {
    budget: { datasets: budget.datasets, indicators: budget.indicators },
    now,
    callDeadlineMs: 60_000,
    log: quiet,
  });
  await ledger.start();
  return { store, ledger };
}

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

describe('the usage ledger in Redis', () => {
  it('records for the fleet which release returned each dataset, and counts every charge', async () => {
    const a = await instance();
    const b = await instance();
    const source = { ...TEST_SOURCE, release: { version: '3.9', systemModel: 'apos' } };
    const first = await a.ledger.reserve(call('dora', [901, 902], [882], undefined, source));
    await first?.settle([901, 902], [882]);
    // Again from the other instance: nothing new under the IDs, one more dataset served there.
    const second = await b.ledger.reserve(call('dora', [902, 903], [882], undefined, source));
    await second?.settle([902, 903], [882]);
    const unknown = await b.ledger.reserve(call('dora', [904], [882], undefined, source));
    await unknown?.settleUnknown();
    const served = await a.ledger.servedByRelease();
    expect(served.find((release) => release.version === '3.9')).toEqual({
      version: '3.9',
      system_model: 'apos',
      datasets: [901, 902, 903],
    });
    // Three calls added something (the last one its unconfirmed dataset): all counted.
    expect(await b.ledger.chargeCount('dora')).toBe(3);
    expect(await a.ledger.chargeCount()).toBeGreaterThanOrEqual(3);
  });

  it('itemises each call’s new charges for every instance, and knows who already counts', async () => {
    const a = await instance();
    const b = await instance();
    const first = await a.ledger.reserve(call('alice', [1, 2], [882]));
    await first?.settle([1, 2], [882]);
    // Bob's call charges one dataset already charged and one new; an unknown outcome all of it.
    const second = await b.ledger.reserve(call('bob', [2, 3], [882, 964]));
    await second?.settleUnknown();
    const charges = await a.ledger.recentCharges();
    expect(
      charges.map(({ user, newUser, datasets, indicators }) => ({
        user,
        newUser,
        datasets,
        indicators,
      })),
    ).toEqual([
      { user: 'bob', newUser: true, datasets: [3], indicators: [964] },
      { user: 'alice', newUser: true, datasets: [1, 2], indicators: [882] },
    ]);
    expect(charges[0]?.at).toBeGreaterThan(0);
    expect(charges[0]?.source).toEqual(TEST_SOURCE);
    // Each user's own, kept apart from the team's.
    expect((await a.ledger.recentCharges('alice')).map((charge) => charge.user)).toEqual(['alice']);
    const open = await a.ledger.reserve(call('carol', [4], [882]));
    expect((await b.ledger.snapshot()).pending).toEqual({
      calls: 1,
      datasets: [4],
      count: 1,
      indicators: [],
    });
    await open?.release();
    expect([await b.ledger.hasUser('alice'), await b.ledger.hasUser('carol')]).toEqual([
      true,
      false,
    ]);
  });

  it('never lets any schedule of calls on two instances charge past the budget, nor record less than was charged', async () => {
    const a = await instance({ datasets: 5, indicators: 3 });
    const b = await instance({ datasets: 5, indicators: 3 });
    const cleaner = a.store.redis;
    for (let seed = 1; seed <= 25; seed++) {
      await startLedgerAfresh(cleaner);
      const next = random(seed);
      const pick = (n: number) => Math.floor(next() * n);
      const meter = { datasets: new Set<number>(), indicators: new Set<number>() };
      type Call = {
        done: StoredReservation;
        datasets: number[];
        indicators: number[];
        max: number;
      };
      const inflight: Call[] = [];
      const serve = (call: Call) => {
        const charged = [...new Set(call.datasets)].sort(() => next() - 0.5).slice(0, call.max);
        for (const id of charged) meter.datasets.add(id);
        for (const id of call.indicators) meter.indicators.add(id);
        return charged;
      };
      for (let step = 0; step < 60 || inflight.length > 0; step++) {
        if (step < 60 && (inflight.length === 0 || next() < 0.55)) {
          // A burst of reservations sent at once from both instances, as concurrent requests.
          const burst = Array.from({ length: 1 + pick(4) }, () => {
            const datasets = Array.from({ length: 1 + pick(4) }, () => 1 + pick(15));
            const indicators = Array.from({ length: 1 + pick(2) }, () => 1 + pick(6));
            const max = next() < 0.5 ? 1 + pick(datasets.length) : datasets.length;
            const ledger = next() < 0.5 ? a.ledger : b.ledger;
            return ledger.reserve(call(`user-${pick(3)}`, datasets, indicators, max)).then(
              (done) => {
                if (done) inflight.push({ done, datasets, indicators, max });
              },
              (error: unknown) => expect((error as ProxyError).code).toBe('budget_exhausted'),
            );
          });
          await Promise.all(burst);
        } else {
          const [call] = inflight.splice(pick(inflight.length), 1);
          if (!call) continue;
          const outcome = pick(3);
          if (outcome === 0) await call.done.settle(serve(call), call.indicators);
          else if (outcome === 1) await call.done.release();
          else {
            if (next() < 0.5) serve(call);
            await call.done.settleUnknown();
          }
        }
      }
      const recorded = await b.ledger.chargedIds();
      recorded.datasets.push(...(await b.ledger.snapshot()).maybe.datasets);
      const unrecorded = [
        ...[...meter.datasets].filter((id) => !recorded.datasets.includes(id)),
        ...[...meter.indicators].filter((id) => !recorded.indicators.includes(id)),
      ];
      expect({ seed, datasets: meter.datasets.size <= 5, unrecorded }).toEqual({
        seed,
        datasets: true,
        unrecorded: [],
      });
      expect(meter.indicators.size).toBeLessThanOrEqual(3);
      // Every hold was let go: nothing in flight is left counting against the budget.
      expect(await cleaner.hlen('lci:ledger:2026:intents')).toBe(0);
    }
  });

  it('keeps an acknowledged charge when redis-server itself is killed with SIGKILL', async () => {
    const a = await instance();
    const held = await a.ledger.reserve(call('maria', [11, 12], [882]));
    await held?.settle([11], [882]);
    await a.ledger.reserve(call('devon', [13], [964]));
    await redis.server().stop('SIGKILL');
    await redis.server().restart();
    const b = await instance();
    // The settled charge and the intent in flight at the crash are both there.
    expect(await b.ledger.chargedIds()).toEqual({ datasets: [11], indicators: [882] });
    expect(await b.store.redis.hlen('lci:ledger:2026:intents')).toBe(1);
  });

  it('counts the calls of an instance that died mid-call as charged in full', async () => {
    const a = await instance({ datasets: 3 });
    const b = await instance({ datasets: 3 });
    await a.ledger.reserve(call('maria', [21, 22], [882]));
    // The dead instance's held datasets still count against the budget for everyone.
    await expect(b.ledger.reserve(call('devon', [23, 24], [882]))).rejects.toMatchObject({
      code: 'budget_exhausted',
    });
    // Instance a dies: its heartbeat lapses (deleted here rather than waited for).
    await a.ledger.close();
    await a.store.close();
    await b.store.redis.del(`lci:alive:${a.store.instance}`);
    expect(await b.ledger.sweep()).toEqual({ calls: 1, datasets: 2, indicators: 1 });
    expect(await b.ledger.chargedIds()).toEqual({ datasets: [21, 22], indicators: [882] });
    expect((await b.ledger.snapshot()).users).toBe(1);
  });

  it('refuses scored calls with 503 while Redis is down, and takes them again once it is back', async () => {
    const a = await instance();
    await redis.server().stop();
    await expect(a.ledger.reserve(call('maria', [31], [882]))).rejects.toMatchObject({
      status: 503,
      code: 'usage_ledger_unavailable',
    });
    await expect(a.ledger.snapshot()).rejects.toBeInstanceOf(ProxyError);
    await redis.server().restart();
    await expect.poll(() => a.store.available(), { timeout: 5_000, interval: 50 }).toBe(true);
    const held = await a.ledger.reserve(call('maria', [31], [882]));
    await held?.settle([31], [882]);
    expect((await a.ledger.chargedIds()).datasets).toEqual([31]);
  });
});
