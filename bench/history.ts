import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { emulatorChangeReports } from '../src/proxy/testing/emulator-proxy';
import { READ_AGAIN_MS } from '../src/web/lib/query-client';
import { emulatorStats, spawnEmulator } from './emulator';
import { spawnProxy } from './proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process's resident memory in MB (Linux), or undefined. */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid ?? 0}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1000;
  } catch {
    return undefined;
  }
}
const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);

/** CPU seconds a process has used so far, user and system (Linux), or NaN. */
function cpuSeconds(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields =
      readFileSync(`/proc/${pid ?? 0}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The service latency issue 34 measures release reads at (bench/vitals-pages.ts). */
const SERVICE_LATENCY_MS = 150;

async function setLatency(address: string, latencyMs: number) {
  const response = await fetch(`${address}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latency_ms: latencyMs }),
  });
  if (!response.ok) throw new Error(`emulator faults: HTTP ${response.status}`);
}

/**
 * Matching across releases at full scale, each part in its own process, the emulator's change
 * reports loaded as `npm start` loads them: the changes of a release pair and an upgrade check of
 * 1 000 IDs on a fresh proxy (its releases read from the data service first), each with the
 * upstream calls it cost, and the proxy's memory after.
 */
export async function benchHistory(): Promise<string[]> {
  const { started: emulator, pid: emulatorPid, stop: stopEmulator } = await spawnEmulator();
  const issuer = `${emulator.address}/realms/explorer`;
  const opened: { stop: () => void }[] = [];
  const reports = await emulatorChangeReports({ origin: emulator.address });
  try {
    const user = await signInWithCode({
      emulatorOrigin: emulator.address,
      redirectOrigin: 'http://spa.test',
    });
    const headers = { authorization: `Bearer ${user.access_token}` };
    const calls = async () => (await emulatorStats(emulator.address)).api_requests;

    /**
     * Asks until the answer is ready (`pollMs` after each 202; the explorer waits `READ_AGAIN_MS`); its time
     * from the first request, calls and size.
     */
    async function untilReady(origin: string, path: string, init: RequestInit = {}, pollMs = 100) {
      const before = await calls();
      const t0 = performance.now();
      for (;;) {
        const response = await fetch(`${origin}${path}`, {
          ...init,
          headers: { ...headers, 'content-type': 'application/json' },
        });
        const body = await response.text();
        if (response.status === 200)
          return {
            seconds: (performance.now() - t0) / 1000,
            calls: (await calls()) - before,
            bytes: body.length,
            body: JSON.parse(body) as Record<string, unknown>,
          };
        if (response.status !== 202) throw new Error(`${path}: HTTP ${response.status} ${body}`);
        await sleep(pollMs);
      }
    }

    const proxy = await spawnProxy(emulator, issuer, reports.env);
    opened.push(proxy);
    const rssBefore = rssMb(proxy.pid);
    const changes = await untilReady(
      proxy.origin,
      '/api/changes?version=3.12&system_model=cutoff&from=3.11',
    );
    const counts = JSON.stringify(changes.body.counts);
    const rssAfter = rssMb(proxy.pid);

    // 1 000 Dataset IDs of 3.10, checked against 3.12 on a proxy that has read nothing yet: it
    // reads 3.10, 3.11 (each dataset is followed through it) and 3.12.
    const truth = (await (
      await fetch(`${emulator.address}/_emulator/changes?from=3.10&to=3.12`)
    ).json()) as { rows: { from_id: number | null }[] };
    const ids = [...new Set(truth.rows.flatMap((row) => (row.from_id ? [row.from_id] : [])))]
      .sort((a, b) => a - b)
      .filter((_, i) => i % 17 === 0)
      .slice(0, 1000);
    const body = JSON.stringify({
      entries: ids.map((id, i) => ({ line: i + 1, kind: 'id', id })),
    });
    const fresh = await spawnProxy(emulator, issuer, reports.env);
    opened.push(fresh);
    const post = { method: 'POST', body };
    const cold = await untilReady(
      fresh.origin,
      '/api/upgrade-check?version=3.12&system_model=cutoff&from=3.10',
      post,
    );
    const warm = await untilReady(
      fresh.origin,
      '/api/upgrade-check?version=3.12&system_model=cutoff&from=3.10',
      post,
    );
    const history = await untilReady(
      fresh.origin,
      '/api/datasets/8279/history?version=3.12&system_model=cutoff',
    );
    const rssThree = rssMb(fresh.pid);

    // At the service's latency, as a user of the real service waits (asked each second, as the
    // explorer asks): the first What changed
    // and the first history after it (one more release read), then a history on a proxy that
    // has read nothing (all three), each with the CPU seconds the proxy and the emulator spent.
    await setLatency(emulator.address, SERVICE_LATENCY_MS);
    const atLatency: string[] = [];
    try {
      const timed = async (
        proxy: Awaited<ReturnType<typeof spawnProxy>>,
        what: string,
        path: string,
      ) => {
        const [proxyCpu, emulatorCpu] = [cpuSeconds(proxy.pid), cpuSeconds(emulatorPid)];
        // Asked as the explorer asks while it shows the reading's progress: again soon after
        // each 202, which the proxy holds for the reading (READING_HOLD_MS).
        const result = await untilReady(proxy.origin, path, {}, READ_AGAIN_MS);
        atLatency.push(
          `  ${what}: ready in ${result.seconds.toFixed(1)} s (target ≤ 6 s), ${result.calls} free upstream calls; CPU ${(cpuSeconds(proxy.pid) - proxyCpu).toFixed(1)} s proxy, ${(cpuSeconds(emulatorPid) - emulatorCpu).toFixed(1)} s emulator`,
        );
      };
      // The first What changed and the history after it on one proxy; a history on another.
      const changesPath = '/api/changes?version=3.12&system_model=cutoff&from=3.11';
      const historyPath = '/api/datasets/8279/history?version=3.12&system_model=cutoff';
      const runs: [proxy: 'first' | 'fresh', what: string, path: string][] = [
        ['first', 'first What changed, 3.11 → 3.12', changesPath],
        ['first', 'then the history of 8279 (3.10 read)', historyPath],
        ['fresh', 'history of 8279 on a fresh proxy (three releases read)', historyPath],
      ];
      const proxies = new Map<string, Awaited<ReturnType<typeof spawnProxy>>>();
      for (const [which, what, path] of runs) {
        let slow = proxies.get(which);
        if (!slow) {
          slow = await spawnProxy(emulator, issuer, reports.env);
          opened.push(slow);
          proxies.set(which, slow);
        }
        await timed(slow, what, path);
      }
    } finally {
      await setLatency(emulator.address, 0);
    }
    return [
      'Matching across releases (full scale; emulator and proxies in their own processes; the emulator’s change reports loaded)',
      `  changes 3.11 → 3.12 cutoff, cold: ready in ${changes.seconds.toFixed(1)} s (target < 30 s), ${changes.calls} free upstream calls, ${(changes.bytes / 1e6).toFixed(1)} MB answer; ${counts}`,
      `  upgrade check, ${ids.length} IDs 3.10 → 3.12, fresh proxy: ${cold.seconds.toFixed(1)} s (target < 10 s), ${cold.calls} free upstream calls; again: ${(warm.seconds * 1000).toFixed(0)} ms, ${warm.calls} calls`,
      `  history of 8279 in three releases (all read already): ${history.seconds.toFixed(1)} s, ${history.calls} calls`,
      `  proxy memory: ${mb(rssBefore)} at start, ${mb(rssAfter)} with two releases read and matched; ${mb(rssThree)} with three read and three pairs matched`,
      `Release reads with the data service ${SERVICE_LATENCY_MS} ms away (issue 34), fresh proxies, RELEASE_READ_CONCURRENCY ${process.env.RELEASE_READ_CONCURRENCY ?? 'default'}`,
      ...atLatency,
    ];
  } finally {
    for (const proxy of opened) proxy.stop();
    stopEmulator();
    await reports.remove();
  }
}
