import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { emulatorChangeReports } from '../src/proxy/testing/emulator-proxy';
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

/**
 * Matching across releases at full scale, each part in its own process, the emulator's change
 * reports loaded as `npm start` loads them: the changes of a release pair and an upgrade check of
 * 1 000 IDs on a fresh proxy (its releases read from the data service first), each with the
 * upstream calls it cost, and the proxy's memory after.
 */
export async function benchHistory(): Promise<string[]> {
  const { started: emulator, stop: stopEmulator } = await spawnEmulator();
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

    /** Asks until the answer is ready; its time from the first request, calls and size. */
    async function untilReady(origin: string, path: string, init: RequestInit = {}) {
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
        await sleep(100);
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
    return [
      'Matching across releases (full scale; emulator and proxies in their own processes; the emulator’s change reports loaded)',
      `  changes 3.11 → 3.12 cutoff, cold: ready in ${changes.seconds.toFixed(1)} s (target < 30 s), ${changes.calls} free upstream calls, ${(changes.bytes / 1e6).toFixed(1)} MB answer; ${counts}`,
      `  upgrade check, ${ids.length} IDs 3.10 → 3.12, fresh proxy: ${cold.seconds.toFixed(1)} s (target < 10 s), ${cold.calls} free upstream calls; again: ${(warm.seconds * 1000).toFixed(0)} ms, ${warm.calls} calls`,
      `  history of 8279 in three releases (all read already): ${history.seconds.toFixed(1)} s, ${history.calls} calls`,
      `  proxy memory: ${mb(rssBefore)} at start, ${mb(rssAfter)} with two releases read and matched; ${mb(rssThree)} with three read and three pairs matched`,
    ];
  } finally {
    for (const proxy of opened) proxy.stop();
    stopEmulator();
    await reports.remove();
  }
}
