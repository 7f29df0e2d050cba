import { MAX_PAGE_LIMIT } from '../../shared/api/routes';
import type { ProxyConfig } from '../config';
import { createDataApi, type DataApi } from '../upstream/data-api';
import { createUpstreamAdapter, type UpstreamAdapter } from '../upstream/adapter';
import { createUndiciClient, type UpstreamRequest } from '../upstream/http-client';
import { TokenCache } from '../upstream/token-cache';
import { createTokenClient } from '../upstream/token-client';
import { unencapsulated } from './unencapsulated';

/** The data service as the proxy reaches it: its token, its transport and its adapter. */
interface DataService {
  tokens: TokenCache;
  dataApi: DataApi;
  adapter: UpstreamAdapter;
  /** Sends of one call at most: a page of 100 in pages of the service's size, one after a 401. */
  sends: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    dataService: DataService;
  }
}

/** Sends of one call at most: a page of 100 asked in pages of the service's size, one after a 401. */
export const sendsPerCall = (config: ProxyConfig) =>
  Math.ceil(MAX_PAGE_LIMIT / config.dataApi.pageSize) + 1;

/** The service token (cached, single flight), the transport (undici unless given) and the adapter. */
export const dataServicePlugin = unencapsulated<{ upstream?: UpstreamRequest | undefined }>(
  'data-service',
  async (app, options) => {
    const { config, now, fetch } = app.env;
    const tokens = new TokenCache({
      fetchToken: createTokenClient(config.dataApi, config.timeouts.tokenMs, {
        fetch,
        warn: (message) => app.log.warn(message),
      }),
      now,
    });
    let send = options.upstream;
    if (!send) {
      const client = createUndiciClient();
      send = client.send;
      app.addHook('onClose', () => client.close());
    }
    const redirects = new Set<string>();
    const dataApi = createDataApi(config.dataApi, config.timeouts.upstreamMs, {
      send,
      tokens,
      maxResponseBytes: config.upstreamMaxResponseBytes,
      retryBudgetMs: config.timeouts.retryMs,
      redirected: (from, to) => {
        // Once per path: the operator needs to know where the service points, not every call.
        if (redirects.has(from) || redirects.size >= 100) return;
        redirects.add(from);
        app.log.warn(
          { from, to },
          'the data service redirected a call; followed once (same origin)',
        );
      },
    });
    // Which of the shapes it knows the service sent, per route: logged once, and each change.
    const adapter = createUpstreamAdapter(
      dataApi,
      config.dataApi,
      (route, variant) => app.log.info({ route, variant }, 'the data service’s answer shape'),
      (fields) =>
        app.log.warn(
          fields,
          'the data service lists more than its total says: the total is a lower bound; lists are read to their end and such totals shown as “at least”',
        ),
    );
    app.decorate('dataService', { tokens, dataApi, adapter, sends: sendsPerCall(config) });
  },
);
