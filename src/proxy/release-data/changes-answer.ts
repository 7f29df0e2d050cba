import { tally } from '../../shared/tally';
import type { ChangeRow, Changes, ReportStep } from '../../shared/api/schemas';
import { reportLabel } from '../../shared/matching/change-report';
import type { DatasetDoc } from '../../shared/matching/dataset-doc';
import type { Decision } from '../../shared/matching/decide';
import { changeOf, RELEASE_CHANGES } from '../../shared/matching/verdict';
import { compareVersions } from '../../shared/versions';
import { basisOf, changeCandidate, refOf } from './answer-refs';
import type { ReleaseDocuments } from './release-documents';

/** The changes route's answer, from one decision, and the report steps it shares. */

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
  const counts = tally(
    RELEASE_CHANGES,
    rows.map((row) => row.change),
  );
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
