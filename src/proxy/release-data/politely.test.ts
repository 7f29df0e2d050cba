import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { politely } from './politely';

describe('politely', () => {
  const limited = (retryAfter?: string) =>
    new ProxyError(429, 'rate_limited', {
      headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
    });

  it('waits as long as a 429 asks before calling again, and doubles when it does not say', async () => {
    const waits: number[] = [];
    const retry = politely(async (ms) => {
      waits.push(ms);
    });
    const answers = [limited('3'), limited(), limited(), 'done'];
    let calls = 0;
    const result = await retry(async () => {
      const next = answers[calls++];
      if (next instanceof Error) throw next;
      return next;
    });
    expect(result).toBe('done');
    expect(waits).toEqual([3000, 2000, 4000]);
  });

  it('gives up after five tries, and never retries another failure', async () => {
    const retry = politely(async () => undefined);
    let calls = 0;
    await expect(
      retry(async () => {
        calls++;
        throw limited('1');
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(calls).toBe(5);
    calls = 0;
    await expect(
      retry(async () => {
        calls++;
        throw new ProxyError(502, 'upstream_error');
      }),
    ).rejects.toMatchObject({ status: 502 });
    expect(calls).toBe(1);
  });
});
