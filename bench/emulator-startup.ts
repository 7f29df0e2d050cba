/** Child process of bench/emulator.ts: starts a full-scale emulator and reports how it went. */
import { performance } from 'node:perf_hooks';
import { buildEmulator } from '../src/emulator/app';
import { emulatorConfigFromEnv } from '../src/emulator/config';

const config = emulatorConfigFromEnv({
  EMULATOR_PORT: '0',
  EMULATOR_SCALE: process.env.EMULATOR_SCALE ?? '1',
});
const emulator = await buildEmulator({ config });
const address = await emulator.app.listen({ host: '127.0.0.1', port: 0 });
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
