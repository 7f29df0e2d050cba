import type { ListEntry } from '../../shared/api/routes';
import type {
  Basis,
  CandidateRef,
  ChangeCandidate,
  Changes,
  ChangeRow,
  DatasetRef,
  HistoryEntry,
  Link,
  ReportStep,
  SpoldRef,
  UpgradeCheck,
  UpgradeResult,
  UpgradeVerdict,
} from '../../shared/api/schemas';
import { UPGRADE_VERDICTS } from '../../shared/api/schemas';
import { reportLabel } from '../../shared/matching/change-report';
import { docDiff, type DatasetDoc } from '../../shared/matching/dataset-doc';
import {
  primary,
  type Decision,
  type Fate,
  type Origin,
  type Successor,
} from '../../shared/matching/decide';
import type { Candidate } from '../../shared/matching/match';
import type { ReleaseIndex } from '../../shared/matching/release-index';
import { changeOf, RELEASE_CHANGES } from '../../shared/matching/verdict';
import { changeKindOf } from '../../shared/matching/words';
import { compareVersions } from '../../shared/versions';
import type { ReleaseDocuments } from './release-documents';

/** The answers of the changes, upgrade-check and history routes, from one decision each. */

const refOf = (doc: DatasetDoc): DatasetRef => ({
  id: doc.id,
  activity: doc.activity,
  product: doc.product,
  geography: doc.geography,
  unit: doc.unit,
});

/** With the ecoSpold UUIDs a mapping relinks by; the changes of a release leave them out. */
const spoldRefOf = (doc: DatasetDoc): SpoldRef => ({
  ...refOf(doc),
  activity_spold_uuid: doc.activity_spold_uuid,
  product_spold_uuid: doc.product_spold_uuid,
});

const candidateRef = (candidate: Candidate): CandidateRef => ({
  dataset: spoldRefOf(candidate.doc),
  relation: candidate.relation,
  geography: candidate.geography,
  new_in_target: candidate.newInTarget,
});

const changeCandidate = (candidate: Candidate): ChangeCandidate => ({
  dataset: refOf(candidate.doc),
  relation: candidate.relation,
  geography: candidate.geography,
  new_in_target: candidate.newInTarget,
});

const linkRef = (successor: Successor): Link => ({
  dataset: spoldRefOf(successor.doc),
  share: successor.share,
  fields: successor.fields,
});

const basisOf = (fate: Pick<Fate, 'reports'>): Basis =>
  fate.reports.length > 0 ? 'change report' : 'documentation';

/** Candidates listed with a row of the changes; the upgrade check and history list them all. */
const ROW_CANDIDATES = 3;

const facetsOf = (doc: DatasetDoc) => ({
  activity_type: doc.activity_type,
  isic_section: doc.isic_section,
  sectors: [...doc.sectors],
});

/**
 * Each step between neighbouring releases on the way from one release to another, and whether
 * a change report decided it (with how many of its entries named datasets).
 */
export function reportSteps(chain: readonly ReleaseDocuments[], decision: Decision): ReportStep[] {
  const [first, ...rest] = chain;
  if (!first) return [];
  return rest.map((to, i) => {
    const from = chain[i] ?? first;
    const [older, newer] =
      compareVersions(from.release.version, to.release.version) < 0 ? [from, to] : [to, from];
    const label = reportLabel({ from: older.release.version, to: newer.release.version });
    const report = decision.reports.find((resolved) => resolved.label === label);
    return {
      from: older.release.version,
      to: newer.release.version,
      label,
      loaded: report !== undefined,
      entries: report?.entries ?? 0,
      applied: report?.applied ?? 0,
      unmatched: report?.unmatched.length ?? 0,
    };
  });
}

