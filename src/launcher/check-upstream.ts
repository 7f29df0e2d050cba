import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildEmulator } from '../emulator/app';
import { emulatorConfigFromEnv, EmulatorConfigError } from '../emulator/config';
import { ConfigError, proxyConfigFromEnv } from '../proxy/config';
import { checkUpstream, formatReport } from '../proxy/upstream/check/check';
import { createDataApi } from '../proxy/upstream/data-api';
import { createUndiciClient } from '../proxy/upstream/http-client';
import { TokenCache } from '../proxy/upstream/token-cache';
import { createTokenClient } from '../proxy/upstream/token-client';
import { freePort, pointAtEmulator } from './stack';

const USAGE = `npm run check:upstream -- [--scored] [--out DIR] [--no-save]

Asks the data service named by DATA_API_URL (unset: the embedded emulator) every route the
explorer uses, with free calls only, and says what differs from what the explorer expects.
  --scored   also make one call with scores (1 dataset × 1 indicator), which is billed
  --out DIR  where to save the raw answers (default .data/check-upstream/<time>)
  --no-save  save nothing
Exit code 0 when the explorer can work with the service as configured.`;

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
    const tokens = new TokenCache({
      fetchToken: async () => {
        const grant = await fetchToken();
        issued.push(grant.accessToken);
        return grant;
      },
    });
    const dataApi = createDataApi(config.dataApi, config.timeouts.upstreamMs, {
      send: client.send,
      tokens,
      maxResponseBytes: config.upstreamMaxResponseBytes,
    });
    const outDir = values['no-save']
      ? undefined
      : path.resolve(
          values.out ??
            path.join('.data', 'check-upstream', new Date().toISOString().replace(/[:.]/g, '-')),
        );
    const report = await checkUpstream({
      dataApi,
      service: `${config.dataApi.origin}${config.dataApi.basePath}`,
      settings: config.dataApi,
      scored: values.scored,
      announce: (message) => console.log(message),
      outDir,
      secrets: () => [config.dataApi.clientSecret, ...issued],
    });
    console.log(formatReport(report));
    return report.works ? 0 : 1;
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
