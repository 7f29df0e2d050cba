import type { Result } from 'ioredis';
import { KEY_PREFIX, type SharedStore } from '../redis/connection';
import { EvidenceRecordSchema, type EvidenceRecord } from './digest';
import { unavailable, type EvidenceHealth, type EvidenceStore } from './store';

const RECORD_PREFIX = `${KEY_PREFIX}evidence:record:`;
const ORDER_KEY = `${KEY_PREFIX}evidence:order`;
const SEQUENCE_KEY = `${KEY_PREFIX}evidence:sequence`;
/** Digests read with one MGET at most. */
const READ_CHUNK = 1_000;

// Keeps each record and its place in the order in one step, then drops the oldest past the
// cap. Written to the append-only file like the ledger (no REPL_NONE): evidence is not refetched.
const KEEP = `
local max = tonumber(ARGV[1])
local prefix = ARGV[2]
for i = 3, #ARGV, 2 do
  redis.call('SET', prefix .. ARGV[i], ARGV[i + 1])
  redis.call('ZADD', KEYS[1], redis.call('INCR', KEYS[2]), ARGV[i])
end
local over = redis.call('ZCARD', KEYS[1]) - max
if over > 0 then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, over - 1)
  for _, digest in ipairs(oldest) do redis.call('DEL', prefix .. digest) end
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
end
return 1`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    evidenceKeep(...args: (string | number)[]): Result<number, Context>;
  }
}

/**
 * The evidence of every instance in the Redis they share (`REDIS_URL`): a key per record and a
 * sorted set of the records in the order kept, at most `maxRecords` of them, the oldest dropped
 * in the same script that adds. While Redis cannot be reached, scored answers are refused (the
 * usage ledger refuses them then as well).
 */
export class RedisEvidence implements EvidenceStore {
  readonly kind = 'redis';

  constructor(
    private readonly store: SharedStore,
    readonly maxRecords: number,
  ) {
    store.redis.defineCommand('evidenceKeep', { numberOfKeys: 2, lua: KEEP });
  }

  async keep(records: readonly EvidenceRecord[]): Promise<void> {
    if (records.length === 0) return;
    if (!this.store.available()) throw unavailable('Redis cannot be reached');
    const args = records.flatMap((record) => [record.digest, JSON.stringify(record)]);
    try {
      await this.store.redis.evidenceKeep(
        ORDER_KEY,
        SEQUENCE_KEY,
        this.maxRecords,
        RECORD_PREFIX,
        ...args,
      );
    } catch (error) {
      throw unavailable(`Redis did not take them: ${(error as Error).message}`);
    }
  }

  async find(digests: readonly string[]): Promise<Map<string, EvidenceRecord>> {
    const found = new Map<string, EvidenceRecord>();
    const unique = [...new Set(digests)];
    for (let from = 0; from < unique.length; from += READ_CHUNK) {
      const chunk = unique.slice(from, from + READ_CHUNK);
      const values = await this.store.redis.mget(chunk.map((digest) => RECORD_PREFIX + digest));
      values.forEach((value, i) => {
        if (value === null) return;
        try {
          const parsed = EvidenceRecordSchema.safeParse(JSON.parse(value));
          if (parsed.success && parsed.data.digest === chunk[i])
            found.set(parsed.data.digest, parsed.data);
        } catch {
          // Not a record of ours: as good as none.
        }
      });
    }
    return found;
  }

  health(): EvidenceHealth {
    return this.store.available()
      ? { ok: true }
      : { ok: false, code: 'evidence_unavailable', detail: 'Redis cannot be reached' };
  }

  async close(): Promise<void> {
    // The connection is the shared store's, closed by its own plugin.
  }
}
