import { randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose';

/**
 * The data service's own identity provider: a Keycloak realm `ecoinvent` that issues
 * client-credentials JWTs. Keys are generated at start and never leave the process.
 */
export interface ServiceTokenIssuer {
  issuer: string;
  issue(clientId: string): Promise<{ token: string; expiresIn: number }>;
  /** Resolves to the token's claims, or null when it is not one of ours or has expired. */
  verify(token: string): Promise<{ clientId: string; jti: string } | null>;
  publicJwk: JWK;
  /** The jti of the newest token issued, for the "reject the current token once" fault. */
  latestJti(): string | undefined;
}

export interface ServiceTokenOptions {
  issuer: string;
  ttlSeconds: () => number;
  now: () => number;
}

export async function createServiceTokenIssuer(
  options: ServiceTokenOptions,
): Promise<ServiceTokenIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let latest: string | undefined;
  return {
    issuer: options.issuer,
    publicJwk,
    latestJti: () => latest,
    async issue(clientId) {
      const issued = await sign(privateKey, kid, options, clientId);
      latest = issued.jti;
      return { token: issued.token, expiresIn: issued.expiresIn };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          currentDate: new Date(options.now()),
          requiredClaims: ['exp', 'iat', 'azp', 'jti'],
        });
        return { clientId: String(payload.azp), jti: String(payload.jti) };
      } catch {
        return null;
      }
    },
  };
}

async function sign(key: CryptoKey, kid: string, options: ServiceTokenOptions, clientId: string) {
  const expiresIn = options.ttlSeconds();
  const nowSeconds = Math.floor(options.now() / 1000);
  const jti = randomUUID();
  const token = await new SignJWT({ azp: clientId, typ: 'Bearer', scope: 'profile' })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
    .setIssuer(options.issuer)
    .setSubject(`service-account-${clientId}`)
    .setJti(jti)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + expiresIn)
    .sign(key);
  return { token, expiresIn, jti };
}

/** Compares secrets in constant time so the endpoint leaks nothing through timing. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
