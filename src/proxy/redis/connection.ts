import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Every key the proxy writes starts with this, so a Redis shared with others stays readable. */
export const KEY_PREFIX = 'lci:';
/** `lci:alive:<instance>` exists while the instance runs: its intents and slots are live. */
export const ALIVE_PREFIX = `${KEY_PREFIX}alive:`;

/** An instance refreshes its heartbeat this often; gone this long, it counts as dead. */
const HEARTBEAT_MS = 1_000;
const HEARTBEAT_TTL_MS = 5_000;
/** How often Redis's durability settings are read again (a live CONFIG SET changes them). */
const DURABILITY_MS = 5_000;

export interface Log {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/** One Redis connection per instance, and the name this instance goes by in it. */
export interface SharedStore {
  redis: Redis;
  /** Random per process: intents and slots carry it, so a dead instance's can be told apart. */
  instance: string;
  /** True while the connection is up; every user of the store falls back while it is not. */
  available(): boolean;
  /**
   * Why Redis could lose an acknowledged charge, as last found (empty: it cannot): read at every
   * (re)connection and every few seconds.
   */
  durabilityProblems(): readonly string[];
  close(): Promise<void>;
}

/**
 * Connects to Redis for state every instance shares. Commands never wait for a connection that
 * is down (no offline queue, one short timeout): a scored call is refused at once rather than
 * held, and free data is served from this instance's own cache. The client reconnects by itself.
 * The server's durability is checked at each connection and every few seconds after, and the
 * instance keeps a heartbeat key that lapses within seconds of its death.
 */
export async function connectRedis(url: string, log: Log): Promise<SharedStore> {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 3_000,
    // Reconnects quickly at first, then every second: recovery is within a second of Redis.
    retryStrategy: (times) => Math.min(1_000, 50 * 2 ** Math.min(times, 5)),
    lazyConnect: true,
  });
  const instance = randomBytes(6).toString('hex');
  let up = false;
  let wasDown = false;
  let problems: readonly string[] = [];
  const durability = async () => {
    const found = await readDurability(redis);
    // Said when it changes, not every few seconds.
    if (found.join() !== problems.join() && found.length > 0) warnDurability(log, found);
    else if (found.length === 0 && problems.length > 0)
      log.info({ redis: redact(url) }, 'Redis keeps every acknowledged charge again');
    problems = found;
  };
  const heartbeat = () =>
    redis.set(`${ALIVE_PREFIX}${instance}`, '1', 'PX', HEARTBEAT_TTL_MS).catch(() => undefined);
  redis.on('ready', () => {
    up = true;
    if (wasDown) log.warn({ redis: redact(url) }, 'Redis is reachable again');
    wasDown = false;
    void heartbeat();
    void durability();
  });
  const timers = [
    setInterval(() => {
      if (up) void heartbeat();
    }, HEARTBEAT_MS),
    setInterval(() => {
      if (up) void durability();
    }, DURABILITY_MS),
  ];
  for (const timer of timers) timer.unref();
  redis.on('end', () => (up = false));
  redis.on('close', () => {
    if (up) log.warn({ redis: redact(url) }, 'Redis connection lost; reconnecting');
    up = false;
    wasDown = true;
  });
  // Errors are reported by the calls that meet them; an unhandled 'error' event would crash.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch {
    log.warn(
      { redis: redact(url) },
      'Redis cannot be reached at start-up: free data is served from this instance alone and scored requests are refused until it is',
    );
  }
  return {
    redis,
    instance,
    available: () => up,
    durabilityProblems: () => problems,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      // A clean stop: its heartbeat goes at once, so nothing waits for it to lapse.
      if (up) await redis.del(`${ALIVE_PREFIX}${instance}`).catch(() => undefined);
      up = false;
      redis.disconnect();
    },
  };
}

/** A URL for a log line: its password, if any, replaced. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = 'redacted';
    return parsed.toString();
  } catch {
    return 'redis';
  }
}

/**
 * An acknowledged charge is never lost only if Redis writes every command to its append-only file
 * and fsyncs it before answering (`appendonly yes`, `appendfsync always`), and never evicts a
 * key without an expiry (ledger keys have none: `maxmemory-policy` noeviction or volatile-*).
 * Returns what is not so.
 */
async function readDurability(redis: Redis): Promise<string[]> {
  const problems: string[] = [];
  try {
    const get = async (name: string) => {
      const reply = (await redis.config('GET', name)) as string[];
      return reply[1];
    };
    const appendonly = await get('appendonly');
    const appendfsync = await get('appendfsync');
    const eviction = await get('maxmemory-policy');
    if (appendonly !== 'yes') problems.push(`appendonly is ${appendonly ?? 'unknown'} (needs yes)`);
    if (appendfsync !== 'always')
      problems.push(`appendfsync is ${appendfsync ?? 'unknown'} (needs always)`);
    if (eviction?.startsWith('allkeys'))
      problems.push(`maxmemory-policy is ${eviction} (needs noeviction or volatile-lru)`);
  } catch (error) {
    problems.push(`its configuration could not be read (${(error as Error).message})`);
  }
  return problems;
}

function warnDurability(log: Log, problems: readonly string[]) {
  log.warn(
    { redisDurability: problems },
    `REDIS IS NOT CONFIGURED SO THAT AN ACKNOWLEDGED CHARGE IS NEVER LOST: ${problems.join('; ')}. Run it with --appendonly yes --appendfsync always (see the README, "Several instances"); scored requests are refused until it is, unless REDIS_DURABILITY=warn.`,
  );
}
