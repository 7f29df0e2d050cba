import { z } from 'zod/mini';
import { ReleaseSegmentSchema } from '../versions';

/**
 * What the proxy's API takes as input, route by route's parts: the limits a client meets, and
 * the schemas of a path's or query's parameters and of a list's entries. routes.ts puts them
 * together into the route table.
 */

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 10;
export const MAX_BATCH_DATASETS = 10_000;
export const MAX_INDICATORS_PER_CALL = 100;
/** The deepest a search or batch may be paged. */
const MAX_FROM = 100_000;

/** A Dataset ID in a JSON body: a JSON integer only, never a string, boolean or array. */
export const DatasetIdSchema = z.int().check(z.positive(), z.maximum(2 ** 31 - 1));

/** Entries an upgrade check takes at most, and the longest name it reads. */
export const MAX_LIST_ENTRIES = 10_000;
export const MAX_NAME_LENGTH = 300;

const line = z.int().check(z.positive(), z.maximum(10_000_000));
const listName = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME_LENGTH));
/**
 * Any 8-4-4-4-12 hex UUID, as ecoSpold files and the data service hold them, and as the
 * explorer's lookup reads them: `z.uuid()` also demands RFC 9562's version and variant digits,
 * so a well-formed UUID of another kind was refused as "Invalid UUID" instead of finding nothing.
 */
const anyUuid = () =>
  z.pipe(
    z.guid(),
    z.transform((value) => value.toLowerCase()),
  );
const entryUuid = anyUuid();

/**
 * One entry of a list to check against another release, as the explorer's list parser
 * (src/shared/dataset-list.ts) reads it: a Dataset ID, an activity or product Spold UUID, an
 * ecoSpold file name's two UUIDs, or activity, product and geography names. `line` is where it
 * stood in the list, echoed back with its verdict.
 */
export const ListEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ line, kind: z.literal('id'), id: DatasetIdSchema }),
  z.strictObject({ line, kind: z.literal('uuid'), uuid: entryUuid }),
  z.strictObject({
    line,
    kind: z.literal('file'),
    activity_uuid: entryUuid,
    product_uuid: entryUuid,
  }),
  z.strictObject({
    line,
    kind: z.literal('names'),
    activity: listName,
    product: listName,
    geography: listName,
  }),
]);
export type ListEntry = z.infer<typeof ListEntrySchema>;

/** Text in a path or query becomes a number only when it is digits. */
const digits = (message: string) =>
  z.pipe(z.string().check(z.regex(/^\d{1,10}$/, message)), z.transform(Number));

/** An ID written in a path, query or link: digits naming a positive 32-bit integer. */
export const idText = z.pipe(digits('must be a positive integer'), DatasetIdSchema);

export const release = {
  version: z.optional(ReleaseSegmentSchema),
  system_model: z.optional(ReleaseSegmentSchema),
};
export const page = {
  from: z.optional(z.pipe(digits('must be a whole number'), z.number().check(z.maximum(MAX_FROM)))),
  limit: z.optional(
    z.pipe(
      digits('must be a whole number'),
      z.number().check(z.minimum(1), z.maximum(MAX_PAGE_LIMIT)),
    ),
  ),
};
/** A page of a list the proxy pages itself (What changed), from 1. */
export const pageNumber = z.optional(
  z.pipe(digits('must be a whole number'), z.number().check(z.minimum(1), z.maximum(10_000))),
);
export const uuid = anyUuid();
/**
 * A set of indicators, in ascending order and each once, as the proxy keys and asks for it: the
 * same set written in another order is the same answer, one call to the data service.
 */
export const asIndicatorSet = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Repeated (`?indicator_ids=1&indicator_ids=2`) or comma-separated (`?indicator_ids=1,2`). */
export const indicatorIds = z.pipe(
  z.pipe(
    z.union([z.string(), z.array(z.string())]),
    z.transform((value) =>
      (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean),
    ),
  ),
  z.pipe(
    z
      .array(z.pipe(digits('must be positive integers'), z.int().check(z.positive())))
      .check(z.maxLength(MAX_INDICATORS_PER_CALL)),
    z.transform(asIndicatorSet),
  ),
);
