import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { useEmulatorHarness } from '../testing/emulator-harness';

// The API through the proxy against the emulator: bad input refused before it reaches the data
// service, and the service's faults turned into clear errors (the routes' answers: api.test.ts,
// api-lookups.test.ts).
const { proxy, as, stats, faults } = useEmulatorHarness({
  start: startTestEmulator,
  signIn: signInWithCode,
});

describe('bad input never reaches the data service', () => {
  it.each([
    ['an unknown parameter', '/api/datasets?query=x&colour=blue', 'query.colour'],
    ['a limit over 100', '/api/datasets?query=x&limit=101', 'query.limit'],
    ['a repeated limit', '/api/datasets?query=x&limit=5&limit=6', 'query.limit'],
    ['an unknown activity type', '/api/datasets?activity_type=MARKET', 'query.activity_type'],
    ['a non-integer dataset ID', '/api/datasets/abc', 'path.id'],
    ['an encoded slash in the ID', '/api/datasets/abc%2F..%2Fsecret', 'path.id'],
    [
      '101 indicators',
      `/api/datasets/1?indicator_ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'query.indicator_ids',
    ],
    [
      'a malformed UUID',
      '/api/datasets/spold?activity_spold_uuid=nope',
      'query.activity_spold_uuid',
    ],
    ['a lookup without a UUID', '/api/datasets/spold', 'query.activity_spold_uuid'],
    ['a version with a slash', '/api/indicators?version=..%2Fadmin', 'query.version'],
  ])('refuses %s with 400 naming the field', async (_name, url, field) => {
    const p = await proxy();
    const before = await stats();
    const response = await p.app.inject({ url, headers: as('alice') });
    expect(response.statusCode).toBe(400);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors?.map((e) => e.field)).toContain(field);
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('refuses a batch of 10 001 IDs and a body that is not an object', async () => {
    const p = await proxy();
    const post = (payload: unknown) =>
      p.app.inject({
        method: 'POST',
        url: '/api/datasets/batch',
        headers: { ...as('alice'), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
    expect(
      (await post({ dataset_ids: Array.from({ length: 10_001 }, (_, i) => i + 1) })).statusCode,
    ).toBe(400);
    expect((await post([1, 2])).statusCode).toBe(400);
    expect((await post({ dataset_ids: [1], extra: true })).statusCode).toBe(400);
  });

  it.each([
    ['a boolean', [true]],
    ['a nested array', [[8279]]],
    ['a hexadecimal string', ['0x205F']],
    ['a decimal string', ['8279']],
    ['a fraction', [8279.5]],
  ])('refuses %s as a dataset ID in a batch body', async (_name, ids) => {
    const p = await proxy();
    const before = await stats();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12',
      headers: { ...as('alice'), 'content-type': 'application/json' },
      payload: JSON.stringify({ dataset_ids: ids }),
    });
    expect(response.statusCode).toBe(400);
    expect(ProblemSchema.parse(response.json()).errors?.map((e) => e.field)).toContain(
      'body.dataset_ids.0',
    );
    expect((await stats()).api_requests).toBe(before.api_requests);
  });

  it('refuses a 10 kB query string', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      url: `/api/datasets?query=${'x'.repeat(10_000)}`,
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a method the route lacks with 405 and Allow', async () => {
    const p = await proxy();
    for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
      const response = await p.app.inject({ method, url: '/api/datasets/1', headers: as('alice') });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET');
    }
    expect(
      (await p.app.inject({ method: 'GET', url: '/api/datasets/batch', headers: as('alice') }))
        .statusCode,
    ).toBe(405);
  });
});

describe('the data service’s faults become clear errors', () => {
  it('passes 404 and 403 on with its own words', async () => {
    const p = await proxy();
    const missing = await p.app.inject({
      url: '/api/datasets/99999999?version=3.12',
      headers: as('alice'),
    });
    expect(missing.statusCode).toBe(404);
    expect(ProblemSchema.parse(missing.json()).code).toBe('not_found');
    const unlicensed = await p.app.inject({
      url: '/api/indicators?version=3.10&system_model=EN15804',
      headers: as('alice'),
    });
    expect(unlicensed.statusCode).toBe(403);
    expect(ProblemSchema.parse(unlicensed.json()).code).toBe('not_licensed');
  });

  it('turns a 5xx into 502 and a 429 it cannot wait out into 503 upstream_busy with Retry-After, echoing nothing of the upstream', async () => {
    const p = await proxy();
    await faults({ error_rate: 1 });
    const failed = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(failed.statusCode).toBe(502);
    expect(ProblemSchema.parse(failed.json()).code).toBe('upstream_error');
    expect(failed.body).not.toContain('Internal Server Error');
    // 9 s is more than a page waits (UPSTREAM_RETRY_MS): the explorer is told to come back.
    await faults({ error_rate: 0, rate_limit_rate: 1, retry_after_seconds: 9 });
    const limited = await p.app.inject({
      url: '/api/indicators?version=3.11',
      headers: as('alice'),
    });
    expect(limited.statusCode).toBe(503);
    expect(ProblemSchema.parse(limited.json()).code).toBe('upstream_busy');
    expect(limited.headers['retry-after']).toBe('9');
  });

  it('retries once, with a new token, when the data service rejects the current one', async () => {
    const p = await proxy();
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults({ reject_current_token_once: true });
    const before = await stats();
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(200);
    expect((await stats()).token_requests - before.token_requests).toBe(1);
  });

  it.each([
    ['its answer starts too late', '200', { latency_ms: 1000 }],
    // Ten chunks 400 ms apart: each arrives well within the timeout, the whole answer does not.
    ['its answer trickles in past the deadline, however steadily', '1000', { slow_body_ms: 4000 }],
  ])('answers 504 when the data service is too slow: %s', async (_name, timeout, fault) => {
    const p = await proxy({ UPSTREAM_TIMEOUT_MS: timeout });
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults(fault);
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(504);
    expect(ProblemSchema.parse(response.json()).code).toBe('gateway_timeout');
  });

  it('aborts an answer larger than its cap with 502', async () => {
    const p = await proxy({ UPSTREAM_MAX_RESPONSE_MB: '1' });
    await p.app.inject({ url: '/api/versions', headers: as('alice') });
    await faults({ oversize_bytes: 3 * 1024 * 1024 });
    const response = await p.app.inject({
      url: '/api/indicators?version=3.12',
      headers: as('alice'),
    });
    expect(response.statusCode).toBe(502);
    expect(ProblemSchema.parse(response.json()).code).toBe('upstream_response_too_large');
  });

  it('reports not ready while the data service fails, with one probe for many asking', async () => {
    const p = await proxy();
    await faults({ error_rate: 1 });
    const before = await stats();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.app.inject({ url: '/readyz' })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(ProblemSchema.parse(answer.json()).code).toBe('upstream_error');
    }
    expect((await stats()).api_requests - before.api_requests).toBe(1);
  });

  it('reports readiness by whether a service token can be had', async () => {
    const ready = await proxy();
    expect((await ready.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const wrong = await proxy({ DATA_API_CLIENT_SECRET: 'wrong-secret' });
    const response = await wrong.app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(ProblemSchema.parse(response.json()).code).toBe('upstream_auth_config');
    expect(response.body).not.toContain('wrong-secret');
  });
});
