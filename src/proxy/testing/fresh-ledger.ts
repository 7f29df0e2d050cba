import type { Redis } from 'ioredis';
import { ALIVE_PREFIX } from '../redis/connection';
import { confirmLedger } from '../usage/ledger-epoch';

/**
 * Empties Redis between tests whose instances keep running, as an operator would start a ledger
 * afresh: every key but the instances' heartbeats deleted (without its heartbeat, a running
 * instance's calls in flight would be swept as if it had died), then confirmed without counting
 * what was there (`ledger:confirm --yes --drop-lost`). Emptied alone, the running instances
 * would rightly refuse scored calls: their ledger is gone.
 */
export async function startLedgerAfresh(redis: Redis) {
  for (let cursor = '0'; ;) {
    const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
    const doomed = keys.filter((key) => !key.startsWith(ALIVE_PREFIX));
    if (doomed.length > 0) await redis.del(...doomed);
    cursor = next;
    if (cursor === '0') break;
  }
  await confirmLedger(redis, { apply: true, drop: true, witnessed: undefined, now: Date.now() });
}
