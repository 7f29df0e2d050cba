import { ProxyError } from '../errors';

/** Why the Redis ledger refuses scored calls and its reads, as the 503s a client meets. */

export const notDurable = (problems: readonly string[]) =>
  new ProxyError(503, 'usage_ledger_not_durable', {
    detail: `The usage ledger's Redis could lose acknowledged charges (${problems.join('; ')}), so requests for scores are refused rather than counted where they may be forgotten.`,
    hint: 'Run Redis with appendonly yes and appendfsync always (see the README, "Several instances"), or accept the risk with REDIS_DURABILITY=warn',
    headers: { 'retry-after': '30' },
  });

export const unavailable = () =>
  new ProxyError(503, 'usage_ledger_unavailable', {
    detail:
      'The usage ledger shared by the proxy’s instances (Redis) cannot be reached, so requests for scores are refused rather than answered uncounted. Documentation stays available.',
    hint: 'Try again in a moment; the proxy reconnects by itself',
    headers: { 'retry-after': '5' },
  });
