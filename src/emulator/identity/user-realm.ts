import type { IncomingMessage } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { DEMO_SIGN_IN } from '../../shared/config';
import { findDemoUser, DEMO_USERS } from './demo-users';
import { deviceFlowPages } from './device-pages';
import { deviceThrottle } from './device-throttle';
import { escapeHtml, loginPage, logoutPage } from './login-page';
import { createMemoryAdapterFactory } from './memory-adapter';

export const USER_REALM_PATH = `/realms/${DEMO_SIGN_IN.realm}`;
const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** How long a program stays signed in without being used: its refresh token's lifetime. */
const PROGRAM_SIGN_IN_SECONDS = 30 * 24 * 3600;

export interface UserRealmOptions {
  publicOrigin: string;
  spaOrigins: readonly string[];
  accessTokenTtlSeconds: number;
  demoLogin: boolean;
}

/**
 * oidc-provider 9 warns at import that Node 20 is not an LTS it supports; it works here, and this
 * realm exists for demos and tests, so that one known line is kept out of the start-up output.
 */
async function importProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/**
 * The demo organisation's OIDC provider: authorization code + PKCE for the explorer, the device
 * authorization grant for programs, refresh tokens, logout.
 */
export async function createUserRealm(options: UserRealmOptions): Promise<Provider> {
  const ProviderClass = await importProvider();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };
  const audience = DEMO_SIGN_IN.audience;
  const throttle = deviceThrottle();

  const configuration: Configuration = {
    adapter: createMemoryAdapterFactory(),
    jwks: { keys: [signingKey] },
    cookies: { keys: [crypto.randomUUID(), crypto.randomUUID()] },
    clients: [
      {
        client_id: DEMO_SIGN_IN.clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.spaOrigins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: options.spaOrigins.map((origin) => `${origin}/signed-out`),
      },
      {
        // Scripts, notebooks and the explorer's command line: RFC 8628's device authorization
        // grant, so a program never sees the user's password and holds no secret of its own.
        client_id: DEMO_SIGN_IN.programClientId,
        client_name: 'LCI Explorer for scripts and notebooks',
        token_endpoint_auth_method: 'none',
        grant_types: [DEVICE_CODE_GRANT, 'refresh_token'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
      revocation: '/protocol/openid-connect/revoke',
      // Keycloak's names: where a program starts, and the page the user is sent to.
      device_authorization: '/protocol/openid-connect/auth/device',
      code_verification: '/device',
    },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    pkce: { required: () => true },
    // Only the explorer's own origins may call the token endpoint from a browser.
    clientBasedCORS: (_ctx, origin) => options.spaOrigins.includes(origin),
    features: {
      devInteractions: { enabled: false },
      deviceFlow: {
        enabled: true,
        ...deviceFlowPages,
        userCodeInputSource: (ctx, form, out, error) => {
          // A code never issued (or gone): a guess, counted against the address it came from.
          if (error?.name === 'NotFoundError') throttle.wrongCode(ctx.ip);
          deviceFlowPages.userCodeInputSource(ctx, form, out, error);
        },
      },
      // A program signing out gives its refresh token back.
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = logoutPage(form);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'openid profile',
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: options.accessTokenTtlSeconds,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    interactions: {
      url: (_ctx, interaction) => `${USER_REALM_PATH}/interaction/${interaction.uid}`,
    },
    // The explorer is the organisation's own first-party app: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const accountId = ctx.oidc.session?.accountId;
      if (!client || !accountId) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(client.clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(audience, 'openid profile');
      await grant.save();
      return grant;
    },
    // Public-client refresh tokens are rotated by oidc-provider; silent renew uses them.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: (_ctx, sub) => {
      const user = DEMO_USERS.find((u) => u.username === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: user.name,
          preferred_username: user.username,
          email: user.email,
        }),
      };
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: options.accessTokenTtlSeconds,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
      DeviceCode: 600,
      // A browser session's renewals last a working day; a program's sign-in lasts a month
      // (RFC 8628 §5.4 expects the device to keep its grant), rotated at every use.
      RefreshToken: (_ctx, _token, client) =>
        client.clientId === DEMO_SIGN_IN.programClientId ? PROGRAM_SIGN_IN_SECONDS : 8 * 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`;
    },
  };

  const provider = new ProviderClass(`${options.publicOrigin}${USER_REALM_PATH}`, configuration);
  throttle.attach(provider);
  provider.on('server_error', (_ctx, error) => {
    console.error('user realm error:', error.message);
  });
  return provider;
}

const formsOf = (uid: string) => ({
  action: `${USER_REALM_PATH}/interaction/${uid}/login`,
  cancel: `${USER_REALM_PATH}/interaction/${uid}/abort`,
});

/** Mounts the provider under its realm path, with the demo login form in front of it. */
export function mountUserRealm(app: FastifyInstance, provider: Provider, demoLogin: boolean) {
  const handler = provider.callback();

  app.get(`${USER_REALM_PATH}/interaction/:uid`, async (request, reply) => {
    if (!demoLogin) return reply.code(404).send({ detail: 'Not Found' });
    const details = await provider.interactionDetails(request.raw, reply.raw);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginPage(formsOf(details.uid)));
  });

  // "Cancel": the application is told the user did not sign in, as any refusal tells it.
  app.post(`${USER_REALM_PATH}/interaction/:uid/abort`, async (request, reply) => {
    if (!demoLogin) return reply.code(404).send({ detail: 'Not Found' });
    await provider.interactionDetails(request.raw, reply.raw);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'The user cancelled signing in.' },
      { mergeWithLastSubmission: false },
    );
  });

  app.post(`${USER_REALM_PATH}/interaction/:uid/login`, async (request, reply) => {
    if (!demoLogin) return reply.code(404).send({ detail: 'Not Found' });
    const details = await provider.interactionDetails(request.raw, reply.raw);
    const form = (request.body ?? {}) as Record<string, string>;
    const user = findDemoUser(form.username ?? '', form.password ?? '');
    if (!user) {
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(
          loginPage({
            ...formsOf(details.uid),
            error: 'Unknown username or wrong password.',
            username: form.username ?? '',
          }),
        );
    }
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: user.username } },
      { mergeWithLastSubmission: false },
    );
  });

  // Everything else under the realm belongs to the provider, which reads the raw request
  // itself: in this scope no parser touches the body, and the reply is handed over whole.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'HEAD'],
      url: `${USER_REALM_PATH}/*`,
      handler: (request, reply) => {
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(USER_REALM_PATH.length) || '/';
        void handler(raw, reply.raw);
      },
    });
  });
}
