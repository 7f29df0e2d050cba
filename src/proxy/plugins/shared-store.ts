import { connectRedis, type SharedStore } from '../redis/connection';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store every instance shares, when REDIS_URL is set. */
    sharedStore: SharedStore | undefined;
  }
}

/**
 * Redis, when REDIS_URL names one: answers, ledger and budget, limits and release reads live
 * there for the fleet. Closed after everything that writes to it (the app plugin's ledger), as
 * Fastify runs a plugin's onClose hooks after those of plugins registered after it.
 */
export const sharedStorePlugin = unencapsulated('shared-store', async (app) => {
  const url = app.env.config.redisUrl;
  const store = url ? await connectRedis(url, app.log) : undefined;
  app.decorate('sharedStore', store);
  if (store) app.addHook('onClose', () => store.close());
});
