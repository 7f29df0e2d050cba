/**
 * The proxy benchmark's yardsticks and fleet: nginx passing requests to the emulator with the
 * service token injected (with and without `proxy_cache`), and two proxy instances sharing a
 * Redis behind nginx from deploy/nginx.conf.template.
 */
import { freePort } from '../src/launcher/stack';
import { emulatorStats, type Started } from './emulator';
import { fmt, fmtCpu, load, type Load } from './load';
import { startFleet, startNginxWith, type Fleet, type Running } from '../src/launcher/fleet';
import { startRedisServer, type RedisServer } from '../src/proxy/testing/redis-server';

/**
 * nginx with one worker (as the proxy is one Node process) in front of the emulator: `/api/…`
 * becomes `/v0/…` with the service token and a user ID added, as the proxy sends them. With
 * `cache`, answers are kept by `proxy_cache` and repeated requests never reach the emulator.
 */
async function startNginxPassthrough(
  emulator: string,
  token: string,
  options: { cache: boolean },
): Promise<Running> {
  const port = await freePort();
  const upstream = new URL(emulator).host;
  return startNginxWith(
    port,
    (runDir) => `
worker_processes 1;
pid ${runDir}/nginx.pid;
error_log ${runDir}/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path ${runDir}/client_body;
    proxy_temp_path ${runDir}/proxy_temp;
    fastcgi_temp_path ${runDir}/fastcgi_temp;
    uwsgi_temp_path ${runDir}/uwsgi_temp;
    scgi_temp_path ${runDir}/scgi_temp;
    ${options.cache ? `proxy_cache_path ${runDir}/cache levels=1:2 keys_zone=answers:10m max_size=256m inactive=60m use_temp_path=off;` : ''}
    upstream emulator {
        server ${upstream};
        keepalive 64;
    }
    server {
        listen 127.0.0.1:${port};
        location /api/ {
            proxy_pass http://emulator/v0/;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Authorization "Bearer ${token}";
            proxy_set_header X-User-ID bench;
            proxy_max_temp_file_size 0;
            ${
              options.cache
                ? `proxy_cache answers;
            # A release never changes: "not in this release" is kept like an answer.
            proxy_cache_valid 200 404 60m;
            proxy_cache_lock on;
            proxy_ignore_headers Cache-Control Expires Set-Cookie;`
                : ''
            }
        }
    }
}
`,
  );
}

/** Two proxy instances on one Redis behind nginx, as deploy/ runs them; `stop` ends it all. */
async function startBenchFleet(
  env: NodeJS.ProcessEnv,
): Promise<{ fleet: Fleet; redis: RedisServer; stop: () => Promise<void> }> {
  const redis = await startRedisServer();
  const fleet = await startFleet({ count: 2, env: { ...env, REDIS_URL: redis.url } });
  return {
    fleet,
    redis,
    async stop() {
      await fleet.stop();
      await redis.stop();
    },
  };
}

/** A mix run: its rate and latency, its 404s, and the calls that reached the data service. */
const fmtMix = (mix: { run: Load; upstream: number }) =>
  `${fmt({ ...mix.run, errors: mix.run.errors - mix.run.clientErrors })}, ${mix.run.clientErrors} answered 404; ${mix.upstream} calls reached the data service; CPU per request: ${fmtCpu(mix.run)}`;

