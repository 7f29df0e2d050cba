import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { rateHeaders } from './user-limits';

describe('RateLimit headers', () => {
  it('are left out until the last tenth of the window, then count down to the 429', () => {
    const options = { perMinute: 100 };
    const told = Array.from({ length: 100 }, (_, i) => rateHeaders(options, i + 1, 42));
    // Requests 1-89 leave more than a tenth: nothing to act on yet.
    expect(told.slice(0, 89).every((headers) => Object.keys(headers).length === 0)).toBe(true);
    expect(told[89]).toEqual({
      ratelimit: '"per-user";r=10;t=42',
      'ratelimit-policy': '"per-user";q=100;w=60',
    });
    expect(told[99]?.ratelimit).toBe('"per-user";r=0;t=42');
    try {
      rateHeaders(options, 101, 42);
      expect.unreachable('the 101st request is refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ProxyError);
      expect((error as ProxyError).status).toBe(429);
      expect((error as ProxyError).options.headers).toMatchObject({
        ratelimit: '"per-user";r=0;t=42',
        'retry-after': '42',
      });
    }
  });

  it('tell a small window at least its last request before the limit', () => {
    const options = { perMinute: 3, policy: 'per-address' as const };
    expect(rateHeaders(options, 1, 60)).toEqual({});
    expect(rateHeaders(options, 2, 60).ratelimit).toBe('"per-address";r=1;t=60');
  });
});
