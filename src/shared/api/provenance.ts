import { z } from 'zod/mini';

/**
 * Where a scored number comes from, as the proxy says it on every scored answer: which data
 * service answered, when the proxy got the answer, under which explorer version, and the
 * evidence digest the proxy kept of it (`POST /api/evidence/check` vouches for a saved export by
 * it). Release, dataset and indicator are the answer's own fields.
 */

/** The data service's name where it is the embedded emulator: its numbers are made up. */
export const DEMO_SERVICE = 'demo data';

/** `sha256:` and 64 hex digits: the digest of one dataset's scored answer and its time. */
export const EvidenceDigestSchema = z
  .string()
  .check(z.regex(/^sha256:[0-9a-f]{64}$/, 'must be sha256: and 64 lower-case hex digits'));

export const ProvenanceSchema = z.object({
  /** The data service's identity (its host and API prefix), or `demo data` for the emulator. */
  service: z.string().check(z.minLength(1)),
  /** When the proxy received the answer from the data service (a cached answer keeps its time). */
  retrieved_at: z.iso.datetime(),
  /** The explorer (proxy) version that got it, as its package.json says. */
  explorer_version: z.string().check(z.minLength(1)),
  digest: EvidenceDigestSchema,
});
export type Provenance = z.infer<typeof ProvenanceSchema>;