/** The nginx yardsticks and the fleet of two instances on Redis, side by side with one proxy. */
export async function yardsticks(options: {
  emulator: Started;
  emulatorPid: number | undefined;
  token: string;
  direct: Record<string, string>;
  viaProxy: Record<string, string>;
  spawnProxy: () => Promise<{ origin: string; pid: number | undefined; stop: () => void }>;
  env: NodeJS.ProcessEnv;
  paths: readonly string[];
  hitPath: string;
  hitResult: Load;
  /** Paths answered from the cache once warm: a fifth of them IDs the release lacks. */
  mixPaths: readonly string[];
}): Promise<string[]> {
  const { emulator, emulatorPid, viaProxy } = options;
  const calls = async () => (await emulatorStats(emulator.address)).api_requests;
  /**
   * Cache hits on the mix: one pass to warm the cache (every path asked once), then a timed run
   * over it, with the calls that still reached the data service during the run.
   */
  const mixRun = async (
    origin: string,
    headers: Record<string, string>,
    processes: Record<string, number | undefined>,
  ) => {
    await load(origin, headers, options.mixPaths, {}, { once: true });
    const before = await calls();
    const run = await load(origin, headers, options.mixPaths, processes);
    return { run, upstream: (await calls()) - before };
  };
  // Disjoint slices of the distinct paths, each sent once, to processes that have not seen them.
  const size = Math.min(12_000, Math.floor(options.paths.length / 3));
  const [forNginx, forProxy, forFleet] = [0, 1, 2].map((i) =>
    options.paths.slice(i * size, (i + 1) * size),
  );

  const nginx = await startNginxPassthrough(emulator.address, options.token, { cache: false });
  const nginxMiss = await load(
    nginx.origin,
    {},
    forNginx ?? [],
    { nginx: nginx.pid, emulator: emulatorPid },
    { once: true },
  );
  await nginx.stop();
  // Paths outside the slices warm each fresh process up first, as the runs above are warm.
  const warm = (i: number) => options.paths.slice(3 * size + i * 2_000, 3 * size + (i + 1) * 2_000);
  const proxy = await options.spawnProxy();
  await load(proxy.origin, viaProxy, warm(0), {}, { once: true });
  const proxyMiss = await load(
    proxy.origin,
    viaProxy,
    forProxy ?? [],
    { proxy: proxy.pid, emulator: emulatorPid },
    { once: true },
  );
  proxy.stop();
  const cached = await startNginxPassthrough(emulator.address, options.token, { cache: true });
  await fetch(`${cached.origin}${options.hitPath}`);
  const nginxHit = await load(cached.origin, {}, [options.hitPath], { nginx: cached.pid });
  const nginxMix = await mixRun(cached.origin, {}, { nginx: cached.pid });
  await cached.stop();
  const mixProxy = await options.spawnProxy();
  const proxyMix = await mixRun(mixProxy.origin, viaProxy, { proxy: mixProxy.pid });
  mixProxy.stop();

  const bench = await startBenchFleet(options.env);
  let fleetMiss: Load;
  let fleetHit: Load;
  let fleetMix: Awaited<ReturnType<typeof mixRun>>;
  try {
    const pids = Object.fromEntries(
      bench.fleet.instances.map((instance, i) => [`proxy ${i + 1}`, instance.pid]),
    );
    await load(bench.fleet.url, viaProxy, warm(1), {}, { once: true });
    fleetMiss = await load(
      bench.fleet.url,
      viaProxy,
      forFleet ?? [],
      { ...pids, nginx: bench.fleet.nginx.pid, emulator: emulatorPid },
      { once: true },
    );
    await fetch(`${bench.fleet.url}${options.hitPath}`, { headers: viaProxy });
    fleetHit = await load(bench.fleet.url, viaProxy, [options.hitPath], {
      ...pids,
      nginx: bench.fleet.nginx.pid,
    });
    fleetMix = await mixRun(bench.fleet.url, viaProxy, { ...pids, nginx: bench.fleet.nginx.pid });
  } finally {
    await bench.stop();
  }
  const ratio = (a: Load, b: Load) => (a.rps / b.rps).toFixed(2);
  return [
    `  yardstick nginx (one worker, token injected), and 2 instances + Redis behind nginx (deploy/); each miss run one pass over ${size} paths, to a fresh process`,
    `    nginx, pass-through        : ${fmt(nginxMiss)}; CPU per request: ${fmtCpu(nginxMiss)}`,
    `    proxy, cache miss          : ${fmt(proxyMiss)}; CPU per request: ${fmtCpu(proxyMiss)}`,
    `    2 instances + Redis, miss  : ${fmt(fleetMiss)}; CPU per request: ${fmtCpu(fleetMiss)}`,
    `    nginx proxy_cache, hit     : ${fmt(nginxHit)}; CPU per request: ${fmtCpu(nginxHit)}`,
    `    2 instances + Redis, hit   : ${fmt(fleetHit)}; CPU per request: ${fmtCpu(fleetHit)}`,
    `    misses: proxy ÷ nginx ${ratio(proxyMiss, nginxMiss)} (target ≥ 0.80); hits: proxy ÷ nginx proxy_cache ${ratio(options.hitResult, nginxHit)} (target ≥ 0.60)`,
    `    2 instances + Redis ÷ 1 instance: misses ${ratio(fleetMiss, proxyMiss)}, hits ${ratio(fleetHit, options.hitResult)}`,
    `  cache hits on a mix of ${options.mixPaths.length} dataset paths, a fifth of them IDs the release lacks (404), warmed by one pass (nginx keeps 200 and 404)`,
    `    nginx proxy_cache          : ${fmtMix(nginxMix)}`,
    `    proxy                      : ${fmtMix(proxyMix)}`,
    `    2 instances + Redis        : ${fmtMix(fleetMix)}`,
    `    mix: proxy ÷ nginx proxy_cache ${ratio(proxyMix.run, nginxMix.run)} (target ≥ 0.60); 2 instances + Redis ÷ nginx proxy_cache ${ratio(fleetMix.run, nginxMix.run)}`,
  ];
}
