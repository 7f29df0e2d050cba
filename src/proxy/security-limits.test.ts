import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '../shared/problem';
import { signInWithCode } from '../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../emulator/testing/start';
import { useStubHarness } from './testing/stub-harness';

// The security catalogue of ../shared/design/security.md §4.2, against a recording stub upstream:
// per-user limits and slow clients (the rest: security.test.ts, security-failures.test.ts).
const { stub, tokens, proxy, as } = useStubHarness({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
});

describe('SEC-06: per-user limits', () => {
  it('limits each verified user, not the IP address, with RateLimit headers (SEC-06, SEC-13)', async () => {
    const p = await proxy({ RATE_LIMIT_PER_MINUTE: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: as('a', { 'x-forwarded-for': `10.0.0.${i}` }),
      });
      statuses.push(response.statusCode);
      if (i === 3) {
        expect(response.headers['retry-after']).toBeTruthy();
        expect(response.headers.ratelimit).toMatch(/r=0/);
        expect(response.headers['ratelimit-policy']).toBe('"per-user";q=3;w=60');
        expect(ProblemSchema.parse(response.json()).code).toBe('rate_limited');
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(
      (await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('b') })).statusCode,
    ).toBe(200);
  });

  it('limits requests without a valid token per address, and samples their log lines', async () => {
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const p = await proxy({ UNAUTH_RATE_LIMIT_PER_MINUTE: '30', LOG_LEVEL: 'info' }, { logStream });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const response = await p.app.inject({
        url: '/api/indicators?version=3.12',
        headers: i % 2 ? { authorization: 'Bearer forged' } : {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    // Past the limit, requests with no token wait (429); one with a token that is not valid is
    // told so (401), so a client with an expired token renews it instead of waiting in vain.
    expect(statuses.slice(30).filter((_, i) => i % 2 === 0)).toEqual(Array(85).fill(429));
    expect(statuses.slice(30).filter((_, i) => i % 2 === 1)).toEqual(Array(85).fill(401));
    const limited = await p.app.inject({ url: '/api/indicators?version=3.12' });
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(limited.headers['ratelimit-policy']).toBe('"per-address";q=30;w=60');
    // A signed-in user at the same address is served.
    expect(
      (await p.app.inject({ url: '/api/indicators?version=3.12', headers: as('a') })).statusCode,
    ).toBe(200);
    const unsignedLines = logs.filter((line) => /"statusCode":(401|429)/.test(line));
    // Sampled, not silenced: the first ones of the minute are written.
    expect(unsignedLines.length).toBeGreaterThan(0);
    expect(unsignedLines.length).toBeLessThan(statuses.length / 4);
    expect(stub().requests).toHaveLength(1);
  });

  it('keys requests without a valid token on the client a trusted load balancer names, and on nothing else', async () => {
    const spent = async (env: Record<string, string>, forwardedFor: string[]) => {
      const p = await proxy({ UNAUTH_RATE_LIMIT_PER_MINUTE: '2', ...env });
      const statuses: number[] = [];
      for (const client of forwardedFor)
        statuses.push(
          (
            await p.app.inject({
              url: '/api/indicators?version=3.12',
              headers: { 'x-forwarded-for': client },
              remoteAddress: '127.0.0.1',
            })
          ).statusCode,
        );
      return statuses;
    };
    const clients = ['203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.3'];
    // Behind nginx at 127.0.0.1: each client its own limit.
    expect(await spent({ TRUSTED_PROXIES: '127.0.0.1' }, clients)).toEqual([401, 401, 401, 401]);
    // The header from an address not trusted is ignored: everyone is the socket's address.
    expect(await spent({ TRUSTED_PROXIES: '10.0.0.0/8' }, clients)).toEqual([401, 401, 429, 429]);
    expect(await spent({}, clients)).toEqual([401, 401, 429, 429]);
  });

  it('lets at most K of one user’s calls reach the upstream at once, a few more wait their turn (SEC-06b)', async () => {
    const p = await proxy({ USER_CONCURRENCY: '2', USER_QUEUE: '1' });
    stub().state.mode = 'slow';
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=m${id}`, headers: as('a') }),
      ),
    );
    expect(stub().state.maxInflight).toBeLessThanOrEqual(2);
    // Two run, one waits for a slot and is served, the queue of one is full for the other two.
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    expect(
      (
        await p.app.inject({
          url: '/api/indicators?version=3.12&system_model=other',
          headers: as('b'),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('serves a burst of 300 calls from one script at the pace of its limit, refusing none', async () => {
    const p = await proxy({ USER_CONCURRENCY: '8' });
    stub().state.mode = 'slow';
    stub().state.delayMs = 10;
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        p.app.inject({ url: `/api/indicators?version=3.12&system_model=b${i}`, headers: as('a') }),
      ),
    );
    expect(answers.filter((a) => a.statusCode !== 200)).toEqual([]);
    expect(stub().state.maxInflight).toBeLessThanOrEqual(8);
  });
});

/**
 * A client that sends `request` a few bytes at a time and then, if `stallAfter` is given, stops
 * there without closing. Resolves when the server closes the connection, telling how much of
 * the request got through and what came back.
 */
function slowClient(
  address: string,
  request: string,
  options: { bytesPerTick: number; tickMs: number; stallAfter?: number },
): Promise<{ sent: number; answer: string }> {
  const { port } = new URL(address);
  const limit = options.stallAfter ?? request.length;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), '127.0.0.1', () => {
      timer = setInterval(() => {
        if (sent >= limit || socket.destroyed) return;
        const next = request.slice(sent, Math.min(limit, sent + options.bytesPerTick));
        sent += next.length;
        socket.write(next);
      }, options.tickMs);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ sent, answer });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while the client is still writing.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
  });
}

describe('SEC-08b: slow clients', () => {
  it('closes a connection whose headers trickle in byte by byte, forwarding nothing', async () => {
    const p = await proxy({ CLIENT_TIMEOUT_MS: '300' });
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    // 40 bytes a second: the whole request would take over ten seconds.
    const request = `GET /api/versions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens().a}\r\nX-Padding: ${'a'.repeat(400)}\r\n\r\n`;
    const result = await slowClient(address, request, { bytesPerTick: 2, tickMs: 50 });
    expect(result.sent).toBeLessThan(request.length);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(stub().requests).toHaveLength(0);
  });

  it('closes a connection whose body stalls after the headers, forwarding nothing', async () => {
    const p = await proxy({ CLIENT_TIMEOUT_MS: '300' });
    const address = await p.app.listen({ host: '127.0.0.1', port: 0 });
    const head = `POST /api/datasets/batch?version=3.12 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens().a}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const request = `${head}{"dataset_ids": [1, 2, 3]}`.padEnd(head.length + 100);
    const result = await slowClient(address, request, {
      bytesPerTick: 4096,
      tickMs: 10,
      stallAfter: head.length + 10,
    });
    expect(result.sent).toBe(head.length + 10);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(stub().requests).toHaveLength(0);
  });
});
