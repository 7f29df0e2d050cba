import type { OidcMetadata, User, UserManager } from 'oidc-client-ts';
import { z } from 'zod/mini';
import { PublicConfigSchema, type PublicConfig } from '../../../shared/config';
import { apiRequest, setAuthHooks } from '../../lib/api-client';
import { createUserManager, isSignInState, SIGNED_OUT_PATH } from './user-manager';

const CALLBACK_PATH = '/callback';

/** What the explorer starts with, once signing in is settled. */
export type Boot =
  | {
      config: PublicConfig;
      /** Absent when sign-in is off (AUTH_MODE=none). */
      userManager?: UserManager;
      /** The identity provider refused, or the callback could not be completed. */
      signInError?: Error;
    }
  /** The proxy could not be asked for its settings: the explorer shows why, with a retry. */
  | { configError: unknown };

/** Where to come back to after signing in: never the callback or signed-out page themselves. */
export function returnPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const { pathname, search, hash } = location;
  return pathname === SIGNED_OUT_PATH || pathname === CALLBACK_PATH
    ? '/'
    : `${pathname}${search}${hash}`;
}

/** An answer from the identity provider: a code or an error, always with the state it was given. */
export function isSignInAnswer(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const params = new URLSearchParams(location.search);
  return (
    location.pathname === CALLBACK_PATH &&
    params.has('state') &&
    (params.has('code') || params.has('error'))
  );
}

/**
 * Whether the explorer shows its pages at once: signed in (or no sign-in at all), not the
 * signed-out page, which waits for "Sign in again", nor a refused sign-in. Only then may it ask
 * the proxy anything: a 401 would start a silent renewal the Content Security Policy refuses.
 */
export function signedInAtBoot(boot: Boot): boolean {
  if (!('config' in boot) || boot.signInError) return false;
  return !boot.userManager || window.location.pathname !== SIGNED_OUT_PATH;
}

/** Where the page that goes to the identity provider leaves what the callback page will need. */
export const HANDOFF_KEY = 'lci-explorer.sign-in';

/**
 * The proxy's settings and the identity provider's metadata (its discovery document) as the page
 * that went to the identity provider had them.
 */
const HandoffSchema = z.object({
  /** When it was left (ms since the epoch): see HANDOFF_MAX_AGE_MS. */
  at: z.number(),
  config: PublicConfigSchema,
  metadata: z.looseObject({
    issuer: z.string(),
    authorization_endpoint: z.url(),
    token_endpoint: z.url(),
  }),
});
/**
 * A handoff older than this is not this callback's: a sign-in abandoned at the provider left it,
 * and this callback came from a redirect that left none ("Sign in again"). oidc-client-ts drops
 * its own sign-in states after as long (`staleStateAgeInSeconds`, 15 minutes).
 */
const HANDOFF_MAX_AGE_MS = 15 * 60_000;
type Handoff = z.infer<typeof HandoffSchema> & { config: { auth: { mode: 'oidc' } } };

function leaveHandoff(config: PublicConfig, metadata: Partial<OidcMetadata>) {
  try {
    window.sessionStorage.setItem(
      HANDOFF_KEY,
      JSON.stringify({ at: Date.now(), config, metadata }),
    );
  } catch {
    // Storage full or refused: the callback asks for both again, two round trips later.
  }
}

/** The handoff for this callback, read once; anything missing or unreadable is none. */
function takeHandoff(): Handoff | undefined {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(HANDOFF_KEY);
    window.sessionStorage.removeItem(HANDOFF_KEY);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const handoff = HandoffSchema.safeParse(parsed);
  if (!handoff.success || handoff.data.config.auth.mode !== 'oidc') return undefined;
  const age = Date.now() - handoff.data.at;
  if (age < 0 || age > HANDOFF_MAX_AGE_MS) return undefined;
  return handoff.data as Handoff;
}

/**
 * Every call to the proxy carries the session's current token, from the moment a user is known:
 * the token is read from the user manager's events, never from React state set in an effect, so
 * no first query can leave before it (and be answered 401).
 */
function connectApi(userManager: UserManager, user: User | null) {
  let current = user;
  userManager.events.addUserLoaded((loaded) => {
    current = loaded;
  });
  userManager.events.addUserUnloaded(() => {
    current = null;
  });
  setAuthHooks({
    getToken: () => (current && !current.expired ? current.access_token : undefined),
    renew: async () => {
      try {
        return (await userManager.signinSilent()) !== null;
      } catch {
        return false;
      }
    },
  });
}

/** Turns the identity provider's answer into tokens and puts the address back where it was. */
async function completeCallback(
  config: PublicConfig,
  userManager: UserManager,
  preload: () => void,
): Promise<Boot | undefined> {
  try {
    const user = await userManager.signinCallback();
    if (!user) return undefined;
    connectApi(userManager, user);
    // Back where the user started, without the code and state of the callback.
    const returnTo = isSignInState(user.state) ? user.state.returnTo : '/';
    window.history.replaceState({}, document.title, returnTo);
    return { config, userManager };
  } catch (error) {
    window.history.replaceState({}, document.title, CALLBACK_PATH);
    connectApi(userManager, null);
    preload();
    return { config, userManager, signInError: error as Error };
  }
}

/**
 * Settles signing in before the explorer itself is loaded, so a signed-out visit goes to the
 * identity provider after a small script instead of the whole explorer, and the callback turns
 * its code into tokens while the explorer's code is arriving (`preload` starts that as soon as
 * the explorer is sure to be shown). Resolves to undefined when the browser is on its way to the
 * identity provider, or when this is a hidden frame renewing the session for its page.
 */
export async function signInFirst(preload: () => void): Promise<Boot | undefined> {
  const answer = isSignInAnswer(window.location);
  const inFrame = window.self !== window.top;
  // Asked at once: index.html's preload hint has the answer on its way.
  const asked = apiRequest('/api/config', PublicConfigSchema);
  const handoff = answer && !inFrame ? takeHandoff() : undefined;
  if (handoff) {
    // Back from the identity provider this page's predecessor went to: the code is exchanged at
    // once with the settings and metadata it had, before the explorer's code runs (which keeps a
    // slow device busy for a while), not after the two round trips of asking for them again.
    const userManager = createUserManager(handoff.config.auth, handoff.metadata);
    const completing = completeCallback(handoff.config, userManager, preload);
    // The settings as they are now, for the explorer; the handoff's if the proxy cannot say.
    const settings = asked.catch(() => handoff.config);
    preload();
    const boot = await completing;
    const config = await settings;
    return boot && 'config' in boot ? { ...boot, config } : boot;
  }
  // Back from the identity provider, or signed out: the explorer will be shown whatever the
  // settings say, so its code loads while they are asked for and the code is exchanged.
  if ((answer && !inFrame) || window.location.pathname === SIGNED_OUT_PATH) preload();
  let config: PublicConfig;
  try {
    config = await asked;
  } catch (error) {
    preload();
    return { configError: error };
  }
  if (config.auth.mode !== 'oidc') {
    preload();
    return { config };
  }

  const userManager = createUserManager(config.auth);
  if (answer) return completeCallback(config, userManager, preload);
  connectApi(userManager, null);
  if (window.location.pathname === SIGNED_OUT_PATH) {
    preload();
    return { config, userManager };
  }
  // The callback page finds what this page asked for (see takeHandoff).
  leaveHandoff(config, await userManager.metadataService.getMetadata());
  await userManager.signinRedirect({ state: { returnTo: returnPath(window.location) } });
  return undefined;
}
