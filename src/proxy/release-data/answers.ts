import type { ListEntry } from '../../shared/api/routes';
import type {
  CandidateRef,
  Changes,
  ChangeRow,
  DatasetRef,
  HistoryEntry,
  UpgradeCheck,
  UpgradeResult,
  UpgradeVerdict,
} from '../../shared/api/schemas';
import { UPGRADE_VERDICTS } from '../../shared/api/schemas';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';
import { follow, type Pair } from '../../shared/matching/follow';
import type { Candidate, Match, ReleaseMatch } from '../../shared/matching/match';
import type { ReleaseIndex } from '../../shared/matching/release-index';
import { changeOf, RELEASE_CHANGES, verdictOf } from '../../shared/matching/verdict';
import type { ReleaseDocuments } from './release-documents';

/** The answers of the changes, upgrade-check and history routes, from matched releases. */

export const refOf = (doc: DatasetDoc): DatasetRef => ({
  id: doc.id,
  activity: doc.activity,
  product: doc.product,
  geography: doc.geography,
  unit: doc.unit,
});

const candidateRef = (candidate: Candidate): CandidateRef => ({
  dataset: refOf(candidate.doc),
  relation: candidate.relation,
  new_in_target: candidate.newInTarget,
});

/** Nearest datasets listed with a removed dataset in a release's changes. */
const REMOVED_CANDIDATES = 3;

const facetsOf = (doc: DatasetDoc) => ({
  activity_type: doc.activity_type,
  isic_section: doc.isic_section,
  sectors: [...doc.sectors],
});

export function changesAnswer(
  from: ReleaseDocuments,
  to: ReleaseDocuments,
  match: ReleaseMatch,
): Extract<Changes, { status: 'ready' }> {
  const rows: ChangeRow[] = [];
  let unchanged = 0;
  for (const doc of from.docs) {
    const found = match.matches.get(doc.id);
    const change = found ? changeOf(found) : 'removed';
    if (change === null || !found) {
      unchanged++;
      continue;
    }
    rows.push({
      change,
      from: refOf(doc),
      to: found.target ? refOf(found.target) : null,
      how: found.how,
      fields: found.fields,
      candidates:
        change === 'removed' ? found.candidates.slice(0, REMOVED_CANDIDATES).map(candidateRef) : [],
      ...facetsOf(found.target ?? doc),
    });
  }
  for (const doc of match.unmatched)
    rows.push({
      change: 'new',
      from: null,
      to: refOf(doc),
      how: null,
      fields: [],
      candidates: [],
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
    rows,
  };
}

/** The datasets of the source release an entry of a list names. */
export function resolveEntry(entry: ListEntry, index: ReleaseIndex): DatasetDoc[] {
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

function resultOf(entry: ListEntry, from: ReleaseDocuments, match: ReleaseMatch): UpgradeResult {
  const sources = resolveEntry(entry, from.index);
  const empty = { source: null, target: null, how: null, relation: null, fields: [] };
  const [source, ...more] = sources;
  if (!source) return { line: entry.line, verdict: 'not in source', ...empty, candidates: [] };
  if (more.length > 0)
    return {
      line: entry.line,
      verdict: 'several in source',
      ...empty,
      candidates: sources.slice(0, SOURCE_CANDIDATES).map((doc) => ({
        dataset: refOf(doc),
        relation: entry.kind === 'names' ? 'same names' : 'same UUIDs',
        new_in_target: false,
      })),
    };
  const found: Match | undefined = match.matches.get(source.id);
  if (!found) return { line: entry.line, verdict: 'not in source', ...empty, candidates: [] };
  const verdict = verdictOf(found);
  const open = verdict === 'gone' || verdict === 'several candidates';
  // A likely successor not taken as the new ID is offered first among the candidates.
  const likely = open && found.target ? found.target.id : undefined;
  const candidates = open
    ? [...found.candidates].sort(
        (a, b) => Number(b.doc.id === likely) - Number(a.doc.id === likely),
      )
    : [];
  return {
    line: entry.line,
    verdict,
    source: refOf(source),
    target: !open && found.target ? refOf(found.target) : null,
    how: found.how,
    relation: found.relation,
    fields: open ? [] : found.fields,
    candidates: candidates.map(candidateRef),
  };
}

export function upgradeAnswer(
  entries: readonly ListEntry[],
  from: ReleaseDocuments,
  to: ReleaseDocuments,
  match: ReleaseMatch,
): Extract<UpgradeCheck, { status: 'ready' }> {
  const results = entries.map((entry) => resultOf(entry, from, match));
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
    results,
  };
}

/** The dataset asked about, in its own release. */
export const sameId = (docs: ReleaseDocuments, doc: DatasetDoc): HistoryEntry => ({
  version: docs.release.version,
  how: 'same ID',
  relation: null,
  dataset: refOf(doc),
  fields: [],
  candidates: [],
});

/** One dataset of `base` in each release of one way from it, followed release by release. */
export function historyWay(
  doc: DatasetDoc,
  base: ReleaseDocuments,
  way: readonly ReleaseDocuments[],
  pair: Pair<ReleaseDocuments>,
): [ReleaseDocuments, HistoryEntry][] {
  return follow(doc, base, way, pair).flatMap((match, i) => {
    const other = way[i];
    if (!other) return [];
    return [
      [
        other,
        {
          version: other.release.version,
          how: match.how,
          relation: match.relation,
          dataset: match.target ? refOf(match.target) : null,
          fields: match.fields,
          candidates: match.candidates.map(candidateRef),
        },
      ],
    ];
  });
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
