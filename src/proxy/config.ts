import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_LICENCE_HOLDER, DEMO_SIGN_IN } from '../shared/config';
import { MAX_PAGE_LIMIT } from '../shared/api/routes';
import { refusedPort, refusedUrlPort } from '../shared/ports';
import { PAGING_STYLES, type PagingStyle } from './upstream/paging';
import { ABSENCE_FORMS, type AbsenceForm } from './upstream/adapter/common';

// The messages of a refused request (400 naming each field) are English whichever zod built the
// schema: the shared schemas are zod/mini, which sets no locale of its own.
z.config(z.locales.en());

const DEFAULT_TOKEN_URL =
  'https://sso.ecoinvent.org/realms/ecoinvent/protocol/openid-connect/token';
/** The proxy's port (and the explorer's address) unless PORT says otherwise. */
export const DEFAULT_PORT = 8080;

/** Whether an address to bind to is this machine only: nothing on another host can reach it. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** The emulator's Spold lookup, the only one known; the real service's route is unknown. */
const DEFAULT_SPOLD_ROUTE = '/datasets/spold';

/**
 * The data service's Spold lookup as a path under the API prefix (`/datasets/spold`), or `none`
 * when it has none. Segments only, so nothing but a path of the API can be named.
 */
const SpoldRouteSchema = z
  .string()
  .regex(
    /^(none|(\/[a-z][a-z0-9_-]{0,39}){1,3})$/,
    'must be a path of 1–3 lower-case segments such as /datasets/spold, or none',
  );

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** A port or URL that fetch would refuse to connect to stops start-up, naming it. */
const fetchablePort = int(0, 65535).superRefine((port, ctx) => {
  const refused = refusedPort(port);
  if (refused) ctx.addIssue({ code: 'custom', message: refused });
});
const fetchableUrl = <T extends z.ZodType<string>>(schema: T) =>
  schema.superRefine((url, ctx) => {
    const refused = refusedUrlPort(url);
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
  });

