/** Child process of the benchmarks: starts an emulator and reports how it went, on one line. */
import { performance } from 'node:perf_hooks';
import { buildEmulator } from '../src/emulator/app';
import { emulatorConfigFromEnv } from '../src/emulator/config';
import { freePort } from '../src/launcher/stack';

// The issuer must name the real port, so it is chosen before the emulator is built.
const port = await freePort();
const config = emulatorConfigFromEnv({
  EMULATOR_PORT: String(port),
  EMULATOR_PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  // A bench that signs a browser in names the proxy's origins; the others need none.
  EMULATOR_SPA_ORIGINS: process.env.EMULATOR_SPA_ORIGINS ?? 'http://spa.test',
  EMULATOR_SCALE: process.env.EMULATOR_SCALE ?? '1',
  EMULATOR_LATENCY_MS: process.env.EMULATOR_LATENCY_MS ?? '0',
});
const emulator = await buildEmulator({ config });
const address = await emulator.app.listen({ host: '127.0.0.1', port });
const listening = performance.now();
await emulator.state.store.warm();
const warmed = performance.now();
process.stdout.write(
  `${JSON.stringify({
    address,
    listeningMs: listening,
    warmedMs: warmed,
    rssMb: process.memoryUsage().rss / 1e6,
    clientId: config.client.id,
    clientSecret: config.client.secret,
  })}\n`,
);
process.on('SIGTERM', () => {
  void emulator.app.close().then(() => process.exit(0));
});
