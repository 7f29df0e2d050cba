import type { PublicConfig } from '../../../shared/config';
import type { ProxyConfig } from '../../config';

/** `GET /api/config`: the public sign-in settings and what this explorer offers; never a secret. */
export function publicConfig(config: ProxyConfig): PublicConfig {
  return {
    auth:
      config.auth.mode === 'oidc'
        ? {
            mode: 'oidc',
            issuer: config.auth.issuer,
            clientId: config.auth.clientId,
            scope: config.auth.scope,
            programClientId: config.auth.programClientId,
          }
        : { mode: 'none' },
    dataService: {
      emulated: config.dataApi.emulated,
      spoldLookup: config.dataApi.spoldRoute !== null,
      sectorIndex: config.sectorIndex !== 'off',
    },
    limits: {
      requestsPerMinute: config.limits.perMinute,
      concurrentCalls: config.limits.concurrent,
      queuedCalls: config.limits.queue,
      queueSeconds: config.limits.queueMs / 1000,
    },
  };
}
