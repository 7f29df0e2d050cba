import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { demoPage, errorLine } from './login-page';

/** RFC 8628 §3.2: the seconds a program waits between polls, unless told to slow down. */
const DEVICE_POLL_SECONDS = 5;
/** Wrong codes one address may type on the device page in a window before it must wait. */
const USER_CODE_GUESSES = 5;
const GUESS_WINDOW_MS = 60_000;
/** Device codes and addresses remembered at most; the oldest go first. */
const MAX_TRACKED = 10_000;

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  if (map.size >= MAX_TRACKED) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

/**
 * What oidc-provider leaves to its host (RFC 8628 §3.5 and §5.1): the `interval` a program
 * polls at, `slow_down` to one that polls faster (its interval then 5 s longer, as the RFC
 * says), and a bound on user codes guessed on the device page (a code is 8 letters; a script
 * tried 300 in a second). Guesses are counted per client address.
 */
export function deviceThrottle(now: () => number = Date.now) {
  const polls = new Map<string, { last: number; interval: number }>();
  const guesses = new Map<string, { start: number; count: number }>();

  const attach = (provider: Provider) => {
    provider.on('device_authorization.success', (_ctx: unknown, body: Record<string, unknown>) => {
      body.interval = DEVICE_POLL_SECONDS;
    });

    const waitSeconds = (address: string) => {
      const entry = guesses.get(address);
      if (!entry || entry.count < USER_CODE_GUESSES) return 0;
      const left = entry.start + GUESS_WINDOW_MS - now();
      if (left <= 0) {
        guesses.delete(address);
        return 0;
      }
      return Math.ceil(left / 1000);
    };

    provider.use(async (ctx, next) => {
      // The device page's form: refused while its address has guessed too many codes.
      if (ctx.method === 'POST' && ctx.path === '/device') {
        const wait = waitSeconds(ctx.ip);
        if (wait > 0) {
          ctx.status = 429;
          ctx.set('retry-after', String(wait));
          ctx.type = 'html';
          ctx.body = demoPage(
            'Too many codes',
            `<h1>Sign in a program</h1>
${errorLine(`Too many codes that were not valid were typed from here. Try again in ${wait} s with the code your terminal shows.`)}`,
          );
          return;
        }
      }
      await next();
      const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
      const params = oidc?.params;
      const body = ctx.body as { error?: unknown } | undefined;
      if (
        oidc?.route !== 'token' ||
        params?.grant_type !== DEVICE_CODE_GRANT ||
        typeof params.device_code !== 'string' ||
        body?.error !== 'authorization_pending'
      )
        return;
      const at = now();
      const entry = polls.get(params.device_code);
      if (entry && at - entry.last < entry.interval * 1000) {
        entry.interval += 5;
        entry.last = at;
        ctx.body = {
          error: 'slow_down',
          error_description: `polling too fast: wait at least ${entry.interval} s between polls`,
        };
        return;
      }
      remember(polls, params.device_code, {
        last: at,
        interval: entry?.interval ?? DEVICE_POLL_SECONDS,
      });
    });
  };

  return {
    /** Adds the interval, `slow_down` and the bound on guesses to the realm's provider. */
    attach,
    /** A code typed on the device page that was never issued (or has gone): one guess more. */
    wrongCode(address: string) {
      const entry = guesses.get(address);
      if (entry && now() - entry.start < GUESS_WINDOW_MS) entry.count++;
      else remember(guesses, address, { start: now(), count: 1 });
    },
  };
}
