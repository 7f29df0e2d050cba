import { afterAll, afterEach, beforeAll } from 'vitest';
import { connectRedis, type SharedStore } from '../redis/connection';
import { startRedisServer, type RedisServer } from './redis-server';

/**
 * A real redis-server for one test file, and connections to it as proxy instances make them:
 * each test starts from an empty server, and its connections are closed after it.
 */
export function useRedisServer() {
  let server: RedisServer | undefined;
  const stores: SharedStore[] = [];
  const quiet = { warn: () => undefined, info: () => undefined };
  const running = () => {
    if (!server) throw new Error('the redis-server did not start');
    return server;
  };
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    const cleaner = await connectRedis(running().url, quiet);
    await cleaner.redis.flushall();
    await cleaner.close();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    server: running,
    /** This test's connections so far, first made first. */
    connected: (): readonly SharedStore[] => stores,
    /** A connection as one instance has it, closed after the test. */
    connect: async () => {
      const store = await connectRedis(running().url, quiet);
      stores.push(store);
      return store;
    },
  };
}