export function changesAnswer(
  from: ReleaseDocuments,
  to: ReleaseDocuments,
  decision: Decision,
  steps: ReportStep[],
): Extract<Changes, { status: 'ready' }> {
  const rows: ChangeRow[] = [];
  let unchanged = 0;
  for (const doc of from.docs) {
    const fate = decision.fates.get(doc.id);
    if (!fate) continue;
    if (fate.verdict === 'unchanged') {
      unchanged++;
      continue;
    }
    const common = {
      from: refOf(doc),
      how: fate.how,
      basis: basisOf(fate),
      reports: [...fate.reports],
      // Possible splits of a dataset that has a successor are told on the new datasets' rows.
      candidates:
        fate.successors.length > 0
          ? []
          : fate.candidates.slice(0, ROW_CANDIDATES).map(changeCandidate),
      ...facetsOf(doc),
    };
    if (fate.successors.length === 0) {
      rows.push({
        ...common,
        change: fate.verdict === 'removed' ? 'removed' : 'no certain successor',
        to: null,
        share: null,
        fields: [],
      });
      continue;
    }
    for (const successor of fate.successors) {
      const change = changeOf(fate, successor);
      if (change === null) continue;
      rows.push({
        ...common,
        change,
        to: refOf(successor.doc),
        share: successor.share,
        fields: successor.fields,
        ...facetsOf(successor.doc),
      });
    }
  }
  for (const { doc, candidates } of decision.newDocs)
    rows.push({
      change: 'new',
      from: null,
      to: refOf(doc),
      how: null,
      basis: 'documentation',
      reports: [],
      share: null,
      fields: [],
      candidates: candidates.slice(0, ROW_CANDIDATES).map(changeCandidate),
      ...facetsOf(doc),
    });
  const order = (row: ChangeRow) => RELEASE_CHANGES.indexOf(row.change);
  const name = (row: ChangeRow) => (row.to ?? row.from)?.activity ?? '';
  rows.sort((a, b) => order(a) - order(b) || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
  const counts = Object.fromEntries(RELEASE_CHANGES.map((change) => [change, 0])) as Record<
    ChangeRow['change'],
    number
  >;
  for (const row of rows) counts[row.change]++;
  return {
    status: 'ready',
    from: from.release.version,
    to: to.release.version,
    system_model: to.release.systemModel,
    datasets: { from: from.docs.length, to: to.docs.length },
    counts,
    unchanged,
    reports: steps,
    unmatched_entries: decision.reports.flatMap((report) =>
      report.unmatched.map((entry) => ({ report: report.label, ...entry })),
    ),
    rows,
  };
}

/** The datasets of the source release an entry of a list names. */
function resolveEntry(entry: ListEntry, index: ReleaseIndex): DatasetDoc[] {
  switch (entry.kind) {
    case 'id': {
      const doc = index.byId.get(entry.id);
      return doc ? [doc] : [];
    }
    case 'uuid':
      return [
        ...new Set([...index.withActivityUuid(entry.uuid), ...index.withProductUuid(entry.uuid)]),
      ];
    case 'file':
      return index
        .withActivityUuid(entry.activity_uuid)
        .filter((doc) => doc.product_spold_uuid === entry.product_uuid);
    case 'names':
      return index.withNames(entry.activity, entry.product, entry.geography);
  }
}

/** Candidates listed with an entry that names several datasets of the source. */
const SOURCE_CANDIDATES = 10;

const unnamed = {
  source: null,
  target: null,
  successors: [],
  how: null,
  basis: 'documentation' as const,
  reports: [],
  fields: [],
};

function resultOf(entry: ListEntry, from: ReleaseDocuments, decision: Decision): UpgradeResult {
  const sources = resolveEntry(entry, from.index);
  const [source, ...more] = sources;
  const notInSource = {
    line: entry.line,
    verdict: 'not in source',
    change: 'not in source',
  } as const;
  if (!source) return { ...notInSource, ...unnamed, candidates: [] };
  if (more.length > 0)
    return {
      line: entry.line,
      verdict: 'several in source',
      change: 'several in source',
      ...unnamed,
      candidates: sources.slice(0, SOURCE_CANDIDATES).map((doc) => ({
        dataset: spoldRefOf(doc),
        relation: entry.kind === 'names' ? 'same names' : 'same UUIDs',
        geography: 'same',
        new_in_target: false,
      })),
    };
  const fate = decision.fates.get(source.id);
  if (!fate) return { ...notInSource, ...unnamed, candidates: [] };
  const main = primary(fate.successors, source.id);
  return {
    line: entry.line,
    verdict: fate.verdict,
    change: changeKindOf(fate, main),
    source: spoldRefOf(source),
    target: main ? spoldRefOf(main.doc) : null,
    successors: fate.successors.map(linkRef),
    how: fate.how,
    basis: basisOf(fate),
    reports: [...fate.reports],
    fields: main?.fields ?? [],
    candidates: fate.candidates.map(candidateRef),
  };
}

export function upgradeAnswer(
  entries: readonly ListEntry[],
  from: ReleaseDocuments,
  to: ReleaseDocuments,
  decision: Decision,
  steps: ReportStep[],
): Extract<UpgradeCheck, { status: 'ready' }> {
  // Each distinct entry is worked out once, however often the list repeats it (10 000 copies of
  // one ID were 10 000 resolutions and verdicts); every line keeps its own answer.
  const byEntry = new Map<string, UpgradeResult>();
  const results = entries.map((entry) => {
    const { line, ...what } = entry;
    const key = JSON.stringify(what);
    let result = byEntry.get(key);
    if (!result) {
      result = resultOf(entry, from, decision);
      byEntry.set(key, result);
    }
    return result.line === line ? result : { ...result, line };
  });
  const counts = Object.fromEntries(UPGRADE_VERDICTS.map((verdict) => [verdict, 0])) as Record<
    UpgradeVerdict,
    number
  >;
  for (const result of results) counts[result.verdict]++;
  return {
    status: 'ready',
    from: from.release.version,
    to: to.release.version,
    system_model: to.release.systemModel,
    counts,
    reports: steps,
    results,
  };
}

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
