import { decodeJwt } from 'jose';
import { z } from 'zod';
import { PublicConfigSchema } from '../shared/config';
import type { CredentialStore, Session } from './credentials';
import { CliError } from './errors';
import { postForm, readJson, send } from './http';
import type { Io } from './io';

const DiscoverySchema = z.object({
  issuer: z.string(),
  token_endpoint: z.url(),
  device_authorization_endpoint: z.url().optional(),
  revocation_endpoint: z.url().optional(),
});

const DeviceStartSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.url(),
  verification_uri_complete: z.url().optional(),
  expires_in: z.number().positive(),
  interval: z.number().positive().optional(),
});

const TokensSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive(),
});
type Tokens = z.infer<typeof TokensSchema>;

const OAuthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** What programs sign in with at this explorer: its identity provider and public client. */
async function programSignIn(url: string) {
  const config = await readJson(
    await send(`${url}/api/config`, { headers: { accept: 'application/json' } }),
    PublicConfigSchema,
    `${url}/api/config`,
  );
  if (config.auth.mode !== 'oidc')
    throw new CliError(`${url} has sign-in turned off (AUTH_MODE=none): no login is needed there`);
  const { issuer, programClientId } = config.auth;
  if (!programClientId)
    throw new CliError(
      `${url} offers no sign-in for programs (AUTH_PROGRAM_CLIENT_ID=none): ask whoever runs it`,
    );
  const discovery = await readJson(
    await send(`${issuer}/.well-known/openid-configuration`),
    DiscoverySchema,
    'the identity provider',
  );
  // The endpoints are trusted only from the issuer the explorer itself names.
  if (discovery.issuer !== issuer)
    throw new CliError(`the identity provider calls itself ${discovery.issuer}, not ${issuer}`);
  if (!discovery.device_authorization_endpoint)
    throw new CliError(`the identity provider at ${issuer} does not offer device sign-in`);
  return {
    issuer,
    clientId: programClientId,
    tokenEndpoint: discovery.token_endpoint,
    deviceEndpoint: discovery.device_authorization_endpoint,
    revocationEndpoint: discovery.revocation_endpoint,
  };
}

const userOf = (tokens: Tokens) => {
  const claims = decodeJwt(tokens.access_token);
  const name = claims.preferred_username ?? claims.sub;
  return typeof name === 'string' ? name : 'you';
};