const ProxyEnvSchema = z
  .object({
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: fetchablePort.default(DEFAULT_PORT),
    DATA_API_URL: fetchableUrl(
      z.url({ message: 'must be an http(s) URL such as https://api.ecoinvent.org' }),
    ),
    DATA_API_PREFIX: z.enum(['/v0', '/v3/api1']).default('/v0'),
    DATA_API_TOKEN_URL: fetchableUrl(z.url()).default(DEFAULT_TOKEN_URL),
    DATA_API_CLIENT_ID: z.string().min(1, 'is required'),
    DATA_API_CLIENT_SECRET: z.string().min(1, 'is required'),
    DATA_API_CLIENT_AUTH: z.enum(['post', 'basic']).default('post'),
    DATA_API_ORGANIZATION_ID: z.string().max(200).optional(),
    DATA_API_SEARCH_PAGING: z.enum(PAGING_STYLES).default('from'),
    DATA_API_PAGE_SIZE: int(1, MAX_PAGE_LIMIT).default(MAX_PAGE_LIMIT),
    DATA_API_SPOLD_ROUTE: SpoldRouteSchema.default(DEFAULT_SPOLD_ROUTE),
    DATA_API_ABSENT_AS: z.enum(ABSENCE_FORMS).default('404'),
    // Set by `npm start` and `npm run deploy:local` when they start the emulator: the explorer
    // then says its data is the emulator's demo data.
    DATA_API_EMULATED: z.enum(['true', 'false']).default('false'),
    SECTOR_INDEX: z.enum(['on-demand', 'off']).default('on-demand'),
    CHANGE_REPORTS_DIR: z.string().min(1).optional(),
    AUTH_MODE: z.enum(['oidc', 'none']).default('oidc'),
    AUTH_ISSUER: fetchableUrl(z.url()).optional(),
    AUTH_AUDIENCE: z.string().min(1).default(DEMO_SIGN_IN.audience),
    AUTH_CLIENT_ID: z.string().min(1).default(DEMO_SIGN_IN.clientId),
    AUTH_SCOPE: z.string().min(1).default(DEMO_SIGN_IN.scope),
    AUTH_ADMIN_CLAIM: z
      .string()
      .regex(
        /^[A-Za-z0-9_:-]+(\.[A-Za-z0-9_:-]+)*$/,
        'must be a claim name, or a dotted path to one',
      )
      .optional(),
    AUTH_ADMIN_VALUE: z.string().min(1).optional(),
    AUTH_PROGRAM_CLIENT_ID: z.string().min(1).default(DEMO_SIGN_IN.programClientId),
    UPSTREAM_TIMEOUT_MS: int(100, 120_000).default(15_000),
    UPSTREAM_RETRY_MS: int(0, 120_000).default(8_000),
    TOKEN_TIMEOUT_MS: int(100, 60_000).default(5_000),
    CLIENT_TIMEOUT_MS: int(100, 120_000).default(15_000),
    STATIC_DIR: z.string().min(1).default('dist'),
    CACHE_MAX_MB: int(1, 4096).default(64),
    UPSTREAM_MAX_RESPONSE_MB: int(1, 512).default(32),
    USAGE_LEDGER_PATH: z.string().min(1).default('.data/usage-ledger.jsonl'),
    // Unset: a folder `evidence` beside the usage ledger (memory only when the ledger is).
    EVIDENCE_DIR: z.string().min(1).optional(),
    EVIDENCE_MAX_RECORDS: int(4, 10_000_000).default(100_000),
    // The organisation holding the ecoinvent licence, named on static reports and citations.
    LICENCE_HOLDER: z.string().trim().min(1).max(200).optional(),
    SCORE_BUDGET_DATASETS: int(0, 10_000_000).optional(),
    SCORE_BUDGET_INDICATORS: int(0, 100_000).optional(),
    RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(600),
    USER_CONCURRENCY: int(1, 1000).default(8),
    USER_QUEUE: int(0, 100_000).default(500),
    USER_QUEUE_MS: int(0, 120_000).default(10_000),
    USER_FREE_CALLS_PER_HOUR: int(0, 10_000_000).default(5_000),
    LOCAL_WORK_PER_USER: int(1, 1000).default(2),
    LOCAL_WORK_MB: int(1, 65_536).default(64),
    RELEASE_READ_CONCURRENCY: int(1, 64).default(48),
    READING_HOLD_MS: int(0, 10_000).default(1_000),
    UNAUTH_RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(60),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url())),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) =>
          entries.every((entry) => {
            const [address = '', prefix, ...rest] = entry.split('/');
            const family = isIP(address);
            const bits = family === 4 ? 32 : 128;
            return (
              family !== 0 &&
              rest.length === 0 &&
              (prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))
            );
          }),
        'must be comma-separated IP addresses or CIDR ranges, such as 127.0.0.1,10.0.0.0/8',
      ),
    REDIS_URL: z
      .url({ message: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379' })
      .refine((value) => /^rediss?:\/\//.test(value), {
        message: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
    REDIS_DURABILITY: z.enum(['require', 'warn']).default('require'),
    USAGE_WITNESS_PATH: z.string().min(1).default('.data/usage-witness.json'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.AUTH_MODE === 'oidc' && !env.AUTH_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_ISSUER'],
        message: 'is required when AUTH_MODE=oidc',
      });
    }
    if ((env.AUTH_ADMIN_CLAIM === undefined) !== (env.AUTH_ADMIN_VALUE === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.AUTH_ADMIN_CLAIM === undefined ? 'AUTH_ADMIN_CLAIM' : 'AUTH_ADMIN_VALUE'],
        message: 'is required with AUTH_ADMIN_CLAIM and AUTH_ADMIN_VALUE set together',
      });
    }
    if (env.AUTH_MODE === 'none' && !isLoopback(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_MODE'],
        message: `=none is refused unless HOST is a loopback address (HOST is ${env.HOST})`,
      });
    }
  });

