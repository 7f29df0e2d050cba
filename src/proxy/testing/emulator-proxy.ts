import { buildProxy, type Proxy } from '../app';
import { proxyConfigFromEnv } from '../config';

/** The client credentials the proxy tests give their emulator, and the proxy in front of it. */
export const TEST_CLIENT = {
  DATA_API_CLIENT_ID: 'explorer-proxy',
  DATA_API_CLIENT_SECRET: 'explorer-proxy-secret',
};

/**
 * A proxy in front of a test emulator (started with `TEST_CLIENT`): its data service, token
 * endpoint and sign-in realm, no SPA, no ledger file, no logs; `env` overrides any of it.
 */
export function proxyOnEmulator(
  emulator: { origin: string },
  env: Record<string, string> = {},
): Promise<Proxy> {
  return buildProxy({
    config: proxyConfigFromEnv({
      DATA_API_URL: emulator.origin,
      // The data service's token endpoint, which the emulator serves at the same path.
      DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
      ...TEST_CLIENT,
      AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      STATIC_DIR: '/nonexistent',
      USAGE_LEDGER_PATH: 'none',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  });
}
