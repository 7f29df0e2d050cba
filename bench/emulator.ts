import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { percentile } from './stats';

export interface Started {
  address: string;
  listeningMs: number;
  warmedMs: number;
  rssMb: number;
  clientId: string;
  clientSecret: string;
}

const QUERIES = [
  'electricity high voltage DE',
  'market for cement',
  'transport freight lorry',
  'steel',
  'polyethylene',
  'wheat grain',
  'heat natural gas',
  'treatment of municipal solid waste',
  'electricity low voltage MX',
  'market for',
];

/** The emulator's own counters: requests to its API and to its token endpoint so far. */
export async function emulatorStats(
  address: string,
): Promise<{ api_requests: number; token_requests: number }> {
  const response = await fetch(`${address}/_emulator/stats`);
  if (!response.ok) throw new Error(`emulator stats: HTTP ${response.status}`);
  return (await response.json()) as { api_requests: number; token_requests: number };
}

/** Emulator benchmarks: cold start and memory at full scale, search latency, the largest batch. */
/** Starts an emulator in a process of its own; `stop` ends it. */
export async function spawnEmulator(scale = '1', env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/emulator-startup.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, EMULATOR_SCALE: scale },
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  return {
    started: JSON.parse(line) as Started,
    pid: child.pid,
    stop: () => child.kill('SIGTERM'),
    child,
  };
}

export async function benchEmulator(): Promise<string[]> {
  const { started, stop } = await spawnEmulator();
  try {
    const tokenResponse = await fetch(
      `${started.address}/realms/ecoinvent/protocol/openid-connect/token`,
      {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: started.clientId,
          client_secret: started.clientSecret,
        }),
      },
    );
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}`, 'x-user-id': 'bench' };

    const searchTimes: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const query of QUERIES) {
        const t0 = performance.now();
        const response = await fetch(
          `${started.address}/v0/datasets?query=${encodeURIComponent(query)}&limit=20`,
          { headers },
        );
        await response.arrayBuffer();
        searchTimes.push(performance.now() - t0);
      }
    }

    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const indicators = (
      (await (await fetch(`${started.address}/v0/indicators`, { headers })).json()) as {
        results: { id: number }[];
      }
    ).results
      .slice(0, 100)
      .map((indicator) => indicator.id);
    const batchTimes: number[] = [];
    for (let round = 0; round < 10; round++) {
      const t0 = performance.now();
      const response = await fetch(`${started.address}/v0/datasets/batch?limit=100`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ dataset_ids: ids, indicator_ids: indicators }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`batch answered ${response.status}`);
      batchTimes.push(performance.now() - t0);
    }
    return [
      'Emulator (full scale, its own process, HTTP on loopback)',
      `  start-up to listening : ${(started.listeningMs / 1000).toFixed(2)} s (target ≤ 3 s); search indexes warm after ${(started.warmedMs / 1000).toFixed(2)} s`,
      `  resident memory       : ${started.rssMb.toFixed(0)} MB after warming (target ≤ 500 MB)`,
      `  search, ${searchTimes.length} queries   : p50 ${percentile(searchTimes, 0.5).toFixed(1)} ms, p95 ${percentile(searchTimes, 0.95).toFixed(1)} ms (target p95 ≤ 20 ms)`,
      `  batch 10 000 IDs × 100 indicators (page of 100): p50 ${percentile(batchTimes, 0.5).toFixed(0)} ms, max ${Math.max(...batchTimes).toFixed(0)} ms (target ≤ 300 ms)`,
    ];
  } finally {
    stop();
  }
}