export interface ProxyConfig {
  host: string;
  port: number;
  dataApi: {
    origin: string;
    /** The base path requests are built under: the URL's own path plus the prefix. */
    basePath: string;
    tokenUrl: string;
    clientId: string;
    clientSecret: string;
    clientAuth: 'post' | 'basic';
    organizationId: string | undefined;
    /** How the service's GET lists (search, indicators) are paged, as `check:upstream` finds. */
    searchPaging: PagingStyle;
    /** The largest page the service gives (≤ 100): every list and batch is asked in such pages. */
    pageSize: number;
    /** The Spold lookup's path under the prefix, or null when the service has none. */
    spoldRoute: string | null;
    /** How the service says "no such dataset": its 404, or 200 `null` or `{}` (as the check found). */
    absentAs: AbsenceForm;
    /** True when the proxy talks to the embedded emulator; shown in the SPA. */
    emulated: boolean;
  };
  auth:
    | {
        mode: 'oidc';
        issuer: string;
        audience: string;
        clientId: string;
        scope: string;
        /** Users whose token's `claim` holds `value` are admins; undefined: nobody is. */
        admin: { claim: string; value: string } | undefined;
        /**
         * The public client programs sign in with by the device authorization grant, published
         * for them; null (`none`) when the identity provider has none, and programs' tokens are
         * then refused. Tokens are checked by the same rules as the browser's (issuer,
         * audience), and their client must be this one or `clientId`.
         */
        programClientId: string | null;
      }
    | { mode: 'none' };
  /** `off`: no sector or ISIC filters (the index reads a whole release, if only once). */
  sectorIndex: 'on-demand' | 'off';
  /** A folder of ecoinvent's change reports (JSON datapackages); unset: inference only. */
  changeReportsDir: string | undefined;
  /** `clientMs`: how long a client has to send a request's headers, and all of it (SEC-08b). */
  /** `retryMs`: how long a free call waits out the service's 429 and 503 answers in all. */
  timeouts: { upstreamMs: number; tokenMs: number; clientMs: number; retryMs: number };
  staticDir: string;
  cacheMaxBytes: number;
  upstreamMaxResponseBytes: number;
  /** Where charges are kept durably; `none` keeps them in memory only (tests). */
  usageLedgerPath: string | undefined;
  /**
   * The evidence of scored answers: the folder this process keeps it in (undefined: memory),
   * unless Redis holds it for every instance; and how many answers are kept at most.
   */
  evidence: { dir: string | undefined; maxRecords: number };
  /** The organisation holding the licence, as static reports name it; null when not given. */
  licenceHolder: string | null;
  budget: { datasets: number | undefined; indicators: number | undefined };
  /**
   * `unauthPerMinute`: requests without a valid token one address may make a minute. `queue`
   * and `queueMs`: how many of a user's calls past `concurrent` wait for a slot, and how long.
   */
  limits: {
    perMinute: number;
    concurrent: number;
    queue: number;
    queueMs: number;
    unauthPerMinute: number;
    /** Free calls to the data service one user may cause an hour; undefined: no budget. */
    freeCallsPerHour: number | undefined;
    /**
     * Answers the proxy works out itself (upgrade checks, changes, histories): how many one user
     * may have at once, and the memory all of them may be estimated to hold (`LocalWork`).
     */
    localWorkPerUser: number;
    localWorkBytes: number;
    /** Free calls in flight while one release is read (two are read at once at most). */
    releaseReadConcurrency: number;
    /** How long a request waits for releases being read before its 202 (0: answers at once). */
    readingHoldMs: number;
  };
  /** The store shared by every instance (cache, ledger, limits, sector index); unset = none. */
  redisUrl: string | undefined;
  /** Whether scored calls are refused while Redis could lose acknowledged charges. */
  redisDurability: 'require' | 'warn';
  /** Where this machine keeps what it saw of the shared ledger; unset: memory only. */
  usageWitnessPath: string | undefined;
  /** Origins allowed to call the API from another origin (exact match); empty = none. */
  corsOrigins: string[];
  /**
   * Addresses of the load balancers in front (nginx): their X-Forwarded-For names the client, so
   * limits per address key on it. Empty: the socket's address, and X-Forwarded-For is ignored.
   */
  trustedProxies: string[];
  logLevel: string;
}

/** A bad variable stops start-up with one line naming it, and never its value. */
export class ConfigError extends Error {}

