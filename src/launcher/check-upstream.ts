import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { buildEmulator } from '../emulator/app';
import { emulatorConfigFromEnv, EmulatorConfigError } from '../emulator/config';
import { ConfigError, proxyConfigFromEnv } from '../proxy/config';
import { checkUpstream, exitCodeOf, formatReport } from '../proxy/upstream/check/check';
import type { TokenGrant } from '../proxy/upstream/token-cache';
import { createDataApi } from '../proxy/upstream/data-api';
import { createUndiciClient } from '../proxy/upstream/http-client';
import { TokenCache } from '../proxy/upstream/token-cache';
import { createTokenClient } from '../proxy/upstream/token-client';
import { freePort, pointAtEmulator } from './stack';

const USAGE = `npm run check:upstream -- [--scored] [--out DIR] [--no-save]

Asks the data service named by DATA_API_URL (unset: the embedded emulator) what the explorer
asks, with the parameters the proxy sends, and says what differs and which setting or adapter
file fixes it. On a terminal it asks before the one billed call that checks the scores.
  --scored   make the one call with scores (1 dataset × 1 indicator) without asking
  --out DIR  where to save the raw answers (default .data/check-upstream/<time>)
  --no-save  save nothing
Exit codes: 0 the explorer works with the service, scores included; 1 it cannot as configured;
2 a setting is invalid or the check could not run; 3 it works, but the scores were not checked.`;

/** How long the check waits out a busy service in all, per call: it has time, a page has not. */
const CHECK_RETRY_MS = 60_000;

/** A yes or no on the terminal; no when it is not one. */
async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim());
  } finally {
    rl.close();
  }
}

/** `npm run check:upstream`: the contract check, against the configured service. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scored: { type: 'boolean', default: false },
      out: { type: 'string' },
      'no-save': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  // Only the data service's settings matter here: no user signs in.
  const env: NodeJS.ProcessEnv = { ...process.env, AUTH_MODE: 'none', HOST: '127.0.0.1' };

  let emulator: Awaited<ReturnType<typeof buildEmulator>> | undefined;
  if (!env.DATA_API_URL) {
    const config = emulatorConfigFromEnv({ ...env, EMULATOR_PORT: String(await freePort()) });
    emulator = await buildEmulator({ config });
    await emulator.app.listen({ host: config.host, port: config.port });
    pointAtEmulator(env, config);
    console.log(`No DATA_API_URL: checking the embedded emulator (${config.dialect} dialect).`);
  }
  const client = createUndiciClient({ connections: 4 });
  try {
    const config = proxyConfigFromEnv(env);
    const fetchToken = createTokenClient(config.dataApi, config.timeouts.tokenMs, {
      fetch,
      warn: (message) => console.warn(message),
    });
    // Every token this run holds, so none can reach a saved answer.
    const issued: string[] = [];
    let grant: TokenGrant | undefined;
    const tokens = new TokenCache({
      fetchToken: async () => {
        grant = await fetchToken();
        issued.push(grant.accessToken);
        return grant;
      },
    });
    const outDir = values['no-save']
      ? undefined
      : path.resolve(
          values.out ??
            path.join('.data', 'check-upstream', new Date().toISOString().replace(/[:.]/g, '-')),
        );
    const report = await checkUpstream({
      dataApi: (observe) =>
        createDataApi(config.dataApi, config.timeouts.upstreamMs, {
          send: client.send,
          tokens,
          maxResponseBytes: config.upstreamMaxResponseBytes,
          retryBudgetMs: CHECK_RETRY_MS,
          maxTries: 8,
          observe,
        }),
      service: `${config.dataApi.origin}${config.dataApi.basePath}`,
      settings: config.dataApi,
      scored: values.scored,
      confirm: process.stdin.isTTY && process.stdout.isTTY ? confirm : undefined,
      announce: (message) => console.log(message),
      token: () => grant && { fields: grant.fields ?? [], assumed: grant.assumed ?? [] },
      outDir,
      secrets: () => [config.dataApi.clientSecret, ...issued],
    });
    console.log(formatReport(report));
    return exitCodeOf(report);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmulatorConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await client.close();
    await emulator?.app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
