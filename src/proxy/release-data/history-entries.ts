import type { HistoryEntry } from '../../shared/api/schemas';
import { docDiff, type DatasetDoc } from '../../shared/matching/dataset-doc';
import { primary, type Decision, type Fate, type Origin } from '../../shared/matching/decide';
import { changeKindOf } from '../../shared/matching/words';
import { basisOf, candidateRef, linkRef, spoldRefOf } from './answer-refs';
import type { ReleaseDocuments } from './release-documents';

/** A dataset's history: its entry in each release, and which releases it is told in. */

/** The dataset asked about, in its own release. */
export const baseEntry = (docs: ReleaseDocuments, doc: DatasetDoc): HistoryEntry => ({
  version: docs.release.version,
  verdict: null,
  change: null,
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  dataset: spoldRefOf(doc),
  linked: [],
  fields: [],
  candidates: [],
});

/** In a later release: what the dataset became there, as the upgrade check says it. */
export function laterEntry(version: string, fate: Fate): HistoryEntry {
  const main = primary(fate.successors, fate.source.id);
  return {
    version,
    verdict: fate.verdict,
    change: changeKindOf(fate, main),
    how: fate.how,
    basis: basisOf(fate),
    reports: [...fate.reports],
    dataset: main ? spoldRefOf(main.doc) : null,
    linked: fate.successors.map(linkRef),
    fields: main?.fields ?? [],
    candidates: fate.candidates.map(candidateRef),
  };
}

/**
 * In an earlier release: the dataset it was there (its own ID, else the largest share of what
 * it came from), with what became of that one, as the changes between the two say it; `new`
 * with the datasets it may come from when it comes from none.
 */
export function earlierEntry(version: string, doc: DatasetDoc, decision: Decision): HistoryEntry {
  const origins: Origin[] = decision.origins.get(doc.id) ?? [];
  const main =
    origins.find((origin) => origin.doc.id === doc.id) ??
    [...origins].sort((a, b) => (b.share ?? 1) - (a.share ?? 1))[0];
  const fate = main ? decision.fates.get(main.doc.id) : undefined;
  if (!main || !fate) {
    const candidates = decision.newDocs.find((entry) => entry.doc.id === doc.id)?.candidates ?? [];
    return {
      version,
      verdict: 'new',
      change: 'new',
      how: 'none',
      basis: 'documentation',
      reports: [],
      dataset: null,
      linked: [],
      fields: [],
      candidates: candidates.map(candidateRef),
    };
  }
  return {
    version,
    verdict: fate.verdict,
    change: changeKindOf(
      fate,
      fate.successors.find((s) => s.doc.id === doc.id),
    ),
    how: fate.how,
    basis: basisOf(fate),
    reports: [...fate.reports],
    dataset: spoldRefOf(main.doc),
    linked: origins.map((origin) => ({
      dataset: spoldRefOf(origin.doc),
      share: origin.share,
      fields: docDiff(origin.doc, doc),
    })),
    fields: docDiff(main.doc, doc),
    candidates: [],
  };
}

/**
 * The `count` releases nearest to `base` in a list (newest first), in the list's order, and the
 * ones left out; at equal distance the newer release is kept.
 */
export function nearestReleases(
  versions: readonly string[],
  base: string,
  count: number,
): { kept: string[]; omitted: string[] } {
  const at = versions.indexOf(base);
  const distance = (i: number) => Math.abs(i - at) * 2 + (i > at ? 1 : 0);
  const chosen = new Set(
    versions
      .map((version, i) => ({ version, d: distance(i) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, count)
      .map(({ version }) => version),
  );
  return {
    kept: versions.filter((version) => chosen.has(version)),
    omitted: versions.filter((version) => !chosen.has(version)),
  };
}
