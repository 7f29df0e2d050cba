import { existsSync } from 'node:fs';
import { emulatorConfigFromEnv } from './config';
import { buildEmulator } from './app';
import { DEMO_USERS } from './identity/demo-users';

/** Runs the emulator on its own: `npm run emulator`. */
async function main() {
  // An optional .env in the working directory; variables already set win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = emulatorConfigFromEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const { app, state } = await buildEmulator({ config });
  await app.listen({ host: config.host, port: config.port });
  void state.store.warm();
  console.log(`Data-service emulator at ${config.publicOrigin}`);
  if (config.client.generated) {
    console.log(
      `Client credentials: DATA_API_CLIENT_ID=${config.client.id} (secret generated for this run; set DATA_API_CLIENT_ID and DATA_API_CLIENT_SECRET to choose them)`,
    );
  }
  console.log(`Demo users: ${DEMO_USERS.map((u) => u.username).join(', ')} (password "demo")`);
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
