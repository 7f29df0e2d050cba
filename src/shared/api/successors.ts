import { z } from 'zod/mini';
import { parseLookupKey } from '../lookup';
import { BuildingSchema, ReportStepSchema, UpgradeResultSchema } from './schemas';

/**
 * What a Dataset ID, Spold UUID or ecoSpold file name of another release became in the one
 * shown: the answer of `GET /api/datasets/successors`, which the dataset page, the lookup and
 * scripts ask when a release lacks what they were given.
 */

/** The longest key read: an ecoSpold file name with a path before it is cut to its name. */
const MAX_KEY_LENGTH = 400;

/**
 * A key as the lookup box reads it (src/shared/lookup.ts): a Dataset ID, a Spold UUID or an
 * ecoSpold file name; anything else is refused with the lookup's own sentence.
 */
export const LookupKeyParamSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(MAX_KEY_LENGTH),
  z.superRefine((text, context) => {
    const key = parseLookupKey(text);
    if (key.kind === 'invalid') context.addIssue({ code: 'custom', message: key.reason });
  }),
);

const ReleaseOfKeySchema = z.object({ version: z.string(), system_model: z.string() });

/**
 * Where the key was found, and the release it is followed from: known before the releases are
 * read, so a page says both while it waits.
 */
const found = {
  /**
   * Every release and system model of the licence that has the key, newest first as the
   * licence lists them; this release among them when it has it itself.
   */
  found_in: z.array(ReleaseOfKeySchema),
  /**
   * The release of this system model it is followed from: the newest older one that has it,
   * else the oldest newer one; null when this release has it (nothing to follow) or no other
   * release of its system model does.
   */
  from: z.nullable(z.string()),
};

export const DatasetSuccessorsSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    /** The key as read: `534`, a lower-case UUID, or `activityUUID_productUUID.spold`. */
    key: z.string(),
    version: z.string(),
    system_model: z.string(),
    ...found,
    /**
     * The upgrade check's verdict for the key from `from` to this release, exactly as
     * `POST /api/upgrade-check` gives it for a list of that one entry (line 1); null when
     * `from` is.
     */
    result: z.nullable(UpgradeResultSchema),
    /** The steps between the two releases and the change report of each, as the check says them. */
    reports: z.array(ReportStepSchema),
  }),
  z.extend(BuildingSchema, found),
]);
export type DatasetSuccessors = z.infer<typeof DatasetSuccessorsSchema>;
