import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../src/launcher/stack';

/**
 * Starts the emulator and the proxy (serving the built SPA) on free loopback ports, once for
 * every worker. `npm test` builds the SPA before the journeys run.
 */
export default async function globalSetup() {
  const stack = await startStack({
    env: {
      ...process.env,
      PORT: '0',
      EMULATOR_PORT: '0',
      LOG_LEVEL: 'warn',
      USAGE_LEDGER_PATH: path.join(mkdtempSync(path.join(tmpdir(), 'e2e-ledger-')), 'usage.jsonl'),
      DATA_API_URL: undefined,
      AUTH_MODE: 'oidc',
      AUTH_ISSUER: undefined,
    },
  });
  process.env.E2E_BASE_URL = stack.url;
  if (stack.emulatorUrl) process.env.E2E_EMULATOR_URL = stack.emulatorUrl;
  if (stack.emulatorClient) {
    process.env.E2E_CLIENT_ID = stack.emulatorClient.id;
    process.env.E2E_CLIENT_SECRET = stack.emulatorClient.secret;
  }
  return async () => {
    await stack.close();
  };
}
