import { docDiff, type DatasetDoc, type DocField } from './dataset-doc';
import { ancestorsOf } from '../geographies/tree';
import {
  geographyOf,
  infer,
  MAX_CANDIDATES,
  nearest,
  rankCandidates,
  relationOfGeography,
  type Candidate,
} from './match';
import type { ReleaseIndex } from './release-index';
import type { ResolvedReport } from './report-match';

/**
 * The one engine that says what became of every dataset of a release in a later one: the
 * changes, the upgrade check and a dataset's history all read their verdicts from here, so
 * they agree for every dataset. A change report, where one is loaded, is the authority for what
 * it names; documentation names a successor only on conclusive evidence (./match.ts); anything
 * else is "no certain successor" with ranked candidates, never "removed" while one exists.
 */

/** What named a dataset's successor: its ID, its UUIDs, its names, a change report, or nothing. */
export const MATCH_HOWS = ['same ID', 'same UUIDs', 'same names', 'change report', 'none'] as const;
type MatchHow = (typeof MATCH_HOWS)[number];

/** What became of a dataset, as the upgrade check says it. */
export const VERDICTS = [
  'unchanged',
  'documentation changed',
  'new ID',
  'split',
  'merged',
  'no certain successor',
  'removed',
] as const;
type Verdict = (typeof VERDICTS)[number];

export interface Successor {
  doc: DatasetDoc;
  /** The share of the source it takes, for a split (allocation); null for a whole dataset. */
  share: number | null;
  /** The documentation fields that differ from the source. */
  fields: DocField[];
}

export interface Fate {
  source: DatasetDoc;
  verdict: Verdict;
  how: MatchHow;
  /** What it became, named for certain: one dataset, or several with shares (a split). */
  successors: readonly Successor[];
  /** The change reports that named its successors ("ecoinvent change report 3.11 → 3.12"). */
  reports: readonly string[];
  /**
   * Without a certain successor: the nearest datasets, ranked, each with its reason. With one
   * under its own ID: new datasets of its activity elsewhere, each a possible split of it.
   */
  candidates: readonly Candidate[];
}

export interface Origin {
  doc: DatasetDoc;
  share: number | null;
}

export interface Decision {
  /** Every dataset of the older release, by ID. */
  fates: Map<number, Fate>;
  /** Datasets of the newer release some dataset became: what they come from, with its share. */
  origins: Map<number, Origin[]>;
  /** Datasets of the newer release none became: new, with what they may have come from. */
  newDocs: { doc: DatasetDoc; candidates: Candidate[] }[];
  /** The reports applied on the way, oldest first. */
  reports: ResolvedReport[];
}

type Draft = Omit<Fate, 'verdict'>;

/** The empty list most datasets have, shared: a release's worth of empty arrays is garbage. */
const NONE: readonly never[] = [];

const SHARE_ROUNDING = 1e-9;

/** The one of several successors a single answer shows: its own ID, else the largest share. */
export function primary(successors: readonly Successor[], sourceId: number): Successor | undefined {
  return (
    successors.find((s) => s.doc.id === sourceId) ??
    [...successors].sort((a, b) => (b.share ?? 1) - (a.share ?? 1))[0]
  );
}

function verdictOf(draft: Draft, origins: Map<number, Origin[]>): Verdict {
  const { successors, source } = draft;
  const [only, ...more] = successors;
  if (!only) return draft.candidates.length > 0 ? 'no certain successor' : 'removed';
  if (more.length > 0 || (only.share !== null && only.share < 1 - SHARE_ROUNDING)) return 'split';
  if (only.doc.id === source.id)
    return only.fields.length === 0 ? 'unchanged' : 'documentation changed';
  return (origins.get(only.doc.id)?.length ?? 0) > 1 ? 'merged' : 'new ID';
}

const unique = (source: DatasetDoc, candidates: Iterable<Candidate>) => {
  const byId = new Map<number, Candidate>();
  for (const candidate of candidates)
    if (!byId.has(candidate.doc.id)) byId.set(candidate.doc.id, candidate);
  return rankCandidates(source, byId.values()).slice(0, MAX_CANDIDATES);
};

/** The geographies a dataset in `code` may have been carved out of. */
const broaderThan = (code: string) => [
  'GLO',
  'RoW',
  ...ancestorsOf(code).filter((c) => c !== 'GLO'),
];

/**
 * Verdicts, origins and new datasets from what each dataset became. A dataset new in `to` of an
 * activity and product that persists in a broader geography of `from` is a possible split of it,
 * said on both sides; one a dataset without successor lists as a candidate lists it back.
 */
