import { ProxyError } from '../errors';

export interface TokenGrant {
  accessToken: string;
  expiresInSeconds: number;
  /** The names of the fields the token answer had (never their values), for the check. */
  fields?: string[];
  /** What was assumed of a lenient answer (`token_type` absent: bearer), for the check. */
  assumed?: string[];
}

export interface TokenCacheOptions {
  /** Asks the identity provider for a token; throws a ProxyError it has classified. */
  fetchToken: () => Promise<TokenGrant>;
  now?: () => number;
  random?: () => number;
}

const SOFT_WINDOW_CAP_MS = 300_000;
const HARD_SKEW_CAP_MS = 30_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;
/**
 * A refused client (invalid_client) backs off like any failure but to at most 5 s: once the
 * secret is fixed the proxy serves again within seconds, and 12 requests a minute at worst are
 * nothing to the identity provider.
 */
const CONFIG_ERROR_BACKOFF_CAP_MS = 5_000;
/**
 * A token fetched to replace a rejected one, and rejected in turn within this long, is kept: the
 * service refuses the client, not a token, and another fetch would only be refused again. Without
 * this, a request slowed past the first refresh (a busy machine) sent the replacement, saw it
 * refused, and fetched a third token (SEC-11c allows one extra).
 */
const REPLACEMENT_GRACE_MS = 5_000;

/**
 * The data service's token, shared by every user of this proxy (security.md §2.1):
 * one request in flight however many callers; a background refresh inside the soft window
 * while the cached token is still served; callers wait only inside the hard skew; after a
 * failure, exponential backoff with jitter during which no new request is made and the old
 * token is served until its real expiry.
 */
export class TokenCache {
  private token: string | undefined;
  private expiresAt = 0;
  private lifetimeMs = 60_000;
  private inflight: Promise<string> | undefined;
  private failures = 0;
  private backoffUntil = 0;
  private lastError: ProxyError | undefined;
  private obtainedAt = 0;
  private replacing = false;
  private replacesRejected = false;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: TokenCacheOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  async get(): Promise<string> {
    const now = this.now();
    const soft = Math.min(SOFT_WINDOW_CAP_MS, this.lifetimeMs * 0.25);
    const hard = Math.min(HARD_SKEW_CAP_MS, this.lifetimeMs * 0.1);
    const token = this.token;
    if (token && now < this.expiresAt - soft) return token;

    if (now < this.backoffUntil) {
      if (token && now < this.expiresAt) return token;
      throw this.backoffError(now);
    }

    const refresh = (this.inflight ??= this.refresh());
    if (token && now < this.expiresAt - hard) {
      refresh.catch(() => undefined);
      return token;
    }
    return refresh;
  }

  /** Forgets the token only if it is still the one the data service rejected. */
  invalidate(rejected: string): void {
    if (rejected !== this.token) return;
    if (this.replacesRejected && this.now() - this.obtainedAt < REPLACEMENT_GRACE_MS) return;
    this.token = undefined;
    this.expiresAt = 0;
    this.replacing = true;
  }

  private async refresh(): Promise<string> {
    try {
      const grant = await this.options.fetchToken();
      const obtainedAt = this.now();
      this.obtainedAt = obtainedAt;
      this.replacesRejected = this.replacing;
      this.replacing = false;
      this.token = grant.accessToken;
      this.lifetimeMs = grant.expiresInSeconds * 1000;
      this.expiresAt = obtainedAt + this.lifetimeMs;
      this.failures = 0;
      this.backoffUntil = 0;
      this.lastError = undefined;
      return grant.accessToken;
    } catch (error) {
      const classified =
        error instanceof ProxyError
          ? error
          : new ProxyError(503, 'idp_unavailable', {
              detail: 'The data service’s identity provider could not be reached.',
            });
      this.failures++;
      const isConfig = classified.code === 'upstream_auth_config';
      const ceiling = Math.min(
        isConfig ? CONFIG_ERROR_BACKOFF_CAP_MS : BACKOFF_CAP_MS,
        BACKOFF_BASE_MS * 2 ** (this.failures - 1),
      );
      this.backoffUntil = this.now() + ceiling * (0.5 + this.random() * 0.5);
      this.lastError = classified;
      throw this.backoffError(this.now());
    } finally {
      this.inflight = undefined;
    }
  }

  private backoffError(now: number): ProxyError {
    const last =
      this.lastError ??
      new ProxyError(503, 'idp_unavailable', {
        detail: 'The data service’s identity provider could not be reached.',
      });
    if (last.status !== 503) return last;
    const retryAfter = Math.max(1, Math.ceil((this.backoffUntil - now) / 1000));
    return new ProxyError(503, last.code, {
      ...last.options,
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
