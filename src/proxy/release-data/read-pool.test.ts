import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { ReadPool } from './read-pool';

/** A call that ends when told: `settle` answers it, or fails it with `error`. */
function controlled() {
  const calls: { name: string; settle: (error?: Error) => void }[] = [];
  const call = (name: string) => () =>
    new Promise<string>((resolve, reject) => {
      calls.push({ name, settle: (error) => (error ? reject(error) : resolve(name)) });
    });
  return { calls, call };
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const busy = () => new ProxyError(503, 'upstream_busy', { headers: { 'retry-after': '1' } });

describe('the pool of free calls release reads share', () => {
  it('lets the ceiling through at once, the others in the order they were asked', async () => {
    const pool = new ReadPool(3);
    const { calls, call } = controlled();
    const results = ['a', 'b', 'c', 'd', 'e'].map((name) => pool.run(call(name)));
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'b', 'c']);
    calls[1]?.settle();
    await tick();
    expect(calls.map((c) => c.name)).toEqual(['a', 'b', 'c', 'd']);
    for (const c of calls) c.settle();
    await tick();
    for (const c of calls.slice(4)) c.settle();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('halves the calls in flight once when the service asks for less, and adds one back per ceiling answered', async () => {
    const pool = new ReadPool(8);
    const { calls, call } = controlled();
    const first = Array.from({ length: 8 }, (_, i) => pool.run(call(`first ${i}`)));
    await tick();
    // Every call in flight is refused together: one signal, not eight halvings.
    for (const c of calls) c.settle(busy());
    await Promise.allSettled(first);
    expect(pool.inFlightAllowed).toBe(4);

    const next = Array.from({ length: 20 }, (_, i) => pool.run(call(`next ${i}`)));
    await tick();
    expect(calls.length).toBe(8 + 4);
    for (const c of calls.slice(8, 12)) c.settle();
    await tick();
    expect(pool.inFlightAllowed).toBe(4);
    expect(calls.length).toBe(12 + 4);
    // Eight answers in a row (the ceiling) allow a fifth call in flight.
    for (const c of calls.slice(12, 16)) c.settle();
    await tick();
    expect(pool.inFlightAllowed).toBe(5);
    expect(calls.length).toBe(16 + 5);
    for (let round = 0; round < 10 && calls.length < 8 + 20; round++) {
      for (const c of calls.slice(16)) c.settle();
      await tick();
    }
    for (const c of calls) c.settle();
    await Promise.all(next);
    expect(pool.inFlightAllowed).toBeLessThanOrEqual(8);
  });

  it('keeps one call in flight however often it is refused, and counts a timeout as a refusal', async () => {
    const pool = new ReadPool(4);
    for (let i = 0; i < 5; i++) {
      const refused = pool.run(() =>
        Promise.reject(
          i % 2 === 0 ? busy() : new ProxyError(504, 'gateway_timeout', { detail: 'too slow' }),
        ),
      );
      await expect(refused).rejects.toBeInstanceOf(ProxyError);
    }
    expect(pool.inFlightAllowed).toBe(1);
    // Another failure is the call's own: the pool does not read it as the service's load.
    await expect(pool.run(() => Promise.reject(new Error('bad answer')))).rejects.toThrow(
      'bad answer',
    );
    expect(pool.inFlightAllowed).toBe(1);
    expect(await pool.run(async () => 'still served')).toBe('still served');
  });

  it('frees the place of a call that throws before it is a promise', async () => {
    const pool = new ReadPool(1);
    await expect(
      pool.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await pool.run(async () => 'next')).toBe('next');
  });
});
