/** autocannon runs of the proxy benchmark, with the CPU each process spent per answer. */
import autocannon from 'autocannon';
import { cpuMsTree } from './stats';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = 32;

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers with a 4xx status, of `errors` (a mix that asks for IDs a release lacks expects them). */
  clientErrors: number;
  /** CPU time per answered request, in µs, of each process named in `processes`. */
  cpuPerRequest: Record<string, number | undefined>;
}

/**
 * autocannon at `CONNECTIONS` connections, cycling through `paths`, for `DURATION` seconds or,
 * with `once`, for one pass over them: every request distinct, so a cache never answers.
 */
export async function load(
  origin: string,
  headers: Record<string, string>,
  paths: readonly string[],
  processes: Record<string, number | undefined> = {},
  options: { once?: boolean } = {},
): Promise<Load> {
  let next = 0;
  const cpuBefore = Object.entries(processes).map(
    ([name, pid]) => [name, pid, cpuMsTree(pid)] as const,
  );
  const selfBefore = process.cpuUsage();
  const start = performance.now();
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    // A single pass ends at autocannon's next sample tick: ticks every 50 ms, not every second.
    ...(options.once ? { amount: paths.length, sampleInt: 50 } : { duration: DURATION }),
    headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }),
      },
    ],
  });
  const answered = result.requests.total;
  // autocannon's own duration is rounded: a short run is timed here.
  const seconds = (performance.now() - start) / 1000;
  const self = process.cpuUsage(selfBefore);
  const cpuPerRequest: Record<string, number | undefined> = {
    autocannon: (self.user + self.system) / answered,
  };
  for (const [name, pid, before] of cpuBefore) {
    const after = cpuMsTree(pid);
    cpuPerRequest[name] =
      before === undefined || after === undefined
        ? undefined
        : ((after - before) * 1000) / answered;
  }
  return {
    cpuPerRequest,
    // A single pass lasts a few seconds: its rate is what it answered over how long it took.
    rps: options.once ? answered / seconds : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    clientErrors: result['4xx'],
  };
}

export const fmt = (r: Load) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`;
export const fmtCpu = (r: Load) =>
  Object.entries(r.cpuPerRequest)
    .map(([name, us]) => `${name} ${us === undefined ? 'n/a' : us.toFixed(0)} µs`)
    .join(', ');
