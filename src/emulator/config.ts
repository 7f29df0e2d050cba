import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { refusedPort, refusedUrlPort } from '../shared/ports';
import { EMULATOR_PAGING_STYLES, MISSING_SCORE_FORMS, type Faults } from './faults';
import { DEFAULT_LICENCE, parseLicence } from './licence';

/** Where `npm start` puts the emulator unless EMULATOR_PORT says otherwise. */
export const DEFAULT_EMULATOR_PORT = 4010;
/** A port fetch would refuse to connect to: the proxy could never reach the emulator there. */
const port = z.coerce
  .number()
  .int()
  .min(0)
  .max(65535)
  .superRefine((value, ctx) => {
    const refused = refusedPort(value);
    if (refused) ctx.addIssue({ code: 'custom', message: refused });
  });
const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * The shapes the emulator answers in: `documented` as upstream-api.md §13 assumes them, or
 * `variant`, the plausible alternatives where the real service's shapes are unknown, so a client
 * can be tested against both.
 */
const DIALECTS = ['documented', 'variant'] as const;
type Dialect = (typeof DIALECTS)[number];

/** Where each dialect serves the Spold lookup, under the API prefix, unless told otherwise. */
const DEFAULT_SPOLD_ROUTES: Record<Dialect, string> = {
  documented: '/datasets/spold',
  variant: '/datasets/by-spold',
};

/** Paths other GET routes already serve; a lookup there would stop the emulator from starting. */
const TAKEN_PATHS = ['/versions', '/indicators', '/datasets'];

const spoldRoute = z
  .string()
  .refine(
    (value) =>
      value === 'none' ||
      (/^(\/[a-z0-9_-]+){1,3}$/.test(value) &&
        value.split('/').every((segment) => !/^\d+$/.test(segment))),
    'must be "none" or a path under the API prefix of 1 to 3 segments of a-z, 0-9, "_" or "-" (none all digits), e.g. /datasets/spold',
  )
  .refine(
    (value) => !TAKEN_PATHS.includes(value),
    `must not be ${TAKEN_PATHS.join(', ')}: other routes are there`,
  );

const EmulatorEnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  EMULATOR_PORT: port.default(DEFAULT_EMULATOR_PORT),
  EMULATOR_PUBLIC_ORIGIN: z
    .url()
    .superRefine((value, ctx) => {
      const refused = refusedUrlPort(value);
      if (refused) ctx.addIssue({ code: 'custom', message: refused });
    })
    .optional(),
  DATA_API_CLIENT_ID: z.string().min(1).optional(),
  DATA_API_CLIENT_SECRET: z.string().min(8).optional(),
  EMULATOR_TOKEN_TTL: z.coerce.number().int().min(1).max(86_400).default(3600),
  EMULATOR_USER_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(600),
  EMULATOR_LICENCE: z
    .string()
    .default(DEFAULT_LICENCE)
    .refine((spec) => {
      try {
        parseLicence(spec);
        return true;
      } catch {
        return false;
      }
    }, 'must be comma-separated version/systemModel pairs, e.g. "*/*,!3.10/EN15804"'),
  EMULATOR_SPA_ORIGINS: origins.default([
    'http://localhost:8080',
    'http://127.0.0.1:8080',
    'http://localhost:5173',
    'http://127.0.0.1:5173',
  ]),
  EMULATOR_DEMO_LOGIN: bool.default(true),
  EMULATOR_SCALE: z.coerce.number().gt(0).max(1).default(1),
  EMULATOR_DIALECT: z.enum(DIALECTS).default('documented'),
  EMULATOR_SPOLD_ROUTE: spoldRoute.optional(),
  EMULATOR_METERING: z.enum(['record', 'enforce']).default('record'),
  EMULATOR_TIER_DATASETS: z.coerce.number().int().min(0).default(10_000),
  EMULATOR_TIER_INDICATORS: z.coerce.number().int().min(0).default(1_000),
  EMULATOR_TIER_USERS: z.coerce.number().int().min(0).default(100),
  EMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  EMULATOR_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  EMULATOR_RATE_LIMIT_RATE: z.coerce.number().min(0).max(1).default(0),
  EMULATOR_SLOW_BODY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  EMULATOR_OVERSIZE_BYTES: z.coerce.number().int().min(0).default(0),
  EMULATOR_INVALID_CLIENT: bool.default(false),
  // Deviations of the real service's shapes and manners, each off by default (README, Knobs).
  EMULATOR_RENAME_FIELD: z
    .string()
    .regex(/^[a-z_]+:[a-z_]+$/, 'must be old:new, e.g. geography:location')
    .optional(),
  EMULATOR_NULL_FIELD: z
    .string()
    .regex(/^[a-z_]+$/, 'must be a field name')
    .optional(),
  EMULATOR_OMIT_TOTAL: bool.default(false),
  EMULATOR_INDICATOR_PAGING: bool.default(false),
  EMULATOR_PAGING: z.enum(EMULATOR_PAGING_STYLES).optional(),
  EMULATOR_MAX_LIMIT: z.coerce.number().int().min(1).max(100).default(100),
  EMULATOR_OVER_LIMIT: z.enum(['refuse', 'clamp']).default('refuse'),
  EMULATOR_SCORE_SHAPE: z.enum(['documented', 'renamed']).default('documented'),
  EMULATOR_RATE_LIMIT_BURST: z.coerce.number().int().min(0).max(1000).default(0),
  EMULATOR_TOKEN_ANSWER: z.enum(['keycloak', 'recorded']).default('keycloak'),
  EMULATOR_REDIRECT: z.enum(['none', 'trailing-slash', 'other-origin']).default('none'),
  EMULATOR_HTML_ERRORS: bool.default(false),
  EMULATOR_FORMULA_NAMES: bool.default(false),
  EMULATOR_TOTAL_CAP: z.coerce.number().int().min(0).optional(),
  EMULATOR_VERSIONS_VOCABULARY: z.enum(['codes', 'names', 'other']).default('codes'),
  EMULATOR_MISSING_SCORE: z
    .string()
    .regex(
      /^(null|nan|marker|absent)(:[1-9]\d{0,8})?$/,
      'must be null, nan, marker or absent, optionally with an indicator ID, e.g. null:882',
    )
    .optional(),
  EMULATOR_SLOW_RATE: z.coerce.number().min(0).max(1).default(0),
  EMULATOR_SLOW_MS: z.coerce.number().int().min(0).max(120_000).default(30_000),
  EMULATOR_GATEWAY_REFUSAL: z.enum(['none', 'token', 'always']).default('none'),
  EMULATOR_CONTENT_ENCODING: z
    .enum(['identity', 'gzip', 'deflate', 'br', 'compress'])
    .default('identity'),
  EMULATOR_ABSENT_AS: z.enum(['404', 'null', 'empty']).default('404'),
  EMULATOR_NOT_FOUND_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});

export interface EmulatorConfig {
  host: string;
  port: number;
  /** Where browsers and clients reach the emulator; the issuer of both realms lives under it. */
  publicOrigin: string;
  client: { id: string; secret: string; generated: boolean };
  serviceTokenTtlSeconds: number;
  userTokenTtlSeconds: number;
  licence: string;
  spaOrigins: string[];
  demoLogin: boolean;
  /** Share of the real database's size to generate (0 < scale ≤ 1). */
  scale: number;
  dialect: Dialect;
  /** The Spold lookup's path under the API prefix; null when the service is to have none. */
  spoldRoute: string | null;
  metering: {
    mode: 'record' | 'enforce';
    tier: { datasets: number; indicators: number; users: number };
  };
  /** The faults it starts with (`POST /_emulator/faults` changes them at run time). */
  faults: Partial<Faults>;
}

/** A bad variable stops start-up with one line naming it. */
export class EmulatorConfigError extends Error {}

