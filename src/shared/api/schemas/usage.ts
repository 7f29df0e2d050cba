import { z } from 'zod/mini';

/**
 * The explorer page a scored call came from, as the SPA says in the `X-Explorer-Page` header.
 * Anything else, or nothing (a program), is `other`.
 */
const EXPLORER_PAGES = ['dataset', 'compare', 'history', 'upgrade', 'other'] as const;
const ExplorerPageSchema = z.enum(EXPLORER_PAGES);
export type ExplorerPage = z.infer<typeof ExplorerPageSchema>;
export const EXPLORER_PAGE_HEADER = 'x-explorer-page';

/** A header value as an explorer page: an unknown or missing one is `other`. */
export function explorerPageOf(value: unknown): ExplorerPage {
  // A lookup, not a schema: most requests carry no such header, and a failed parse builds an
  // error on every one of them (the proxy's hot path).
  return EXPLORER_PAGES.find((page) => page === value) ?? 'other';
}

/**
 * Who sent a scored call: the explorer in a browser (a token of its own OIDC client), a program
 * (a token of another client of the same issuer), or `unknown` (no sign-in, or a charge recorded
 * before this was kept).
 */
export const CallerClientSchema = z.enum(['browser', 'program', 'unknown']);
export type CallerClient = z.infer<typeof CallerClientSchema>;

/** One scored call's new charges: when, by whom, what for, and what it added to the bill. */
const ChargeSchema = z.object({
  at: z.iso.datetime(),
  /**
   * A label of the user that tells users apart without naming them: keyed with a secret of the
   * proxy, so it cannot be computed from a username. `unknown` in charges kept before it was.
   */
  user: z.string(),
  /** Whether the caller made it. */
  mine: z.boolean(),
  /** Whether it made its user count as one of the period's users. */
  newUser: z.boolean(),
  datasets: z.array(z.int()),
  /**
   * A page of datasets whose outcome nobody knows (a timeout): at most `count` of them were
   * charged, all counted against the budget as `count`.
   */
  maybe: z.nullable(z.object({ datasets: z.array(z.int()), count: z.int() })),
  indicators: z.array(z.int()),
  /** The release the scores were for; null in charges kept before it was. */
  release: z.nullable(z.object({ version: z.string(), system_model: z.string() })),
  page: ExplorerPageSchema,
  client: CallerClientSchema,
});
export type Charge = z.infer<typeof ChargeSchema>;

const Count = z.int().check(z.nonnegative());

/** `GET /api/usage`: this licence period's charges as the proxy counted them. */
export const UsageSchema = z.object({
  period: z.string(),
  /** The licence period's first and last day (UTC). */
  period_start: z.iso.date(),
  period_end: z.iso.date(),
  /**
   * Datasets charged this period, counting as many of `maybe.datasets` as `maybe.count` says:
   * what the budget counts as used.
   */
  datasets: Count,
  indicators: Count,
  users: Count,
  budget: z.object({
    datasets: z.nullable(z.int()),
    indicators: z.nullable(z.int()),
  }),
  /**
   * Scored calls whose outcome is not recorded yet (in flight, or not settled while the ledger
   * could not be written, as during an outage): the datasets and indicators they may still
   * charge, of which at most `count` datasets, all counted against the budget already.
   */
  pending: z.object({
    calls: Count,
    datasets: z.array(z.int()),
    count: Count,
    indicators: z.array(z.int()),
  }),
  /**
   * Pages of datasets whose outcome nobody knows (a timeout): at most `count` of these datasets
   * were charged. They are not in `charged.datasets`, since asking for them may charge them.
   */
  maybe: z.object({ datasets: z.array(z.int()), count: Count }),
  /**
   * Charges the service billed that the ledger lost (Redis lost its data and an operator
   * confirmed it, `npm run ledger:confirm -- --yes`): counted in `datasets`, `indicators` and
   * `users` and against the budget, but with no IDs or calls left to itemise. Absent from a
   * proxy older than it: none.
   */
  lost: z._default(z.object({ datasets: Count, indicators: Count, users: Count }), {
    datasets: 0,
    indicators: 0,
    users: 0,
  }),
  charged: z.object({
    datasets: z.array(z.int()),
    indicators: z.array(z.int()),
    /** Whether the caller already counts as one of the period's users (a new one is billed). */
    user: z.boolean(),
    /**
     * Datasets whose scores the data service returned in each release this period, charged or
     * not. The service's documents count Dataset IDs and do not say whether an ID asked for in
     * another release is billed again: an ID in `datasets` but not under a release may be.
     */
    releases: z.array(
      z.object({
        version: z.string(),
        system_model: z.string(),
        datasets: z.array(z.int()),
      }),
    ),
  }),
  /** What the caller may see of others' charges: only admins see colleagues' itemised charges. */
  viewer: z.object({ admin: z.boolean() }),
  /**
   * The period's scored calls that charged something, newest first (the newest 500): the caller's
   * own, or everyone's for an admin.
   */
  charges: z.array(ChargeSchema),
  /** How many such calls there are in all: more than `charges` lists when over 500. */
  charges_total: z.int().check(z.nonnegative()),
});
export type Usage = z.infer<typeof UsageSchema>;
