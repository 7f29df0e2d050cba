import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageSchema } from '../../shared/api/schemas';
import { ProblemSchema } from '../../shared/problem';
import { signInProgram } from '../../emulator/testing/device-flow';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { buildProxy } from '../app';
import { proxyConfigFromEnv } from '../config';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { createUserVerifier } from './user-auth';
import { openedProxies } from '../testing/opened-proxies';

// A program signed in by the device authorization grant is the same user as in the browser:
// the same checks, limits, budget and ledger, never a door of its own.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let program: { authorization: string; token: string };
let browser: { authorization: string };
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  const programTokens = await signInProgram({ emulatorOrigin: emulator.origin, username: 'maria' });
  program = {
    token: programTokens.access_token,
    authorization: `Bearer ${programTokens.access_token}`,
  };
  const browserTokens = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
    username: 'maria',
  });
  browser = { authorization: `Bearer ${browserTokens.access_token}` };
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('a program’s token at the proxy', () => {
  it('is verified by the same rules and names its client, the browser’s its own', async () => {
    const verify = createUserVerifier(
      proxyConfigFromEnv({
        DATA_API_URL: emulator.origin,
        ...TEST_CLIENT,
        AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
      }).auth,
      { fetch, timeoutMs: 5_000 },
    );
    const fromProgram = await verify(program.authorization);
    const fromBrowser = await verify(browser.authorization);
    expect(fromProgram).toMatchObject({ subject: 'maria', clientId: 'lci-explorer-cli' });
    expect(fromBrowser).toMatchObject({ subject: 'maria', clientId: 'lci-explorer' });
    // One person, one billing ID, whichever way they came in.
    expect(fromProgram.userId).toBe(fromBrowser.userId);
  });

  it('charges scores to the user: itemised as theirs, and on the data service’s meter', async () => {
    const p = await proxy();
    const scored = await p.app.inject({
      url: `/api/datasets/8279?${RELEASE}&indicator_ids=964`,
      headers: program,
    });
    expect(scored.statusCode).toBe(200);
    expect(scored.json()).toMatchObject({ id: 8279, impact_scores: [{ id: 964 }] });

    // Read in the browser, the program's charge is the user's own.
    const usage = UsageSchema.parse(
      (await p.app.inject({ url: '/api/usage', headers: browser })).json(),
    );
    expect(usage.charges).toEqual([
      expect.objectContaining({ mine: true, datasets: [8279], indicators: [964] }),
    ]);
    const meter = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      dataset_ids: number[];
      users: number;
    };
    expect(meter).toMatchObject({ dataset_ids: [8279], users: 1 });
    await fetch(`${emulator.origin}/_emulator/reset`, { method: 'POST' });
  });

  it('shares the user’s limits with their browser: one minute’s requests between them', async () => {
    const p = await proxy({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const answer = await p.app.inject({ url: '/api/versions', headers: browser });
      expect(answer.statusCode).toBe(200);
    }
    const refused = await p.app.inject({ url: '/api/versions', headers: program });
    expect(refused.statusCode).toBe(429);
    expect(ProblemSchema.parse(refused.json()).code).toBe('rate_limited');
  });

  it('is refused by the score budget as the browser is', async () => {
    const p = await proxy({ SCORE_BUDGET_DATASETS: '0' });
    const refused = await p.app.inject({
      url: `/api/datasets/2989?${RELEASE}&indicator_ids=964`,
      headers: program,
    });
    expect(refused.statusCode).toBe(403);
    expect(ProblemSchema.parse(refused.json()).code).toBe('budget_exhausted');
  });

  it('is refused once expired, and never written to the log', async () => {
    let logged = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    // The proxy's clock an hour on: the program's 10-minute token has expired.
    const later = await buildProxy({
      config: proxyConfigFromEnv({
        DATA_API_URL: emulator.origin,
        DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
        ...TEST_CLIENT,
        AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
        STATIC_DIR: '/nonexistent',
        USAGE_LEDGER_PATH: 'none',
        LOG_LEVEL: 'info',
      }),
      now: () => Date.now() + 3_600_000,
      logStream,
    });
    opened.keep(later);
    const refused = await later.app.inject({ url: '/api/versions', headers: program });
    expect(refused.statusCode).toBe(401);
    expect(ProblemSchema.parse(refused.json())).toMatchObject({
      code: 'invalid_token',
      detail: 'Your sign-in has expired. Sign in again.',
    });
    expect(logged).toContain('/api/versions');
    expect(logged).not.toContain(program.token);
    expect(logged).not.toContain(program.token.split('.')[2]);
  });
});

describe('which clients’ tokens the proxy takes', () => {
  const meter = async () =>
    (
      (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
        dataset_ids: number[];
      }
    ).dataset_ids;

  it('refuses programs’ tokens when AUTH_PROGRAM_CLIENT_ID=none, naming the setting', async () => {
    const p = await proxy({ AUTH_PROGRAM_CLIENT_ID: 'none' });
    const before = await meter();
    const refused = await p.app.inject({
      url: `/api/datasets/2989?${RELEASE}&indicator_ids=964`,
      headers: program,
    });
    expect(refused.statusCode).toBe(403);
    const problem = ProblemSchema.parse(refused.json());
    expect(problem.code).toBe('client_not_allowed');
    expect(problem.detail).toContain('AUTH_PROGRAM_CLIENT_ID=none');
    expect(problem.detail).toContain('"lci-explorer-cli"');
    // Not charged, not asked of the data service: free routes are refused too.
    expect(await meter()).toEqual(before);
    expect((await p.app.inject({ url: '/api/versions', headers: program })).statusCode).toBe(403);
    // The browser's token is the explorer's own, and still welcome.
    expect((await p.app.inject({ url: '/api/versions', headers: browser })).statusCode).toBe(200);
    // Also once the token is remembered as verified.
    expect((await p.app.inject({ url: '/api/usage', headers: program })).statusCode).toBe(403);
  });

  it('refuses a client that is neither the explorer’s nor the programs’ one', async () => {
    const p = await proxy({ AUTH_PROGRAM_CLIENT_ID: 'another-program' });
    const refused = await p.app.inject({ url: '/api/versions', headers: program });
    expect(refused.statusCode).toBe(403);
    expect(ProblemSchema.parse(refused.json()).detail).toContain(
      "neither the explorer's (AUTH_CLIENT_ID) nor the one programs sign in with (AUTH_PROGRAM_CLIENT_ID=another-program)",
    );
  });

  it('refuses a token that names no client, which cannot be told from a program’s', async () => {
    // An identity provider of the test's own, whose tokens carry the proxy's audience but no
    // client_id or azp.
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256', use: 'sig' };
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          request.url === '/keys'
            ? { keys: [jwk] }
            : { issuer: `http://127.0.0.1:${port()}`, jwks_uri: `http://127.0.0.1:${port()}/keys` },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = () => (server.address() as AddressInfo).port;
    try {
      const issuer = `http://127.0.0.1:${port()}`;
      const token = await new SignJWT({ sub: 'someone' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer(issuer)
        .setAudience('urn:lci-explorer:proxy')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const verify = createUserVerifier(
        proxyConfigFromEnv({ DATA_API_URL: emulator.origin, ...TEST_CLIENT, AUTH_ISSUER: issuer })
          .auth,
        { fetch, timeoutMs: 5_000 },
      );
      await expect(verify(`Bearer ${token}`)).rejects.toMatchObject({
        status: 403,
        code: 'client_not_allowed',
        message: expect.stringContaining('names no client') as string,
      });
    } finally {
      server.close();
    }
  });
});
