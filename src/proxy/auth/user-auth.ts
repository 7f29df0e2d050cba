import { createHash, hash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { ProxyError } from '../errors';
import type { ProxyConfig } from '../config';

export interface VerifiedUser {
  /** A stable, not personally revealing hash of issuer and subject: the data service bills by it. */
  userId: string;
  subject: string;
  /**
   * The OIDC client the token was issued to: `client_id` (RFC 9068, the emulator's realm) or
   * `azp` (Keycloak). The explorer's own (AUTH_CLIENT_ID) is the browser; any other is a program.
   * Undefined when sign-in is off (AUTH_MODE=none) or the token names none.
   */
  clientId: string | undefined;
  /** Whether the identity provider gives the user the admin role (AUTH_ADMIN_CLAIM). */
  isAdmin: boolean;
}

const ALGORITHMS = ['RS256', 'PS256', 'ES256'];
/** Verified tokens remembered at most: one or two per signed-in user and program. */
const MAX_REMEMBERED_TOKENS = 10_000;
const DiscoverySchema = z.object({ issuer: z.string(), jwks_uri: z.url() });

const invalidToken = (detail: string) =>
  new ProxyError(401, 'invalid_token', {
    detail,
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  });

const authUnavailable = () =>
  new ProxyError(503, 'auth_unavailable', {
    detail: 'The sign-in service could not be reached to check your token. Try again shortly.',
    headers: { 'retry-after': '5' },
  });

/**
 * The clients whose tokens the proxy takes: the explorer's own (AUTH_CLIENT_ID) and, unless
 * AUTH_PROGRAM_CLIENT_ID is `none`, programs' (the device authorization grant). The issuer may
 * have other clients whose tokens carry the proxy's audience; setting programs off has to stop
 * programs, not only stop telling them which client to use. A token that names no client
 * (`client_id`, `azp`) cannot be told from a program's, and is refused too.
 */
function refuseOtherClients(auth: Extract<ProxyConfig['auth'], { mode: 'oidc' }>) {
  const allowed = new Set([auth.clientId, ...(auth.programClientId ? [auth.programClientId] : [])]);
  return (clientId: string | undefined) => {
    if (clientId !== undefined && allowed.has(clientId)) return;
    const issued =
      clientId === undefined
        ? 'This token names no client (client_id or azp), so it cannot be told from a program’s'
        : `This token was issued to the client "${clientId}"`;
    throw new ProxyError(403, 'client_not_allowed', {
      detail:
        auth.programClientId === null
          ? `${issued}, and programs may not use this explorer: AUTH_PROGRAM_CLIENT_ID=none turns their sign-in off. Use the explorer in a browser.`
          : `${issued}, which is neither the explorer's (AUTH_CLIENT_ID) nor the one programs sign in with (AUTH_PROGRAM_CLIENT_ID=${auth.programClientId}).`,
      hint: 'AUTH_CLIENT_ID and AUTH_PROGRAM_CLIENT_ID name the clients whose tokens the proxy takes',
    });
  };
}

export function userIdFor(issuer: string, subject: string): string {
  return createHash('sha256').update(`${issuer}\n${subject}`).digest('base64url').slice(0, 32);
}

export type UserVerifier = ((authorization: string | undefined) => Promise<VerifiedUser>) & {
  /**
   * The user of a token verified before and not yet expired, the same user the call would
   * resolve to, without a promise; undefined for anything the call would have to check first
   * or refuse (a new token, an expired one, a client refused). Used by cache replays
   * (`routes/replays.ts`), which hand every other request to the full path.
   */
  remembered(authorization: string | undefined): VerifiedUser | undefined;
};

/**
 * Whether a token's claim at a dotted path (`realm_access.roles`) holds the value: equal to it,
 * a list containing it, or space-separated words one of which it is (as `scope` is written).
 */
export function claimHolds(payload: unknown, path: string, value: string): boolean {
  let claim: unknown = payload;
  for (const name of path.split('.')) {
    if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return false;
    if (!Object.hasOwn(claim, name)) return false;
    claim = (claim as Record<string, unknown>)[name];
  }
  if (Array.isArray(claim)) return claim.includes(value);
  return typeof claim === 'string' && claim.split(' ').includes(value);
}

/**
 * Verifies an access token, the SPA's or a program's alike: issuer, audience and algorithms
 * pinned, keys from the pinned issuer's JWKS (never from the token). A JWKS outage is a 503, so
 * it does not sign people out.
 */
export function createUserVerifier(
  auth: ProxyConfig['auth'],
  deps: { fetch: typeof fetch; timeoutMs: number; now?: () => number },
): UserVerifier {
  if (auth.mode === 'none') {
    const user = {
      subject: 'local',
      userId: userIdFor('local', 'local'),
      clientId: undefined,
      isAdmin: false,
    };
    return Object.assign(async () => user, { remembered: () => user });
  }
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const loadKeys = () =>
    (keys ??= (async () => {
      const response = await deps.fetch(`${auth.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(deps.timeoutMs),
        redirect: 'error',
      });
      const discovery = DiscoverySchema.parse(await response.json());
      if (discovery.issuer !== auth.issuer) throw new Error('issuer mismatch in discovery');
      return createRemoteJWKSet(new URL(discovery.jwks_uri), { timeoutDuration: deps.timeoutMs });
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  // A verified token is remembered until its own expiry, so a user's next request costs no
  // signature check: keyed by the token's hash (the cache holds no credential), bounded, and
  // never outliving a token. A token is not looked up anywhere else while it is valid, here
  // or before (jwtVerify checks no revocation list): signing out ends it at its expiry.
  const verified = new Map<string, { user: VerifiedUser; expiresAt: number }>();
  const now = deps.now ?? Date.now;
  const checkClient = refuseOtherClients(auth);

  /** A remembered token's entry while it is valid; an expired one is forgotten. */
  const rememberedEntry = (tokenKey: string) => {
    const known = verified.get(tokenKey);
    if (known && known.expiresAt <= now()) {
      verified.delete(tokenKey);
      return undefined;
    }
    return known;
  };

  const verify = async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    if (token === undefined) {
      throw new ProxyError(401, 'unauthorized', {
        detail: 'Sign in to use the explorer: this request carried no access token.',
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    const tokenKey = hash('sha256', token, 'base64url');
    const known = rememberedEntry(tokenKey);
    if (known) {
      checkClient(known.user.clientId);
      return known.user;
    }
    let getKey: JWTVerifyGetKey;
    try {
      getKey = await loadKeys();
    } catch {
      throw authUnavailable();
    }
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: auth.issuer,
        audience: auth.audience,
        algorithms: ALGORITHMS,
        clockTolerance: 30,
        requiredClaims: ['exp', 'iat', 'sub'],
        ...(deps.now ? { currentDate: new Date(deps.now()) } : {}),
      });
      const subject = String(payload.sub);
      const client = payload.client_id ?? payload.azp;
      const user = {
        subject,
        userId: userIdFor(auth.issuer, subject),
        clientId: typeof client === 'string' ? client : undefined,
        isAdmin: auth.admin ? claimHolds(payload, auth.admin.claim, auth.admin.value) : false,
      };
      // Full: the oldest remembered token goes (it is verified again if it comes back).
      if (verified.size >= MAX_REMEMBERED_TOKENS) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      verified.set(tokenKey, { user, expiresAt: Number(payload.exp) * 1000 });
      checkClient(user.clientId);
      return user;
    } catch (error) {
      if (error instanceof ProxyError) throw error;
      if (
        error instanceof joseErrors.JWKSTimeout ||
        error instanceof joseErrors.JWKSInvalid ||
        !(error instanceof joseErrors.JOSEError)
      ) {
        throw authUnavailable();
      }
      if (error instanceof joseErrors.JWTExpired) {
        throw invalidToken('Your sign-in has expired. Sign in again.');
      }
      throw invalidToken('The access token is not valid for this explorer.');
    }
  };

  return Object.assign(verify, {
    remembered(authorization: string | undefined): VerifiedUser | undefined {
      const token = bearerToken(authorization);
      if (token === undefined) return undefined;
      const known = rememberedEntry(hash('sha256', token, 'base64url'));
      if (!known) return undefined;
      try {
        checkClient(known.user.clientId);
      } catch {
        return undefined;
      }
      return known.user;
    },
  });
}

/** The token of an `Authorization: Bearer` header, if it is one. */
function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(authorization ?? '')?.[1];
}
