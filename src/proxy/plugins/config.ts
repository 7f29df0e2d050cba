import type { ProxyConfig } from '../config';
import { unencapsulated } from './unencapsulated';

/** What the proxy is built from: its parsed configuration, and the clock and fetch tests replace. */
interface Environment {
  config: ProxyConfig;
  now: () => number;
  fetch: typeof fetch;
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Environment;
  }
}

/** The configuration (already validated at boot, `config.ts`), clock and fetch, for every plugin. */
export const configPlugin = unencapsulated<Environment>('config', async (app, env) => {
  app.decorate('env', { config: env.config, now: env.now, fetch: env.fetch });
});