const sessionOf = (
  base: Omit<Session, 'user' | 'accessToken' | 'refreshToken' | 'expiresAt'>,
  tokens: Tokens,
  now: number,
  previousRefresh?: string,
): Session => {
  const refreshToken = tokens.refresh_token ?? previousRefresh;
  return {
    ...base,
    user: userOf(tokens),
    accessToken: tokens.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    expiresAt: now + tokens.expires_in * 1000,
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs in by the device authorization grant (RFC 8628): the person opens the address shown,
 * types the code and approves in their browser, while this polls for the tokens at the pace
 * the identity provider asks for.
 */
export async function logIn(url: string, store: CredentialStore, io: Io): Promise<string> {
  const idp = await programSignIn(url);
  const started = await postForm(idp.deviceEndpoint, {
    client_id: idp.clientId,
    scope: 'openid profile offline_access',
  });
  if (!started.ok) {
    const problem = OAuthErrorSchema.safeParse(await started.json().catch(() => undefined));
    throw new CliError(
      `the identity provider refused to start a sign-in: ${problem.success ? (problem.data.error_description ?? problem.data.error) : `HTTP ${started.status}`}`,
    );
  }
  const device = await readJson(started, DeviceStartSchema, 'the identity provider');
  io.say(
    `To sign in, open ${device.verification_uri} in a browser and enter the code ${device.user_code}`,
  );
  if (device.verification_uri_complete)
    io.say(`(or open ${device.verification_uri_complete}, which has the code in it)`);
  io.say(
    `Waiting for you to approve it there; the code expires in ${Math.round(device.expires_in / 60)} minutes.`,
  );

  let interval = (device.interval ?? 5) * 1000;
  const deadline = Date.now() + device.expires_in * 1000;
  while (Date.now() < deadline) {
    await sleep(interval);
    const answer = await postForm(idp.tokenEndpoint, {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: device.device_code,
      client_id: idp.clientId,
    });
    if (answer.ok) {
      const tokens = await readJson(answer, TokensSchema, 'the identity provider');
      const base = {
        issuer: idp.issuer,
        clientId: idp.clientId,
        tokenEndpoint: idp.tokenEndpoint,
        ...(idp.revocationEndpoint ? { revocationEndpoint: idp.revocationEndpoint } : {}),
      };
      const session = sessionOf(base, tokens, Date.now());
      await store.saveSession(url, session);
      return session.user;
    }
    const problem = OAuthErrorSchema.safeParse(await answer.json().catch(() => undefined));
    const error = problem.success ? problem.data.error : `HTTP ${answer.status}`;
    if (error === 'authorization_pending') continue;
    if (error === 'slow_down') {
      interval += 5_000;
      continue;
    }
    if (error === 'access_denied') throw new CliError('the sign-in was refused in the browser');
    if (error === 'expired_token') break;
    throw new CliError(
      `the sign-in failed: ${problem.success ? (problem.data.error_description ?? error) : error}`,
    );
  }
  throw new CliError('the code expired before it was approved: run login again');
}

/** Renew a while before expiry, so a call never leaves with a token about to lapse. */
const RENEW_BEFORE_MS = 60_000;

/**
 * The access token for calls to `url`, renewed with the refresh token when it is about to
 * expire (or `force`d after a 401). One process renews at a time; the others use its result.
 */
export async function accessToken(
  url: string,
  store: CredentialStore,
  options: { force?: boolean } = {},
): Promise<string> {
  const notSignedIn = () =>
    new CliError(`not signed in at ${url}: run \`npx lci-explorer login --url ${url}\``);
  const current = await store.session(url);
  if (!current) throw notSignedIn();
  if (!options.force && current.expiresAt - RENEW_BEFORE_MS > Date.now())
    return current.accessToken;
  return store.withLock(async () => {
    const session = await store.session(url);
    if (!session) throw notSignedIn();
    // Another process may have renewed it while this one waited for the lock.
    const renewedMeanwhile = session.accessToken !== current.accessToken;
    if (renewedMeanwhile && session.expiresAt - RENEW_BEFORE_MS > Date.now())
      return session.accessToken;
    const ended = new CliError(
      `your sign-in at ${url} has ended: run \`npx lci-explorer login --url ${url}\``,
    );
    if (!session.refreshToken) throw ended;
    const answer = await postForm(session.tokenEndpoint, {
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
      client_id: session.clientId,
    });
    if (!answer.ok) {
      if (answer.status === 400 || answer.status === 401) {
        await store.removeSession(url);
        throw ended;
      }
      throw new CliError(
        `the identity provider could not renew the sign-in (HTTP ${answer.status})`,
      );
    }
    const tokens = await readJson(answer, TokensSchema, 'the identity provider');
    const base = {
      issuer: session.issuer,
      clientId: session.clientId,
      tokenEndpoint: session.tokenEndpoint,
      ...(session.revocationEndpoint ? { revocationEndpoint: session.revocationEndpoint } : {}),
    };
    const renewed = sessionOf(base, tokens, Date.now(), session.refreshToken);
    await store.saveSession(url, renewed);
    return renewed.accessToken;
  });
}

/** Signs out: the refresh token given back to the identity provider, the stored tokens deleted. */
export async function logOut(url: string, store: CredentialStore): Promise<Session | undefined> {
  const session = await store.session(url);
  if (!session) return undefined;
  if (session.revocationEndpoint && session.refreshToken) {
    // Best effort: the tokens are deleted here whether or not the provider answers.
    await postForm(session.revocationEndpoint, {
      token: session.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: session.clientId,
    }).catch(() => undefined);
  }
  await store.removeSession(url);
  return session;
}
