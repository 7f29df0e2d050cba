import type { ProblemCode } from '../../shared/problem';
import { ProxyError } from '../errors';
import type { EvidenceRecord } from './digest';

/** Whether evidence can be kept now, and if not, why (readiness says so). */
export type EvidenceHealth = { ok: true } | { ok: false; code: ProblemCode; detail: string };

/**
 * Where the proxy keeps the evidence of the scored answers it got: a folder of this process
 * (file-store.ts), Redis shared by every instance (redis-store.ts), or memory (tests, and
 * `EVIDENCE_DIR=none`). Each keeps at most `maxRecords`, the oldest going first.
 */
export interface EvidenceStore {
  readonly kind: 'file' | 'redis' | 'memory';
  readonly maxRecords: number;
  /** Resolves once the records are kept durably; throws `unavailable` when they cannot be. */
  keep(records: readonly EvidenceRecord[]): Promise<void>;
  /** The records kept under these digests (absent: none kept). */
  find(digests: readonly string[]): Promise<Map<string, EvidenceRecord>>;
  health(): EvidenceHealth;
  close(): Promise<void>;
}

/** Evidence that cannot be kept: the scored answer is not served, as the ledger fails closed. */
export const unavailable = (why: string) =>
  new ProxyError(503, 'evidence_unavailable', {
    detail: `The evidence of scored answers cannot be kept (${why}), so requests for scores are refused rather than answered without it. Documentation stays available.`,
    hint: 'Free disk space under EVIDENCE_DIR, or bring Redis back; the proxy tries again by itself',
    headers: { 'retry-after': '5' },
  });

/** The records in memory, oldest first out past `maxRecords`. */
export function memoryEvidence(maxRecords: number): EvidenceStore {
  const kept = new Map<string, EvidenceRecord>();
  return {
    kind: 'memory',
    maxRecords,
    async keep(records) {
      for (const record of records) {
        kept.delete(record.digest);
        kept.set(record.digest, record);
      }
      for (const digest of kept.keys()) {
        if (kept.size <= maxRecords) break;
        kept.delete(digest);
      }
    },
    async find(digests) {
      const found = new Map<string, EvidenceRecord>();
      for (const digest of digests) {
        const record = kept.get(digest);
        if (record) found.set(digest, record);
      }
      return found;
    },
    health: () => ({ ok: true }),
    close: async () => undefined,
  };
}
