import { buildEmulator, type Emulator } from '../app';
import { emulatorConfigFromEnv } from '../config';

/** Starts an emulator on a free loopback port for a test; `close` when done. */
export async function startTestEmulator(
  env: Record<string, string> = {},
  options: { now?: () => number } = {},
): Promise<Emulator & { origin: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const config = emulatorConfigFromEnv({
    EMULATOR_PORT: String(port),
    EMULATOR_PUBLIC_ORIGIN: origin,
    EMULATOR_SPA_ORIGINS: 'http://spa.test',
    EMULATOR_SCALE: '0.05',
    // The proxy's tests run once per dialect (vitest.config.ts); a test may still pick one.
    ...(process.env.EMULATOR_DIALECT ? { EMULATOR_DIALECT: process.env.EMULATOR_DIALECT } : {}),
    ...env,
  });
  const emulator = await buildEmulator({ config, ...(options.now ? { now: options.now } : {}) });
  await emulator.app.listen({ host: '127.0.0.1', port });
  return { ...emulator, origin, close: () => emulator.app.close() };
}
