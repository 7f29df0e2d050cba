import { z } from 'zod';
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
export const DatasetIdSchema = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** Entries an upgrade check takes at most, and the longest name it reads. */
export const MAX_LIST_ENTRIES = 10_000;
export const MAX_NAME_LENGTH = 300;

const line = z.number().int().positive().max(10_000_000);
const listName = z.string().trim().min(1).max(MAX_NAME_LENGTH);
/**
 * Any 8-4-4-4-12 hex UUID, as ecoSpold files and the data service hold them, and as the
 * explorer's lookup reads them: `z.uuid()` also demands RFC 9562's version and variant digits,
 * so a well-formed UUID of another kind was refused as "Invalid UUID" instead of finding nothing.
 */
const anyUuid = () => z.guid().transform((value) => value.toLowerCase());
const entryUuid = anyUuid();

/**
 * One entry of a list to check against another release, as the explorer's list parser
 * (src/shared/dataset-list.ts) reads it: a Dataset ID, an activity or product Spold UUID, an
 * ecoSpold file name's two UUIDs, or activity, product and geography names. `line` is where it
 * stood in the list, echoed back with its verdict.
 */
export const ListEntrySchema = z.discriminatedUnion('kind', [
  z.object({ line, kind: z.literal('id'), id: DatasetIdSchema }).strict(),
  z.object({ line, kind: z.literal('uuid'), uuid: entryUuid }).strict(),
  z
    .object({ line, kind: z.literal('file'), activity_uuid: entryUuid, product_uuid: entryUuid })
    .strict(),
  z
    .object({
      line,
      kind: z.literal('names'),
      activity: listName,
      product: listName,
      geography: listName,
    })
    .strict(),
]);
export type ListEntry = z.infer<typeof ListEntrySchema>;

/** Text in a path or query becomes a number only when it is digits. */
export const digits = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number);

export const release = {
  version: ReleaseSegmentSchema.optional(),
  system_model: ReleaseSegmentSchema.optional(),
};
export const page = {
  from: digits('must be a whole number').pipe(z.number().max(MAX_FROM)).optional(),
  limit: digits('must be a whole number').pipe(z.number().min(1).max(MAX_PAGE_LIMIT)).optional(),
};
export const uuid = anyUuid();
/**
 * A set of indicators, in ascending order and each once, as the proxy keys and asks for it: the
 * same set written in another order is the same answer, one call to the data service.
 */
export const asIndicatorSet = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** Repeated (`?indicator_ids=1&indicator_ids=2`) or comma-separated (`?indicator_ids=1,2`). */
export const indicatorIds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).filter(Boolean),
  )
  .pipe(
    z
      .array(digits('must be positive integers').pipe(z.number().int().positive()))
      .max(MAX_INDICATORS_PER_CALL)
      .transform(asIndicatorSet),
  );
