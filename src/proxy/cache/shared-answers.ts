import { hash } from 'node:crypto';
import { KEY_PREFIX, type SharedStore } from '../redis/connection';
import type { Result } from 'ioredis';

/**
 * Answers shared by every instance, behind each one's own cache. `fetch` gives the stored answer
 * or claims producing it for the fleet; while another instance holds the claim, the caller waits
 * for its answer. When the store cannot be reached, everything here says "produce it yourself":
 * free data keeps being served, one instance at a time.
 */
export interface SharedAnswers {
  fetch(key: string, produce: () => Promise<string>, ttlMs: number | undefined): Promise<string>;
}

/**
 * A claim on producing one answer for the fleet lapses this soon unless its holder renews it,
 * as it does while it works: a holder killed mid-call keeps the others waiting seconds at most.
 */
const CLAIM_MS = 5_000;
const RENEW_MS = 1_500;
/** The longest a caller waits for another instance's answer before producing it itself. */
const WAIT_MS = 60_000;
/** Answers are kept this long in Redis (release data never changes; see `maxmemory-policy`). */
const SHARED_TTL_MS = 7 * 24 * 3600_000;
const POLL_FIRST_MS = 10;
const POLL_MAX_MS = 100;

// Answers and claims can be lost with Redis and be fetched again: they stay out of the
// append-only file, so they never wait for its fsync (which only the ledger needs).
const NOT_DURABLE = 'redis.set_repl(redis.REPL_NONE)';

// Returns {1, answer} when stored, {2} when this caller now holds the claim, {0} otherwise.
const GET_OR_CLAIM = `${NOT_DURABLE}
local answer = redis.call('GET', KEYS[1])
if answer then return {1, answer} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {2} end
return {0}`;

// Extends the claim if it is still this caller's.
const RENEW = `${NOT_DURABLE}
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

// Stores the answer (when given) and lets go of the claim if it is still this caller's.
const PUT_AND_RELEASE = `${NOT_DURABLE}
if ARGV[2] == '1' then redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4]) end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    answerGetOrClaim(
      answer: string,
      claim: string,
      owner: string,
      claimMs: number,
    ): Result<[number, string?], Context>;
    answerRenewClaim(claim: string, owner: string, claimMs: number): Result<number, Context>;
    answerPutAndRelease(
      answer: string,
      claim: string,
      owner: string,
      store: '0' | '1',
      body: string,
      ttlMs: number,
    ): Result<number, Context>;
  }
}

export class RedisAnswers implements SharedAnswers {
  private sequence = 0;

  constructor(
    private readonly store: SharedStore,
    /** The largest answer worth sharing, in bytes (the local cache's own per-entry cap). */
    private readonly maxBytes: number,
  ) {
    store.redis.defineCommand('answerGetOrClaim', { numberOfKeys: 2, lua: GET_OR_CLAIM });
    store.redis.defineCommand('answerPutAndRelease', { numberOfKeys: 2, lua: PUT_AND_RELEASE });
    store.redis.defineCommand('answerRenewClaim', { numberOfKeys: 1, lua: RENEW });
  }

  async fetch(
    key: string,
    produce: () => Promise<string>,
    ttlMs: number | undefined,
  ): Promise<string> {
    // Keys hold user IDs and queries of any length: Redis gets a fixed-size digest.
    const digest = hash('sha256', key, 'base64url');
    const answerKey = `${KEY_PREFIX}answer:${digest}`;
    const claimKey = `${KEY_PREFIX}claim:${digest}`;
    const owner = `${this.store.instance}:${++this.sequence}`;
    let pause = POLL_FIRST_MS;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await this.getOrClaim(answerKey, claimKey, owner);
      if (found.answer !== undefined) {
        return found.answer;
      }
      if (found.claimed || Date.now() > deadline) break;
      // Another instance is producing it: its answer is ours in a moment.
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(POLL_MAX_MS, pause * 2);
    }
    let body: string | undefined;
    const renew = setInterval(() => {
      this.store.redis.answerRenewClaim(claimKey, owner, CLAIM_MS).catch(() => undefined);
    }, RENEW_MS);
    try {
      body = await produce();
      return body;
    } finally {
      clearInterval(renew);
      const keep = body !== undefined && Buffer.byteLength(body) <= this.maxBytes;
      this.store.redis
        .answerPutAndRelease(
          answerKey,
          claimKey,
          owner,
          keep ? '1' : '0',
          keep ? (body ?? '') : '',
          ttlMs ?? SHARED_TTL_MS,
        )
        .catch(() => undefined);
    }
  }

  /** The stored answer, or the claim; with Redis down, the claim (produce it here). */
  private async getOrClaim(
    answerKey: string,
    claimKey: string,
    owner: string,
  ): Promise<{ answer?: string; claimed: boolean }> {
    if (!this.store.available()) return { claimed: true };
    try {
      const [status, answer] = await this.store.redis.answerGetOrClaim(
        answerKey,
        claimKey,
        owner,
        CLAIM_MS,
      );
      if (status === 1 && answer !== undefined) return { answer, claimed: false };
      return { claimed: status === 2 };
    } catch {
      return { claimed: true };
    }
  }
}
