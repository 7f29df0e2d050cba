import { existsSync } from 'node:fs';
import { buildProxy } from './app';
import { ConfigError, proxyConfigFromEnv } from './config';
import { keepConsoleFromEndingProcess } from './log-sink';

/** Runs the proxy on its own against a data service named by DATA_API_URL: `npm run proxy`. */
async function main() {
  keepConsoleFromEndingProcess();
  // An optional .env in the working directory; variables already set win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = proxyConfigFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    ({ app } = await buildProxy({ config }));
  } catch (error) {
    // A ledger file in use by another proxy, or one that cannot be read or written.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await app.listen({ host: config.host, port: config.port });
  console.log(`Proxy listening at http://${config.host}:${config.port}`);
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
