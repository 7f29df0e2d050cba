import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { freePort } from '../src/launcher/stack';
import { emulatorStats, spawnEmulator, type Started } from './emulator';
import { CONNECTIONS, DURATION, fmt, fmtCpu, load, type Load } from './load';
import { yardsticks } from './nginx-yardstick';
import { percentile } from './stats';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SERVICE_LATENCY_MS = 20;

async function setFaults(emulator: Started, faults: Record<string, number>) {
  const response = await fetch(`${emulator.address}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`emulator faults: HTTP ${response.status}`);
}

/** The yardstick of bench/passthrough.ts in its own process. */
async function spawnPassthrough(emulator: Started, token: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/passthrough.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PASSTHROUGH_UPSTREAM: emulator.address,
      PASSTHROUGH_TOKEN: token,
    },
  });
  await once(child.stdout, 'data');
  return { origin: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** What every proxy of the benchmark runs with: no logs, no ledger file, no limits in the way. */
const proxyEnv = (emulator: Started, issuer: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_API_URL: emulator.address,
  DATA_API_TOKEN_URL: `${emulator.address}/realms/ecoinvent/protocol/openid-connect/token`,
  DATA_API_CLIENT_ID: emulator.clientId,
  DATA_API_CLIENT_SECRET: emulator.clientSecret,
  AUTH_ISSUER: issuer,
  LOG_LEVEL: 'silent',
  USAGE_LEDGER_PATH: 'none',
  USAGE_WITNESS_PATH: 'none',
  RATE_LIMIT_PER_MINUTE: '1000000',
  USER_CONCURRENCY: '1000',
  // One user sends every request of the load: its free calls are not what is measured.
  USER_FREE_CALLS_PER_HOUR: '0',
  STATIC_DIR: 'dist',
});

export async function spawnProxy(
  emulator: Started,
  issuer: string,
  env: Record<string, string> = {},
) {
  const port = await freePort();
  return proxyProcess({ ...proxyEnv(emulator, issuer), ...env }, port);
}

/** `src/proxy/main.ts` in a process of its own with exactly `env`, listening on `port`. */
export async function proxyProcess(env: NodeJS.ProcessEnv, port: number) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/pprof'] : []),
      '--import',
      'tsx',
      'src/proxy/main.ts',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...env, PORT: String(port) } },
  );
  await once(child.stdout, 'data');
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => child.kill('SIGTERM'),
    stopped: () => ended(child),
  };
}

/** Ends a child process and resolves once it has exited. */
export async function ended(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  await exit;
}

/**
 * The proxy in its own process against the emulator in another, loaded by autocannon from this
 * one, side by side with the same load sent to the emulator directly.
 */
export async function benchProxy(): Promise<string[]> {
  const { started: emulator, pid: emulatorPid, stop: stopEmulator } = await spawnEmulator();
  const issuer = `${emulator.address}/realms/explorer`;
  const proxy = await spawnProxy(emulator, issuer);
  try {
    const user = await signInWithCode({
      emulatorOrigin: emulator.address,
      redirectOrigin: 'http://spa.test',
    });
    const tokenUrl = `${emulator.address}/realms/ecoinvent/protocol/openid-connect/token`;
    const serviceToken = async () =>
      (
        (await (
          await fetch(tokenUrl, {
            method: 'POST',
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: emulator.clientId,
              client_secret: emulator.clientSecret,
            }),
          })
        ).json()) as { access_token: string }
      ).access_token;
    const direct = { authorization: `Bearer ${await serviceToken()}`, 'x-user-id': 'bench' };
    const viaProxy = { authorization: `Bearer ${user.access_token}` };

    // Distinct requests, so every proxied one misses the cache: IDs × releases × system models.
    const ids: number[] = [];
    const queries = [
      'electricity',
      'transport',
      'steel',
      'cement',
      'heat',
      'market',
      'production',
      'treatment',
      'waste',
      'water',
      'wood',
      'paper',
      'glass',
      'copper',
      'aluminium',
      'natural gas',
      'diesel',
      'polyethylene',
      'wheat',
      'lorry',
      'fertiliser',
      'acid',
    ];
    for (const query of queries) {
      const page = (await (
        await fetch(`${emulator.address}/v0/datasets?query=${query}&limit=100`, { headers: direct })
      ).json()) as {
        results: { products: { datasets: { id: number }[] }[] }[];
      };
      ids.push(
        ...page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))),
      );
    }
    // Release 3.12's cutoff, apos and EN15804 all hold every dataset its cutoff search found.
    const unique = [...new Set(ids)];
    const combos = ['cutoff', 'apos', 'EN15804'].map(
      (model) => `version=3.12&system_model=${model}`,
    );
    const missPaths = combos.flatMap((release) =>
      unique.map((id) => `/api/datasets/${id}?${release}`),
    );
    const directPaths = missPaths.map((path) => path.replace('/api/', '/v0/'));

    // One request at a time: what the proxy adds to a single call, with no queueing.
    const sequential = async (
      origin: string,
      headers: Record<string, string>,
      paths: readonly string[],
    ) => {
      const times: number[] = [];
      for (const path of paths.slice(0, 300)) {
        const t0 = performance.now();
        await (await fetch(`${origin}${path}`, { headers })).arrayBuffer();
        times.push(performance.now() - t0);
      }
      return percentile(times, 0.5);
    };
    const offset = Math.floor(missPaths.length / 2);
    const oneDirect = await sequential(emulator.address, direct, directPaths.slice(offset));
    const oneProxied = await sequential(proxy.origin, viaProxy, missPaths.slice(offset));

    // With no service latency, every process is busy on two cores: the throughput ratio is then
    // about CPU per request. The pass-through is the yardstick: the least a Node proxy costs.
    const passthrough = await spawnPassthrough(
      emulator,
      direct.authorization.slice('Bearer '.length),
    );
    const directResult = await load(emulator.address, direct, directPaths, {
      emulator: emulatorPid,
    });
    const passResult = await load(
      passthrough.origin,
      {},
      directPaths.map((path) => path.replace('/v0/', '/api/')),
      {
        passthrough: passthrough.pid,
        emulator: emulatorPid,
      },
    );
    passthrough.stop();
    const missResult = await load(proxy.origin, viaProxy, missPaths, {
      proxy: proxy.pid,
      emulator: emulatorPid,
    });

    // With a data service 20 ms away (the real one is across the internet), on a fresh proxy.
    await setFaults(emulator, { latency_ms: SERVICE_LATENCY_MS });
    const remote = await spawnProxy(emulator, issuer);
    await sequential(remote.origin, viaProxy, missPaths.slice(offset)); // warm it up first
    const remoteDirect = await load(emulator.address, direct, [...directPaths].reverse());
    const remoteMiss = await load(remote.origin, viaProxy, [...missPaths].reverse(), {
      proxy: remote.pid,
    });
    remote.stop();
    await setFaults(emulator, { latency_ms: 0 });
    const hitPath = '/api/datasets/8279?version=3.12&system_model=cutoff';
    const hitResult = await load(proxy.origin, viaProxy, [hitPath], { proxy: proxy.pid });

    // Answers on the wire: as they are, and gzipped for a browser (which always accepts gzip).
    // Node's fetch asks for gzip unless told otherwise: the plain answer is asked for as identity.
    const gzip = { ...viaProxy, 'accept-encoding': 'gzip' };
    const identity = { ...viaProxy, 'accept-encoding': 'identity' };
    const wire = async (path: string, headers: Record<string, string>) => {
      for (;;) {
        const response = await fetch(`${proxy.origin}${path}`, { headers });
        // Node's fetch would undo the gzip: the size sent is its Content-Length.
        const bytes = Number(response.headers.get('content-length'));
        const body = await response.text();
        if (!body.includes('"status":"building"')) return bytes;
        await sleep(200);
      }
    };
    const searchPath = '/api/datasets?query=electricity&version=3.12&system_model=cutoff&limit=100';
    const changesPath = '/api/changes?version=3.12&system_model=cutoff&from=3.11';
    const sizes = [];
    for (const [what, path] of [
      ['search page of 100', searchPath],
      ['changes 3.11 → 3.12', changesPath],
    ] as const) {
      const plain = await wire(path, identity);
      sizes.push({ what, plain, gzipped: await wire(path, gzip) });
    }
    const plainHits = await load(proxy.origin, viaProxy, [searchPath], { proxy: proxy.pid });
    const gzipHits = await load(proxy.origin, gzip, [searchPath], { proxy: proxy.pid });

    // A mix of cached answers, a fifth of them for IDs the release lacks: every fifth path asks
    // for an ID no release has.
    const mixPaths = unique
      .slice(0, 400)
      .map((id, i) =>
        i % 5 === 4
          ? `/api/datasets/${9_000_000 + i}?version=3.12&system_model=cutoff`
          : `/api/datasets/${id}?version=3.12&system_model=cutoff`,
      );

    // nginx as the yardstick, and two instances sharing Redis: each miss run is one pass over
    // paths no cache has seen (the runs above cycle through theirs and end partly on hits).
    const yard = await yardsticks({
      emulator,
      emulatorPid,
      token: direct.authorization.slice('Bearer '.length),
      direct,
      viaProxy,
      spawnProxy: () => spawnProxy(emulator, issuer),
      env: proxyEnv(emulator, issuer),
      paths: missPaths,
      hitPath,
      hitResult,
      mixPaths,
    });

    // The sector index of a release at full scale: how long until sector searches work.
    const apiRequests = async () => (await emulatorStats(emulator.address)).api_requests;
    const callsBefore = await apiRequests();
    const indexStart = performance.now();
    let indexed = 0;
    for (;;) {
      const answer = (await (
        await fetch(`${proxy.origin}/api/sectors?version=3.12&system_model=consequential`, {
          headers: viaProxy,
        })
      ).json()) as { status: string; datasets?: number };
      if (answer.status === 'ready') {
        indexed = answer.datasets ?? 0;
        break;
      }
      if (answer.status !== 'building') throw new Error(`sector index: ${JSON.stringify(answer)}`);
      await sleep(100);
    }
    const indexSeconds = (performance.now() - indexStart) / 1000;
    const indexCalls = (await apiRequests()) - callsBefore;

    // Token economy: a 12 s token, then 1 000 concurrent distinct requests inside its last 1.2 s.
    await setFaults(emulator, { token_ttl_seconds: 12 });
    const fresh = await spawnProxy(emulator, issuer);
    let tokenRequests: number;
    try {
      const stats = async () => (await emulatorStats(emulator.address)).token_requests;
      await fetch(`${fresh.origin}/api/datasets/8279?version=3.12`, { headers: viaProxy });
      const before = await stats();
      await sleep(11_300);
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          fetch(
            `${fresh.origin}/api/datasets/${ids[i % ids.length] ?? 8279}?version=3.12&system_model=${i < ids.length ? 'EN15804' : 'apos'}`,
            {
              headers: viaProxy,
            },
          ).then((response) => response.status),
        ),
      );
      tokenRequests = (await stats()) - before;
      if (answers.some((status) => status !== 200))
        throw new Error(`token economy: ${answers.filter((s) => s !== 200).length} failed`);
    } finally {
      fresh.stop();
    }

    const ratio = (a: Load, b: Load) => (a.rps / b.rps).toFixed(2);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    return [
      `Proxy (own process) vs emulator direct, autocannon ${CONNECTIONS} connections × ${DURATION} s each, ${missPaths.length} distinct paths`,
      `  no service latency (CPU-bound: load generator, proxy and emulator share ${cpus().length} cores)`,
      `    direct, GET dataset        : ${fmt(directResult)}; CPU per request: ${fmtCpu(directResult)}`,
      `    bare pass-through (yardstick): ${fmt(passResult)}; CPU per request: ${fmtCpu(passResult)}`,
      `    proxy, cache miss          : ${fmt(missResult)}; CPU per request: ${fmtCpu(missResult)}`,
      `    of direct throughput       : proxy ${ratio(missResult, directResult)}, bare pass-through ${ratio(passResult, directResult)} (target ≥ 0.70); proxy ÷ pass-through ${ratio(missResult, passResult)}; proxy adds ${missResult.p50 - directResult.p50} ms at p50 (target ≤ 2 ms)`,
      `    one request at a time, p50 : direct ${oneDirect.toFixed(2)} ms, through the proxy ${oneProxied.toFixed(2)} ms: adds ${(oneProxied - oneDirect).toFixed(2)} ms (target ≤ 2 ms)`,
      `  data service ${SERVICE_LATENCY_MS} ms away (emulator latency), fresh proxy`,
      `    direct, GET dataset        : ${fmt(remoteDirect)}`,
      `    proxy, cache miss          : ${fmt(remoteMiss)}; proxy CPU per request: ${fmtCpu(remoteMiss)}`,
      `    of direct throughput       : ${ratio(remoteMiss, remoteDirect)} (target ≥ 0.70); adds ${remoteMiss.p50 - remoteDirect.p50} ms at p50 (target ≤ 2 ms)`,
      `  proxy, cache hit             : ${fmt(hitResult)} (target ≥ 5 000 req/s, p99 ≤ 10 ms); CPU per request: ${fmtCpu(hitResult)}`,
      ...yard,
      `  answers on the wire, as they are → gzipped (sent to clients that accept it): ${sizes.map((size) => `${size.what} ${kb(size.plain)} → ${kb(size.gzipped)} (${(size.gzipped / size.plain).toFixed(2)})`).join('; ')}`,
      `    cache hits of the search page: as they are ${fmt(plainHits)}; gzipped ${fmt(gzipHits)}; gzipped ÷ as they are ${ratio(gzipHits, plainHits)}`,
      `  token requests for 1 000 concurrent requests at token expiry: ${tokenRequests} (target 1)`,
      `  sector index of 3.12 consequential (${indexed} datasets): ready in ${indexSeconds.toFixed(1)} s, ${indexCalls} free upstream calls`,
    ];
  } finally {
    proxy.stop();
    stopEmulator();
  }
}
