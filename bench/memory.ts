import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { ReleasesSchema } from '../src/shared/api/schemas';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { emulatorStats, spawnEmulator } from './emulator';
import { spawnProxy } from './proxy';
import { upgradeChecksAtOnce } from './upgrade-memory';

/** The proxy's stated cap of resident memory (src/proxy/README.md, "Bounds"). */
const PROXY_CAP_MB = 700;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory in MB (Linux), or 0. */
function rssMb(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid ?? 0}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1000;
  } catch {
    return 0;
  }
}

/**
 * Free calls and memory at full scale, each part in its own process: every licensed release's
 * sectors asked three times over (more releases than the proxy keeps read), with the upstream
 * calls each round cost and the proxy's peak memory; then a response cache filled far past its
 * cap with real answers and their gzips, and the memory it holds against the cap.
 */
export async function benchMemory(): Promise<string[]> {
  const { started: emulator, stop: stopEmulator } = await spawnEmulator();
  const issuer = `${emulator.address}/realms/explorer`;
  const proxy = await spawnProxy(emulator, issuer);
  try {
    const user = await signInWithCode({
      emulatorOrigin: emulator.address,
      redirectOrigin: 'http://spa.test',
    });
    const headers = { authorization: `Bearer ${user.access_token}` };
    const calls = async () => (await emulatorStats(emulator.address)).api_requests;
    const versions = ReleasesSchema.parse(
      await (await fetch(`${proxy.origin}/api/versions`, { headers })).json(),
    );
    const pairs = versions.releases.flatMap((entry) =>
      entry.system_models.map((model) => `version=${entry.version}&system_model=${model}`),
    );
    let peak = rssMb(proxy.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(proxy.pid))), 100);
    const atStart = rssMb(proxy.pid);
    const rounds: { calls: number; seconds: number }[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        const before = await calls();
        const t0 = performance.now();
        for (const query of pairs) {
          for (;;) {
            const response = await fetch(`${proxy.origin}/api/sectors?${query}`, { headers });
            await response.text();
            if (response.status === 200) break;
            if (response.status !== 202) throw new Error(`sectors ${query}: ${response.status}`);
            await sleep(100);
          }
        }
        rounds.push({ calls: (await calls()) - before, seconds: (performance.now() - t0) / 1000 });
      }
    } finally {
      clearInterval(sampler);
    }
    const atEnd = rssMb(proxy.pid);
    const upgrade = await upgradeChecksAtOnce(proxy.origin, headers.authorization, () =>
      rssMb(proxy.pid),
    );
    const [first = { calls: 1, seconds: 0 }] = rounds;
    const total = rounds.reduce((sum, round) => sum + round.calls, 0);

    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'bench/cache-memory.ts'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          BENCH_PROXY: proxy.origin,
          BENCH_TOKEN: headers.authorization,
          BENCH_CACHE_MB: '16',
        },
      },
    );
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const cache = JSON.parse(line) as {
      capBytes: number;
      producedBytes: number;
      heldBytes: number;
      entries: number;
    };
    const MB = 1024 * 1024;
    return [
      `Free calls and memory (full scale; emulator and proxy in their own processes)`,
      `  /api/sectors of all ${pairs.length} licensed releases, three rounds (the proxy keeps 6 read): ${rounds.map((round) => `${round.calls} calls in ${round.seconds.toFixed(1)} s`).join(', ')}; ${(total / first.calls).toFixed(2)} × the first round (target ≤ 1.2)`,
      `  proxy resident memory: ${atStart.toFixed(0)} MB at start, peak ${peak.toFixed(0)} MB, ${atEnd.toFixed(0)} MB after`,
      `  ${upgrade.checks} upgrade checks of ${upgrade.lines.toLocaleString('en')} lines (one ID repeated) sent at once by one user, 3.11 → 3.12 cutoff: resident ${upgrade.startMb.toFixed(0)} MB before, peak ${upgrade.peakMb.toFixed(0)} MB (stated cap ${PROXY_CAP_MB} MB), ${upgrade.refused} answers of 429 or 202 asked again after their Retry-After, all answered in ${upgrade.seconds.toFixed(1)} s`,
      `  response cache of ${cache.capBytes / MB} MB filled with ${(cache.producedBytes / MB).toFixed(0)} MB of answers (pages of 100 dataset documents) and their gzips: holds ${(cache.heldBytes / MB).toFixed(1)} MB after a full GC (${(cache.heldBytes / cache.capBytes).toFixed(2)} × its cap), ${cache.entries} answers`,
    ];
  } finally {
    proxy.stop();
    stopEmulator();
  }
}
