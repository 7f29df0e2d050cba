import { z } from 'zod/mini';

/**
 * `POST /api/evidence/check`: rows of a saved scores export (the tidy layout,
 * src/shared/scores/table.ts) checked against the evidence the proxy kept of the answers they
 * came from. Free: it asks the data service nothing.
 */

/**
 * Rows one check takes at most: about 3 MB of JSON, within the 4 MB a load balancer in front
 * takes (deploy/nginx.conf.template). A longer file is checked in parts (`npx lci-explorer
 * verify` does).
 */
export const MAX_CHECK_ROWS = 8_000;

const short = (max: number) => z.string().check(z.maxLength(max));

/** One row of an export, as the tidy layout names its columns; `row` is where it stands. */
export const CheckRowSchema = z.strictObject({
  /** The row's number as the file shows it (a spreadsheet's row, a JSON list's index). */
  row: z.int().check(z.nonnegative(), z.maximum(10_000_000)),
  service: z.nullable(short(200)),
  version: short(40),
  system_model: short(40),
  dataset_id: z.int().check(z.positive(), z.maximum(2 ** 31 - 1)),
  activity_uuid: z.nullable(short(64)),
  product_uuid: z.nullable(short(64)),
  indicator_id: z.int().check(z.positive(), z.maximum(2 ** 31 - 1)),
  /** Null where the export has no score (the service gave none). */
  score: z.nullable(z.number()),
  unit: z.nullable(short(200)),
  retrieved_at: z.nullable(short(40)),
  /** Null where the row carries no digest (made before exports had them, or edited out). */
  digest: z.nullable(short(80)),
});
export type CheckRow = z.infer<typeof CheckRowSchema>;

/**
 * What a check says of a row: `match` (the proxy kept this answer, and the row's release,
 * dataset, indicator, score, unit and time are the answer's), `differs` (the answer is kept, and
 * `fields` name what in the row is not as it was), `unknown` (no answer with this digest is kept:
 * edited, made by another proxy, or older than what the proxy keeps), `other service` (made from
 * another data service than this proxy's), `no evidence` (the row carries no digest).
 */
const CHECK_STATUSES = ['match', 'differs', 'unknown', 'other service', 'no evidence'] as const;

/** What in a row can differ from the answer kept (`score`: the score or its unit). */
const CHECK_FIELDS = [
  'version',
  'system_model',
  'dataset_id',
  'activity_uuid',
  'product_uuid',
  'indicator_id',
  'score',
  'retrieved_at',
] as const;
export type CheckField = (typeof CHECK_FIELDS)[number];

export const EvidenceCheckSchema = z.object({
  /** The data service this proxy talks to: rows of another cannot be vouched for here. */
  service: z.string(),
  /** How many answers the proxy keeps evidence of at most (the oldest go first). */
  kept_at_most: z.int().check(z.positive()),
  counts: z.record(z.enum(CHECK_STATUSES), z.int().check(z.nonnegative())),
  /** Every row, in the order given. */
  rows: z.array(
    z.object({
      row: z.int().check(z.nonnegative()),
      status: z.enum(CHECK_STATUSES),
      fields: z.array(z.enum(CHECK_FIELDS)),
      /** When the proxy got the answer the digest names; null when it keeps none. */
      retrieved_at: z.nullable(z.string()),
    }),
  ),
});
export type EvidenceCheck = z.infer<typeof EvidenceCheckSchema>;