function finish(
  drafts: Map<number, Draft>,
  from: ReleaseIndex,
  to: ReleaseIndex,
  reports: ResolvedReport[],
): Decision {
  const add = <T>(map: Map<number, T[]>, id: number, item: T) => {
    const list = map.get(id);
    if (list) list.push(item);
    else map.set(id, [item]);
  };
  const origins = new Map<number, Origin[]>();
  for (const draft of drafts.values())
    for (const successor of draft.successors)
      add(origins, successor.doc.id, { doc: draft.source, share: successor.share });
  const extra = new Map<number, Candidate[]>();
  const newDocs: Decision['newDocs'] = [];
  const back = new Map<number, Candidate[]>();
  for (const draft of drafts.values())
    if (draft.successors.length === 0)
      for (const candidate of draft.candidates)
        if (candidate.newInTarget && !origins.has(candidate.doc.id))
          add(back, candidate.doc.id, {
            doc: draft.source,
            relation: candidate.relation,
            geography: relationOfGeography(candidate.doc, draft.source),
            newInTarget: false,
          });
  for (const doc of to.docs) {
    if (origins.has(doc.id)) continue;
    const names = to.names(doc);
    const parents: Candidate[] = [];
    // What it may be carved out of: the same activity and product in the world, the rest of
    // it, or a geography it lies in.
    for (const code of broaderThan(geographyOf(doc))) {
      for (const source of from.withNamesIn(names.activity, names.product, code)) {
        if (relationOfGeography(source, doc) !== 'carved out') continue;
        const draft = drafts.get(source.id);
        if (!draft || draft.successors.length === 0) continue;
        parents.push({
          doc: source,
          relation: 'possible split',
          geography: 'within',
          newInTarget: false,
        });
        add(extra, source.id, {
          doc,
          relation: 'possible split',
          geography: 'carved out',
          newInTarget: true,
        });
      }
    }
    const also = back.get(doc.id);
    newDocs.push({
      doc,
      candidates: parents.length === 0 && !also ? [] : unique(doc, [...parents, ...(also ?? [])]),
    });
  }
  const fates = new Map<number, Fate>();
  for (const [id, draft] of drafts) {
    const more = extra.get(id);
    const full = more
      ? { ...draft, candidates: unique(draft.source, [...draft.candidates, ...more]) }
      : draft;
    fates.set(id, { ...full, verdict: verdictOf(full, origins) });
  }
  return { fates, origins, newDocs, reports };
}

/** Every dataset of `from` in the next release `to`, by the report where one is loaded. */
export function decidePair(
  from: ReleaseIndex,
  to: ReleaseIndex,
  report?: ResolvedReport,
): Decision {
  const drafts = new Map<number, Draft>();
  for (const source of from.docs) {
    const link = report?.links.get(source.id);
    if (report && link) {
      drafts.set(source.id, {
        source,
        how: 'change report',
        successors: link.targets.map(({ doc, share }) => ({
          doc,
          share,
          fields: docDiff(source, doc),
        })),
        reports: [report.label],
        candidates: [],
      });
      continue;
    }
    const inferred = infer(source, from, to);
    drafts.set(
      source.id,
      inferred.how === 'none'
        ? { source, how: 'none', successors: NONE, reports: NONE, candidates: inferred.candidates }
        : {
            source,
            how: inferred.how,
            successors: [{ doc: inferred.doc, share: null, fields: docDiff(source, inferred.doc) }],
            reports: NONE,
            candidates: NONE,
          },
    );
  }
  return finish(drafts, from, to, report ? [report] : []);
}

/**
 * Most datasets have one whole successor at every step and nothing else to say: followed without
 * the bookkeeping of splits and candidates (a release's worth of it is what took the time).
 */
function followSimply(source: DatasetDoc, steps: readonly Decision[]): Draft | undefined {
  let at = source;
  let how: MatchHow = 'same ID';
  let reports: string[] = [];
  for (const step of steps) {
    const fate = step.fates.get(at.id);
    if (!fate || fate.successors.length !== 1 || fate.candidates.length > 0) return undefined;
    const only = fate.successors[0];
    if (!only || only.share !== null) return undefined;
    if (MATCH_HOWS.indexOf(fate.how) > MATCH_HOWS.indexOf(how)) how = fate.how;
    if (fate.reports.length > 0) reports = [...new Set([...reports, ...fate.reports])];
    at = only.doc;
  }
  return {
    source,
    how,
    successors: [{ doc: at, share: null, fields: docDiff(source, at) }],
    reports,
    candidates: [],
  };
}

