import { tally } from '../../shared/tally';
import type { ListEntry } from '../../shared/api/routes';
import type { ReportStep, UpgradeCheck, UpgradeResult } from '../../shared/api/schemas';
import { UPGRADE_VERDICTS } from '../../shared/api/schemas';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';
import { primary, type Decision } from '../../shared/matching/decide';
import type { ReleaseIndex } from '../../shared/matching/release-index';
import { changeKindOf } from '../../shared/matching/words';
import { basisOf, candidateRef, linkRef, spoldRefOf } from './answer-refs';
import type { ReleaseDocuments } from './release-documents';

/** The upgrade check's answer: each entry of a list resolved in the source and decided once. */

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
  const counts = tally(
    UPGRADE_VERDICTS,
    results.map((result) => result.verdict),
  );
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
