import { ProxyError } from '../errors';

/** Tries after a 429 before a call fails, and the longest wait the service may ask for. */
const MAX_TRIES = 5;
const MAX_WAIT_MS = 30_000;

/** Whether the service asked for fewer calls: a 429, or busy (503 `upstream_busy`). */
export const asksForLess = (error: unknown): error is ProxyError =>
  error instanceof ProxyError && (error.status === 429 || error.code === 'upstream_busy');

/**
 * Calls the service again after a 429 or a busy service (503 `upstream_busy`, once the
 * transport's own short waits are spent), waiting as long as its Retry-After says (or doubling
 * from a second): reading a release in the background may wait longer than a user's page, and
 * never hammers a service that asks for less.
 */
export function politely(sleep: (ms: number) => Promise<void>) {
  return async <T>(call: () => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!asksForLess(error) || attempt >= MAX_TRIES) throw error;
        const asked = Number(error.options.headers?.['retry-after']);
        const wait = Number.isFinite(asked) && asked > 0 ? asked * 1000 : 1000 * 2 ** (attempt - 1);
        await sleep(Math.min(MAX_WAIT_MS, wait));
      }
    }
  };
}