export function emulatorConfigFromEnv(env: NodeJS.ProcessEnv): EmulatorConfig {
  const parsed = EmulatorEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EmulatorConfigError(
      `Invalid ${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? ''}`,
    );
  }
  const e = parsed.data;
  const generated = !(e.DATA_API_CLIENT_ID && e.DATA_API_CLIENT_SECRET);
  return {
    host: e.HOST,
    port: e.EMULATOR_PORT,
    publicOrigin: e.EMULATOR_PUBLIC_ORIGIN ?? `http://localhost:${e.EMULATOR_PORT}`,
    client: generated
      ? { id: 'lci-explorer-proxy', secret: generateSecret(), generated: true }
      : {
          id: e.DATA_API_CLIENT_ID ?? '',
          secret: e.DATA_API_CLIENT_SECRET ?? '',
          generated: false,
        },
    serviceTokenTtlSeconds: e.EMULATOR_TOKEN_TTL,
    userTokenTtlSeconds: e.EMULATOR_USER_TOKEN_TTL,
    licence: e.EMULATOR_LICENCE,
    spaOrigins: e.EMULATOR_SPA_ORIGINS,
    demoLogin: e.EMULATOR_DEMO_LOGIN,
    scale: e.EMULATOR_SCALE,
    dialect: e.EMULATOR_DIALECT,
    spoldRoute:
      e.EMULATOR_SPOLD_ROUTE === 'none'
        ? null
        : (e.EMULATOR_SPOLD_ROUTE ?? DEFAULT_SPOLD_ROUTES[e.EMULATOR_DIALECT]),
    metering: {
      mode: e.EMULATOR_METERING,
      tier: {
        datasets: e.EMULATOR_TIER_DATASETS,
        indicators: e.EMULATOR_TIER_INDICATORS,
        users: e.EMULATOR_TIER_USERS,
      },
    },
    faults: {
      latency_ms: e.EMULATOR_LATENCY_MS,
      error_rate: e.EMULATOR_ERROR_RATE,
      rate_limit_rate: e.EMULATOR_RATE_LIMIT_RATE,
      slow_body_ms: e.EMULATOR_SLOW_BODY_MS,
      oversize_bytes: e.EMULATOR_OVERSIZE_BYTES,
      invalid_client: e.EMULATOR_INVALID_CLIENT,
      rename_field: renameOf(e.EMULATOR_RENAME_FIELD),
      null_field: e.EMULATOR_NULL_FIELD ?? null,
      omit_total: e.EMULATOR_OMIT_TOTAL,
      indicator_paging: e.EMULATOR_INDICATOR_PAGING,
      paging: e.EMULATOR_PAGING ?? null,
      max_limit: e.EMULATOR_MAX_LIMIT,
      over_limit: e.EMULATOR_OVER_LIMIT,
      score_shape: e.EMULATOR_SCORE_SHAPE,
      rate_limit_burst:
        e.EMULATOR_RATE_LIMIT_BURST > 0 ? { count: e.EMULATOR_RATE_LIMIT_BURST } : null,
      token_answer: e.EMULATOR_TOKEN_ANSWER,
      redirect: e.EMULATOR_REDIRECT,
      html_errors: e.EMULATOR_HTML_ERRORS,
      formula_names: e.EMULATOR_FORMULA_NAMES,
      total_cap: e.EMULATOR_TOTAL_CAP ?? null,
      versions_vocabulary: e.EMULATOR_VERSIONS_VOCABULARY,
      missing_score: missingScoreOf(e.EMULATOR_MISSING_SCORE),
      slow_calls:
        e.EMULATOR_SLOW_RATE > 0 ? { rate: e.EMULATOR_SLOW_RATE, ms: e.EMULATOR_SLOW_MS } : null,
      gateway_refusal: e.EMULATOR_GATEWAY_REFUSAL,
      content_encoding: e.EMULATOR_CONTENT_ENCODING,
      absent_as: e.EMULATOR_ABSENT_AS,
      not_found_ms: e.EMULATOR_NOT_FOUND_MS,
    },
  };
}

function renameOf(value: string | undefined): Faults['rename_field'] {
  const [from, to] = value?.split(':') ?? [];
  return from && to ? { from, to } : null;
}

/** GWP100 (CML v4.8 2016), the indicator the live API's clients ask first (upstream-api.md §10.2). */
const DEFAULT_MISSING_INDICATOR = 882;

function missingScoreOf(value: string | undefined): Faults['missing_score'] {
  if (value === undefined) return null;
  const [form, indicator] = value.split(':');
  // The variable's pattern allows only these forms.
  const as = MISSING_SCORE_FORMS.find((known) => known === form) ?? 'null';
  return { as, indicator: indicator ? Number(indicator) : DEFAULT_MISSING_INDICATOR };
}

function generateSecret(): string {
  return randomBytes(24).toString('base64url');
}
