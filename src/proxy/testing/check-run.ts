import { proxyConfigFromEnv } from '../config';
import { checkUpstream, type CheckReport } from '../upstream/check/check';
import { createDataApi } from '../upstream/data-api';
import { createUndiciClient } from '../upstream/http-client';
import { TokenCache, type TokenGrant } from '../upstream/token-cache';
import { createTokenClient } from '../upstream/token-client';
import { TEST_CLIENT } from './emulator-proxy';

/** A test emulator: where it answers. */
type Emulator = { origin: string };

/**
 * `npm run check:upstream` against a test emulator, as the launcher runs it (its retry budget
 * and tries, the token answer kept for the report, tokens and the secret kept off disk), with
 * the proxy settings in `env`. The HTTP clients it opens are `close`d by the caller.
 */
export function checkRunner() {
  const clients: ReturnType<typeof createUndiciClient>[] = [];
  async function check(
    emulator: Emulator,
    env: Record<string, string> = {},
    options: {
      scored?: boolean;
      outDir?: string;
      announce?: (m: string) => void;
      timeoutMs?: number;
    } = {},
  ): Promise<CheckReport> {
    const config = proxyConfigFromEnv({
      DATA_API_URL: emulator.origin,
      DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
      ...TEST_CLIENT,
      AUTH_MODE: 'none',
      ...env,
    });
    const client = createUndiciClient({ connections: 2 });
    clients.push(client);
    const issued: string[] = [];
    let grant: TokenGrant | undefined;
    const fetchToken = createTokenClient(config.dataApi, 5_000, { fetch, warn: () => undefined });
    const tokens = new TokenCache({
      fetchToken: async () => {
        grant = await fetchToken();
        issued.push(grant.accessToken);
        return grant;
      },
    });
    return checkUpstream({
      dataApi: (observe) =>
        createDataApi(config.dataApi, options.timeoutMs ?? 10_000, {
          send: client.send,
          tokens,
          retryBudgetMs: 20_000,
          maxTries: 8,
          observe,
        }),
      service: emulator.origin,
      settings: config.dataApi,
      scored: options.scored ?? false,
      ...(options.announce ? { announce: options.announce } : {}),
      token: () => grant && { fields: grant.fields ?? [], assumed: grant.assumed ?? [] },
      outDir: options.outDir,
      secrets: () => [config.dataApi.clientSecret, ...issued],
    });
  }
  return {
    check,
    close: async () => {
      for (const client of clients) await client.close();
    },
  };
}

/** The check of one route, by the start of its name; throws naming the routes when none. */
export const routeOf = (report: CheckReport, name: string) => {
  const found = report.routes.find((r) => r.route.startsWith(name));
  if (!found)
    throw new Error(`no check of ${name} in ${report.routes.map((r) => r.route).join(', ')}`);
  return found;
};

/** The routes the check failed. */
export const failuresOf = (report: CheckReport) =>
  report.routes.filter((r) => r.verdict === 'fail');

/** Sets the emulator's faults (`POST /_emulator/faults`). */
export const setFaults = (emulator: { origin: string }, body: unknown) =>
  fetch(`${emulator.origin}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
