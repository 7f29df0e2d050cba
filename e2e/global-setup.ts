import { randomBytes } from 'node:crypto';
import { startStack, type Running } from './stack';

/**
 * One stack per dialect of the emulator: the journeys run against the documented shapes, and
 * the main ones again against the variant's (playwright.config.ts), unchanged.
 */
export default async function globalSetup() {
  // Known credentials, so a journey can check the explorer's numbers against the service itself.
  const client = { id: 'e2e-explorer', secret: randomBytes(18).toString('base64url') };
  const started = await Promise.allSettled([
    startStack('documented', client),
    startStack('variant', client),
  ]);
  const running = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(running.map((stack) => stack.stop()));
    throw failure.reason;
  }
  const [documented, variant] = running as [Running, Running];
  process.env.E2E_BASE_URL = documented.url;
  process.env.E2E_EMULATOR_URL = documented.emulatorUrl;
  process.env.E2E_VARIANT_BASE_URL = variant.url;
  process.env.E2E_VARIANT_EMULATOR_URL = variant.emulatorUrl;
  process.env.E2E_CLIENT_ID = client.id;
  process.env.E2E_CLIENT_SECRET = client.secret;

  return async () => {
    await Promise.all(running.map((stack) => stack.stop()));
  };
}
