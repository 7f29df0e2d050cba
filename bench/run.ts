/**
 * `npm run bench`: measurements taken side by side in one run, on this machine.
 * - the emulator at full scale (bench/emulator.ts);
 * - the proxy's forwarding path against calling the emulator directly, and the service-token
 *   economy. Client, proxy and emulator share this one process, so that ratio is a floor.
 */
import { performance } from 'node:perf_hooks';
import { buildProxy } from '../src/proxy/app';
import { proxyConfigFromEnv } from '../src/proxy/config';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { startTestEmulator } from '../src/emulator/testing/start';
import { benchEmulator } from './emulator';
import { benchWeb } from './web';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONNECTIONS = 32;

interface Result {
  rps: number;
  p50: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const secret = `bench-${crypto.randomUUID()}`;
  for (const line of await benchEmulator()) console.log(line);
  console.log('');
  for (const line of await benchWeb()) console.log(line);
  console.log('');
  const emulator = await startTestEmulator({
    DATA_API_CLIENT_ID: 'bench',
    DATA_API_CLIENT_SECRET: secret,
    EMULATOR_SCALE: '0.1',
  });
  const config = proxyConfigFromEnv({
    PORT: '0',
    DATA_API_URL: emulator.origin,
    DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
    DATA_API_CLIENT_ID: 'bench',
    DATA_API_CLIENT_SECRET: secret,
    AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
    LOG_LEVEL: 'silent',
    USAGE_LEDGER_PATH: 'none',
    STATIC_DIR: 'dist',
  });
  const proxy = await buildProxy({ config });
  const proxyOrigin = await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const user = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  const serviceToken = (
    (await (
      await fetch(`${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'bench',
          client_secret: secret,
        }),
      })
    ).json()) as { access_token: string }
  ).access_token;

  const before = (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
    token_requests: number;
  };
  // Warm both paths, then measure them one after the other in this run.
  await load(`${emulator.origin}/v0/versions`, { authorization: `Bearer ${serviceToken}` });
  const direct = await load(`${emulator.origin}/v0/versions`, {
    authorization: `Bearer ${serviceToken}`,
  });
  const viaProxy = await load(`${proxyOrigin}/api/versions`, {
    authorization: `Bearer ${user.access_token}`,
  });
  const after = (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
    token_requests: number;
  };

  const fmt = (r: Result) =>
    `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`;
  console.log(
    `Proxy: GET versions, ${REQUESTS} requests over ${CONNECTIONS} connections (Node fetch as the client)`,
  );
  console.log(`  direct to the emulator : ${fmt(direct)}`);
  console.log(`  through the proxy      : ${fmt(viaProxy)}`);
  console.log(`  proxy/direct throughput: ${(viaProxy.rps / direct.rps).toFixed(2)}`);
  console.log(`  proxy added at p50     : ${(viaProxy.p50 - direct.p50).toFixed(2)} ms`);
  console.log(
    `  service-token requests by the proxy for ${REQUESTS} calls: ${after.token_requests - before.token_requests}`,
  );

  await proxy.app.close();
  await emulator.close();
}

await main();
