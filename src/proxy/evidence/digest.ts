import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EvidenceDigestSchema } from '../../shared/api/provenance';
import type { Dataset } from '../../shared/api/schemas';
import type { ReleaseRef } from '../upstream/adapter';

/**
 * What the proxy keeps of one dataset's scored answer: its digest and time in the clear, the
 * release and identifiers the answer was about, and for each indicator asked a short fingerprint
 * of its score and unit, never the score itself (a check must not give scores away for free).
 * Read back from a file or Redis through this schema, so an edited store is refused, not trusted.
 */
export const EvidenceRecordSchema = z.object({
  digest: EvidenceDigestSchema,
  /** When the proxy received the answer (ISO 8601, UTC). */
  at: z.iso.datetime(),
  service: z.string(),
  version: z.string(),
  system_model: z.string(),
  dataset_id: z.number().int().positive(),
  activity_uuid: z.string().nullable(),
  product_uuid: z.string().nullable(),
  /** Per indicator asked: the fingerprint of its score and unit (or of no score). */
  values: z.record(z.string().regex(/^\d+$/), z.string().regex(/^[0-9a-f]{16}$/)),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

/** Named in what is digested, so a later change of what it covers never repeats a digest. */
const CANONICAL = 'lci-explorer.evidence/1';
/** 64 bits: changing a score so that its fingerprint stays the same is out of reach. */
const FINGERPRINT_HEX = 16;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A value's fingerprint within its answer: the indicator, the exact score (as JSON writes the
 * number, which is how every export writes it) and its unit, keyed by the answer's digest.
 */
export function fingerprint(
  digest: string,
  indicatorId: number,
  score: number | null,
  unit: string | null,
): string {
  const value = score === null ? [digest, indicatorId, null] : [digest, indicatorId, score, unit];
  return sha256(JSON.stringify(value)).slice(0, FINGERPRINT_HEX);
}

/**
 * The evidence of one dataset's scored answer, received at `at`: the digest of the answer as the
 * proxy read it (whatever the service's whitespace or field order) together with the service,
 * release and time, so two answers never share a digest; and a fingerprint per indicator asked,
 * of its score, or of no score where the service gave none.
 */
export function evidenceOf(input: {
  service: string;
  release: ReleaseRef;
  dataset: Dataset;
  asked: readonly number[];
  at: string;
}): EvidenceRecord {
  const { service, release, dataset, asked, at } = input;
  const scores = [...dataset.impact_scores]
    .sort((a, b) => a.id - b.id)
    .map((s) => [s.id, s.score, s.unit, s.method, s.category, s.indicator]);
  const digest = `sha256:${sha256(
    JSON.stringify([
      CANONICAL,
      service,
      release.version,
      release.systemModel,
      at,
      dataset.id,
      dataset.activity_spold_uuid,
      dataset.product_spold_uuid,
      scores,
    ]),
  )}`;
  const byId = new Map(dataset.impact_scores.map((score) => [score.id, score]));
  const values: Record<string, string> = {};
  for (const id of new Set([...asked, ...byId.keys()])) {
    const score = byId.get(id);
    values[String(id)] = fingerprint(digest, id, score?.score ?? null, score?.unit ?? null);
  }
  return {
    digest,
    at,
    service,
    version: release.version,
    system_model: release.systemModel,
    dataset_id: dataset.id,
    activity_uuid: dataset.activity_spold_uuid,
    product_uuid: dataset.product_spold_uuid,
    values,
  };
}