export function proxyConfigFromEnv(env: NodeJS.ProcessEnv): ProxyConfig {
  const parsed = ProxyEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const detail =
      env[name] === undefined && issue?.code === 'invalid_type' ? 'is required' : issue?.message;
    throw new ConfigError(`${name} ${detail ?? 'is invalid'}`.replace(/ =/, '='));
  }
  const e = parsed.data;
  const url = new URL(e.DATA_API_URL);
  return {
    host: e.HOST,
    port: e.PORT,
    dataApi: {
      origin: url.origin,
      basePath: `${url.pathname.replace(/\/+$/, '')}${e.DATA_API_PREFIX}`,
      tokenUrl: e.DATA_API_TOKEN_URL,
      clientId: e.DATA_API_CLIENT_ID,
      clientSecret: e.DATA_API_CLIENT_SECRET,
      clientAuth: e.DATA_API_CLIENT_AUTH,
      organizationId: e.DATA_API_ORGANIZATION_ID,
      searchPaging: e.DATA_API_SEARCH_PAGING,
      pageSize: e.DATA_API_PAGE_SIZE,
      spoldRoute: e.DATA_API_SPOLD_ROUTE === 'none' ? null : e.DATA_API_SPOLD_ROUTE,
      absentAs: e.DATA_API_ABSENT_AS,
      emulated: e.DATA_API_EMULATED === 'true',
    },
    auth:
      e.AUTH_MODE === 'oidc'
        ? {
            mode: 'oidc',
            issuer: (e.AUTH_ISSUER ?? '').replace(/\/+$/, ''),
            audience: e.AUTH_AUDIENCE,
            clientId: e.AUTH_CLIENT_ID,
            scope: e.AUTH_SCOPE,
            admin:
              e.AUTH_ADMIN_CLAIM && e.AUTH_ADMIN_VALUE
                ? { claim: e.AUTH_ADMIN_CLAIM, value: e.AUTH_ADMIN_VALUE }
                : undefined,
            programClientId: e.AUTH_PROGRAM_CLIENT_ID === 'none' ? null : e.AUTH_PROGRAM_CLIENT_ID,
          }
        : { mode: 'none' },
    sectorIndex: e.SECTOR_INDEX,
    changeReportsDir: e.CHANGE_REPORTS_DIR,
    timeouts: {
      upstreamMs: e.UPSTREAM_TIMEOUT_MS,
      tokenMs: e.TOKEN_TIMEOUT_MS,
      clientMs: e.CLIENT_TIMEOUT_MS,
      retryMs: e.UPSTREAM_RETRY_MS,
    },
    staticDir: e.STATIC_DIR,
    cacheMaxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    upstreamMaxResponseBytes: e.UPSTREAM_MAX_RESPONSE_MB * 1024 * 1024,
    usageLedgerPath: e.USAGE_LEDGER_PATH === 'none' ? undefined : e.USAGE_LEDGER_PATH,
    evidence: {
      dir:
        e.EVIDENCE_DIR === undefined
          ? e.USAGE_LEDGER_PATH === 'none'
            ? undefined
            : path.join(path.dirname(e.USAGE_LEDGER_PATH), 'evidence')
          : e.EVIDENCE_DIR === 'none'
            ? undefined
            : e.EVIDENCE_DIR,
      maxRecords: e.EVIDENCE_MAX_RECORDS,
    },
    licenceHolder:
      e.LICENCE_HOLDER ?? (e.DATA_API_EMULATED === 'true' ? DEMO_LICENCE_HOLDER : null),
    budget: { datasets: e.SCORE_BUDGET_DATASETS, indicators: e.SCORE_BUDGET_INDICATORS },
    limits: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      concurrent: e.USER_CONCURRENCY,
      queue: e.USER_QUEUE,
      queueMs: e.USER_QUEUE_MS,
      unauthPerMinute: e.UNAUTH_RATE_LIMIT_PER_MINUTE,
      freeCallsPerHour: e.USER_FREE_CALLS_PER_HOUR === 0 ? undefined : e.USER_FREE_CALLS_PER_HOUR,
      localWorkPerUser: e.LOCAL_WORK_PER_USER,
      localWorkBytes: e.LOCAL_WORK_MB * 1024 * 1024,
      releaseReadConcurrency: e.RELEASE_READ_CONCURRENCY,
      readingHoldMs: e.READING_HOLD_MS,
    },
    redisUrl: e.REDIS_URL,
    redisDurability: e.REDIS_DURABILITY,
    usageWitnessPath: e.USAGE_WITNESS_PATH === 'none' ? undefined : e.USAGE_WITNESS_PATH,
    corsOrigins: e.CORS_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    logLevel: e.LOG_LEVEL,
  };
}
