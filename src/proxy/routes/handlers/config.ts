import type { PublicConfig } from '../../../shared/config';
import type { ProxyConfig } from '../../config';
import { serviceName } from '../../evidence/evidence';
import { EXPLORER_VERSION } from '../../version';

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
      name: serviceName(config.dataApi),
      spoldLookup: config.dataApi.spoldRoute !== null,
      sectorIndex: config.sectorIndex !== 'off',
    },
    explorer: { version: EXPLORER_VERSION },
    licence: { holder: config.licenceHolder },
    limits: {
      requestsPerMinute: config.limits.perMinute,
      concurrentCalls: config.limits.concurrent,
      queuedCalls: config.limits.queue,
      queueSeconds: config.limits.queueMs / 1000,
    },
  };
}
