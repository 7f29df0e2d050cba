import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import type { Proxy } from './app';
import type { UpstreamResponse } from './upstream/http-client';
import { useStubHarness } from './testing/stub-harness';

// The security catalogue of ../shared/design/security.md §4.2, against a recording stub upstream:
// bodies, the data service's failures, the service token and graceful shutdown (the rest:
// security.test.ts, security-limits.test.ts).
const { stub, opened, advance, proxy, as } = useStubHarness({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
});

describe('SEC-07, SEC-09, SEC-14: bodies and failures', () => {
  it('refuses a body over 100 kB with 413 and forwards nothing (SEC-07)', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch',
      headers: as('a', { 'content-type': 'application/json' }),
      payload: JSON.stringify({ dataset_ids: Array.from({ length: 20_000 }, (_, i) => i + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(ProblemSchema.parse(response.json()).code).toBe('payload_too_large');
    expect(stub().requests).toHaveLength(0);
  });

  it.each([
    ['an HTML error page', 'html-500', 502, 'upstream_error'],
    ['malformed JSON', 'malformed-json', 502, 'upstream_bad_response'],
  ] as const)(
    'turns %s into problem+json without echoing it (SEC-09)',
    async (_name, mode, status, code) => {
      stub().state.mode = mode;
      const p = await proxy();
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: as('a'),
      });
      expect(response.statusCode).toBe(status);
      expect(ProblemSchema.parse(response.json()).code).toBe(code);
      expect(response.body).not.toMatch(/stack\.py|<html|Internal Server Error/);
    },
  );

  it('answers a refused connection with 503 and Retry-After (SEC-09)', async () => {
    const p = await proxy({ DATA_API_URL: 'http://127.0.0.1:59' });
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeTruthy();
  });

  it('answers an unexpected failure with a generic 500 and a request ID, nothing more (SEC-14)', async () => {
    // The data service's client hands back something that is not an answer at all: a bug.
    const notAnAnswer: unknown = {};
    const p = await proxy({}, { upstream: async () => notAnAnswer as UpstreamResponse });
    const response = await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') });
    expect(response.statusCode).toBe(500);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.requestId).toBeTruthy();
    expect(response.body).not.toMatch(/TypeError|at .*\.ts|stub-secret|DATA_API/);
  });
});

describe('SEC-10, SEC-11: the service token', () => {
  const distinct = (p: Proxy, n: number, offset = 0) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        p.app.inject({ url: `/api/datasets/${offset + i + 1}?version=3.12`, headers: as('a') }),
      ),
    );

  it('makes exactly one token request for 1000 concurrent requests at token expiry (SEC-11)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    await distinct(p, 1);
    expect(stub().tokenRequests).toHaveLength(1);
    advance(300_000 - 10_000); // inside the hard skew: everyone must wait for the new token
    const answers = await distinct(p, 1000, 1);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub().tokenRequests).toHaveLength(2);
    expect(
      new Set(
        stub()
          .requests.slice(1)
          .map((r) => r.headers.authorization),
      ),
    ).toEqual(new Set(['Bearer stub-token-2']));
  });

  it('makes one extra token request when the upstream rejects the current token, and retries each request once (SEC-11c)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    stub().state.mode = 'reject-current-once';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${i}`, headers: as('a') }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub().tokenRequests).toHaveLength(2);
  });

  it('gives up after one retry when the upstream keeps refusing, still with one extra token (SEC-11c)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '1000', RATE_LIMIT_PER_MINUTE: '100000' });
    stub().state.mode = 'always-401';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${i}`, headers: as('a') }),
      ),
    );
    expect(
      answers.every(
        (a) =>
          a.statusCode === 502 &&
          a.json<{ code: string }>().code === 'upstream_rejected_credentials',
      ),
    ).toBe(true);
    expect(stub().tokenRequests).toHaveLength(2);
  });

  it('keeps serving with the old token while the identity provider is down (SEC-10c)', async () => {
    const p = await proxy();
    await distinct(p, 1);
    stub().state.tokenMode = 'down';
    advance(300_000 - 60_000); // inside the soft window: a background refresh fails
    const answers = await distinct(p, 5, 10);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(stub().tokenRequests.length).toBeLessThanOrEqual(2);
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight before closing', async () => {
    const p = await proxy();
    stub().state.mode = 'slow';
    stub().state.delayMs = 300;
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    const pending = fetch(`${address}/api/indicators?version=3.12`, { headers: as('a') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = p.app.close();
    const response = await pending;
    expect(response.status).toBe(200);
    await closing;
    opened.forget(p);
  });
});
