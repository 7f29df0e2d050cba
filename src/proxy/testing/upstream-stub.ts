import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** An answer chosen by the test from the request's URL (path and query) and body. */
export type ScriptedAnswer = (
  url: URL,
  body: string,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

type StubMode =
  | 'ok'
  | 'redirect'
  | 'html-500'
  | 'malformed-json'
  | 'reject-current-once'
  | 'always-401'
  | 'hostile-headers'
  | 'slow';

/**
 * A data service that records every request it gets and misbehaves on demand, for the proxy's
 * security tests (security.md §4.1). `/token` is its client-credentials endpoint.
 */
export async function startUpstreamStub() {
  const requests: Recorded[] = [];
  const tokenRequests: Recorded[] = [];
  const state = {
    mode: 'ok' as StubMode,
    tokenMode: 'ok' as 'ok' | 'down',
    expiresIn: 300,
    tokens: 0,
    currentToken: '',
    rejected: new Set<string>(),
    redirectTo: '',
    delayMs: 300,
    inflight: 0,
    maxInflight: 0,
    /**
     * Answers of a service with other shapes, for the adapter's tests: consulted first in `ok`
     * mode; undefined falls through to the defaults.
     */
    script: undefined as ScriptedAnswer | undefined,
  };
  const server: Server = createServer((request, response) => {
    const record = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    };
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (record.url === '/token') {
        tokenRequests.push(record);
        if (state.tokenMode === 'down') {
          response.writeHead(500).end('down');
          return;
        }
        state.tokens++;
        state.currentToken = `stub-token-${state.tokens}`;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            access_token: state.currentToken,
            expires_in: state.expiresIn,
            token_type: 'Bearer',
          }),
        );
        return;
      }
      requests.push(record);
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      const indicators = {
        total: 1,
        results: [
          {
            id: 882,
            method: 'CML v4.8 2016',
            category: 'climate change',
            indicator: 'GWP100',
            unit: 'kg CO2-Eq',
          },
        ],
      };
      switch (state.mode) {
        case 'redirect':
          return send(302, '', { location: state.redirectTo });
        case 'html-500':
          response.writeHead(500, { 'content-type': 'text/html' });
          return response.end(
            '<html><body><h1>Internal Server Error</h1><pre>at secret/stack.py:12</pre></body></html>',
          );
        case 'malformed-json':
          return send(200, '{"total": 1, "results": [');
        case 'always-401':
          return send(401, { detail: 'Invalid token' });
        case 'reject-current-once':
          if (token === state.currentToken && !state.rejected.has(token) && state.tokens === 1) {
            return send(401, { detail: 'Invalid or expired token' });
          }
          return send(200, indicators);
        case 'hostile-headers':
          return send(200, indicators, {
            'set-cookie': 'session=stolen; Path=/',
            'www-authenticate': 'Basic realm="upstream"',
            server: 'upstream/1.0',
            'x-powered-by': 'upstream-framework',
            'access-control-allow-origin': '*',
            'strict-transport-security': 'max-age=63072000',
          });
        case 'slow':
          state.inflight++;
          state.maxInflight = Math.max(state.maxInflight, state.inflight);
          setTimeout(() => {
            state.inflight--;
            send(200, indicators);
          }, state.delayMs);
          return;
        default: {
          const scripted = state.script?.(
            new URL(record.url, 'http://stub.test'),
            Buffer.concat(chunks).toString('utf8'),
          );
          if (scripted) return send(scripted.status ?? 200, scripted.body, scripted.headers);
          if (record.url.startsWith('/v0/versions'))
            return send(200, { results: [{ version: '3.12', system_models: ['cutoff'] }] });
          if (/^\/v0\/datasets\/\d+/.test(record.url))
            return send(200, datasetBody(Number(/\/(\d+)/.exec(record.url)?.[1])));
          return send(200, indicators);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    tokenRequests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A dataset object as documented (upstream-api.md §7.1). */
export function datasetBody(id: number) {
  return {
    id,
    activity: 'market for x',
    product: 'x',
    description: 'demo',
    geography: 'Global (GLO)',
    unit: 'kg',
    time_period: '2020-2025',
    activity_type: 'market activity',
    isic_section: 'C - Manufacturing',
    isic_class: '2011 - x',
    activity_spold_uuid: '00000000-0000-4000-8000-000000000001',
    geography_spold_uuid: '00000000-0000-4000-8000-000000000002',
    product_spold_uuid: '00000000-0000-4000-8000-000000000003',
    sectors: [],
    url: 'http://stub.test/a',
    url_history: 'http://stub.test/b',
    impact_scores: [],
  };
}
