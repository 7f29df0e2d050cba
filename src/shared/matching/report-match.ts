import type { ChangeReport, ReportKey, ReportPair } from './change-report';
import { reportLabel } from './change-report';
import type { DatasetDoc } from './dataset-doc';
import type { ReleaseIndex } from './release-index';

/** What a change report says became of one dataset: one successor, or several with shares. */
interface ReportLink {
  targets: { doc: DatasetDoc; share: number | null }[];
}

/** An entry of a report that names no dataset of its releases (or several), listed with why. */
interface UnmatchedEntry {
  kind: 'replace' | 'disaggregate';
  source: ReportKey;
  targets: ReportKey[];
  /** Why it was not applied, or applied only in part. */
  reason: string;
}

export interface ResolvedReport {
  /** "ecoinvent change report 3.11 → 3.12". */
  label: string;
  /** By the ID of the source dataset. */
  links: Map<number, ReportLink>;
  unmatched: UnmatchedEntry[];
  /** Entries in the report, and those applied (in whole or part). */
  entries: number;
  applied: number;
}

const where = (key: ReportKey) =>
  `${key.name} · ${key['reference product']} · ${key.location} · ${key.unit}`;

/**
 * A change report's entries matched to the datasets of its two releases by activity name,
 * location, reference product and unit. An entry whose source is not in the older release, or
 * whose target is not in the newer one, is listed with the reason, never dropped; a
 * disaggregation is applied to the targets it finds (their shares as the report gives them).
 */
export function resolveReport(
  report: ChangeReport,
  pair: Pick<ReportPair, 'from' | 'to'>,
  from: ReleaseIndex,
  to: ReleaseIndex,
): ResolvedReport {
  const links = new Map<number, ReportLink>();
  const unmatched: UnmatchedEntry[] = [];
  let applied = 0;
  const find = (index: ReleaseIndex, key: ReportKey) =>
    index.withKey({
      name: key.name,
      location: key.location,
      product: key['reference product'],
      unit: key.unit,
    });
  const one = (docs: DatasetDoc[], release: string, key: ReportKey) =>
    docs.length === 1
      ? { doc: docs[0] }
      : {
          reason:
            docs.length === 0
              ? `no dataset of ${release} is ${where(key)}`
              : `${docs.length} datasets of ${release} are ${where(key)}`,
        };
  const entries = [
    ...report.replace.map((entry) => ({
      kind: 'replace' as const,
      source: entry.source,
      targets: [{ key: entry.target, share: null }],
    })),
    ...report.disaggregate.map((entry) => ({
      kind: 'disaggregate' as const,
      source: entry.source,
      targets: entry.targets.map((target) => ({ key: target, share: target.allocation })),
    })),
  ];
  for (const entry of entries) {
    const listed = {
      kind: entry.kind,
      source: entry.source,
      targets: entry.targets.map((target) => target.key),
    };
    const source = one(find(from, entry.source), pair.from, entry.source);
    if (!source.doc) {
      unmatched.push({ ...listed, reason: source.reason ?? '' });
      continue;
    }
    if (links.has(source.doc.id)) {
      unmatched.push({ ...listed, reason: `an earlier entry already names its source` });
      continue;
    }
    const targets: ReportLink['targets'] = [];
    const missing: string[] = [];
    for (const target of entry.targets) {
      const found = one(find(to, target.key), pair.to, target.key);
      if (found.doc) targets.push({ doc: found.doc, share: target.share });
      else missing.push(found.reason ?? '');
    }
    if (missing.length > 0)
      unmatched.push({
        ...listed,
        reason: targets.length > 0 ? `applied in part: ${missing.join('; ')}` : missing.join('; '),
      });
    if (targets.length === 0) continue;
    links.set(source.doc.id, { targets });
    applied++;
  }
  return { label: reportLabel(pair), links, unmatched, entries: entries.length, applied };
}