/** The loosest of the ways a dataset was followed: a report outranks inference. */
function loosest(hows: readonly MatchHow[]): MatchHow {
  if (hows.includes('change report')) return 'change report';
  for (const how of ['same names', 'same UUIDs', 'same ID'] as const)
    if (hows.includes(how)) return how;
  return 'none';
}

/**
 * Every dataset of the first release matched in the last, followed release by release through
 * `steps` (the decisions of each neighbouring pair, oldest first): shares multiply along the
 * way, a report on any step counts, and where a way ends without a certain successor the
 * candidates met are followed on, with the last release's nearest datasets besides.
 */
export function decideAlong(
  first: ReleaseIndex,
  last: ReleaseIndex,
  steps: readonly Decision[],
): Decision {
  const [only, ...more] = steps;
  if (!only) throw new Error('deciding along releases needs one step at least');
  if (more.length === 0) return only;
  const drafts = new Map<number, Draft>();
  for (const source of first.docs) {
    const simple = followSimply(source, steps);
    if (simple) {
      drafts.set(source.id, simple);
      continue;
    }
    let current: Origin[] = [{ doc: source, share: null }];
    let carried: Candidate[] = [];
    const hows: MatchHow[] = [];
    const reports: string[] = [];
    for (const step of steps) {
      const reached = new Map<number, Origin>();
      const met: Candidate[] = [];
      const relate = (candidate: Candidate, doc: DatasetDoc): Candidate => ({
        ...candidate,
        doc,
        geography: relationOfGeography(source, doc),
        newInTarget: !first.has(doc.id),
      });
      for (const at of current) {
        const fate = step.fates.get(at.doc.id);
        if (!fate) continue;
        hows.push(fate.how);
        for (const label of fate.reports) if (!reports.includes(label)) reports.push(label);
        for (const successor of fate.successors) {
          const share =
            at.share === null && successor.share === null
              ? null
              : (at.share ?? 1) * (successor.share ?? 1);
          const known = reached.get(successor.doc.id);
          reached.set(successor.doc.id, {
            doc: successor.doc,
            share: known ? (known.share ?? 1) + (share ?? 1) : share,
          });
        }
        for (const candidate of fate.candidates) met.push(relate(candidate, candidate.doc));
      }
      for (const candidate of carried)
        for (const successor of step.fates.get(candidate.doc.id)?.successors ?? [])
          met.push(relate(candidate, successor.doc));
      current = [...reached.values()];
      carried = met;
    }
    const successors = current.map(({ doc, share }) => ({
      doc,
      share,
      fields: docDiff(source, doc),
    }));
    drafts.set(source.id, {
      source,
      how: successors.length > 0 ? loosest(hows) : 'none',
      successors,
      reports: successors.length > 0 ? reports : [],
      candidates: unique(
        source,
        successors.length > 0 ? carried : [...carried, ...nearest(source, first, last)],
      ),
    });
  }
  return finish(
    drafts,
    first,
    last,
    steps.flatMap((step) => step.reports),
  );
}

/**
 * The same decision read backwards, from a newer release to an older one (a model taken back
 * to an earlier release): each dataset of `newer` to the datasets it came from, whole, and the
 * new ones to their candidates. Reports only ever go forwards, so this is their reading too.
 */
export function reverseDecision(
  forward: Decision,
  older: ReleaseIndex,
  newer: ReleaseIndex,
): Decision {
  const newCandidates = new Map(forward.newDocs.map((entry) => [entry.doc.id, entry.candidates]));
  const drafts = new Map<number, Draft>();
  for (const source of newer.docs) {
    const origins = forward.origins.get(source.id) ?? [];
    const fates = origins.flatMap((origin) => forward.fates.get(origin.doc.id) ?? []);
    const reports = [...new Set(fates.flatMap((fate) => fate.reports))];
    drafts.set(source.id, {
      source,
      how: origins.length > 0 ? loosest(fates.map((fate) => fate.how)) : 'none',
      successors: origins.map(({ doc }) => ({ doc, share: null, fields: docDiff(source, doc) })),
      reports,
      candidates:
        origins.length > 0
          ? []
          : (newCandidates.get(source.id) ?? []).map((candidate) => ({
              ...candidate,
              newInTarget: !newer.has(candidate.doc.id),
            })),
    });
  }
  return finish(drafts, newer, older, forward.reports);
}
