import type { FastifyInstance } from 'fastify';
import { ProxyError } from '../errors';
import type { DataApi } from '../upstream/data-api';
import type { LogHealth } from '../log-sink';
import type { LedgerHealth } from '../usage/ledger-types';

/** How long one answer of the data service stands for readiness, so probes cost it little. */
const PROBE_TTL_MS = 5_000;

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: scored requests can be
 * counted, and the data service answers a free call, `/versions`, with the proxy's token). A
 * cached token alone said nothing about a service that is down, and "ready" while every scored
 * request was refused (Redis down, a ledger file that takes no writes) kept the instance in a
 * load balancer's rotation for nothing. Probes share one call every few seconds, whoever asks.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: {
    dataApi: DataApi;
    now: () => number;
    variants: () => Record<string, string>;
    ledger: () => LedgerHealth;
    /** What the log could not write; undefined when it goes to a stream of the caller's. */
    log: () => LogHealth | undefined;
  },
) {
  let probe: { at: number; done: Promise<void> } | undefined;
  const probeService = (requestId: string) => {
    const now = deps.now();
    if (!probe || now - probe.at >= PROBE_TTL_MS) {
      const done = deps.dataApi
        .call({ method: 'GET', path: '/versions', userId: 'proxy-readiness', requestId })
        .then(() => undefined);
      // Whoever asks sees the failure; a probe nobody waits for must not crash the process.
      done.catch(() => undefined);
      probe = { at: now, done };
    }
    return probe.done;
  };

  app.get('/healthz', async () => ({ status: 'ok' as const }));
  app.get('/readyz', async (request) => {
    const ledger = deps.ledger();
    const log = deps.log();
    // Lines the log dropped do not make the proxy unready (it serves on); they are said here.
    const logged = log && log.dropped > 0 ? ` ${logState(log)}` : '';
    if (!ledger.ok)
      throw new ProxyError(503, ledger.code, {
        detail: `Not ready: scored requests are refused. ${ledger.detail}${logged}`,
        headers: { 'retry-after': '5' },
      });
    try {
      await probeService(request.id);
    } catch (error) {
      const cause = error instanceof ProxyError ? error : undefined;
      throw new ProxyError(503, cause?.code ?? 'upstream_unavailable', {
        detail: `Not ready: ${cause?.options.detail ?? 'the data service cannot be reached'}`,
        ...(cause?.options.hint ? { hint: cause.options.hint } : {}),
      });
    }
    // The shapes the adapter has seen so far, for an operator pointing the proxy at a service.
    return {
      status: 'ready' as const,
      upstream: deps.variants(),
      ...(log ? { log: { ...log, state: logState(log) } } : {}),
    };
  });
}

const logState = (log: LogHealth) =>
  log.failing
    ? `The log cannot be written (${log.failing}): ${log.dropped} lines dropped so far.`
    : log.dropped > 0
      ? `The log is written; ${log.dropped} lines were dropped while it could not be.`
      : 'The log is written.';
