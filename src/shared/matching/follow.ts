import { docDiff, type DatasetDoc } from './dataset-doc';
import { MATCH_HOWS, type Match, type ReleaseMatch } from './match';

/** Every dataset of one release matched in another, `from` → `to`, as a release pair is. */
export type Pair<R> = (from: R, to: R) => ReleaseMatch;

/**
 * A dataset of `base` followed release by release along `way` (the releases after it, or
 * before it, nearest first): what it became in each, matched with the release before on the
 * way. A dataset that moved in 3.12 is so found in 3.10 through what it was in 3.11, however
 * many other datasets 3.10 and 3.12 differ by. Where a step finds nothing (or several), the
 * dataset is matched with that release directly, and followed on from what that finds.
 * `how` is the loosest step's, `fields` what differs from the dataset followed.
 */
export function follow<R>(doc: DatasetDoc, base: R, way: readonly R[], pair: Pair<R>): Match[] {
  const matches: Match[] = [];
  let at: { release: R; doc: DatasetDoc; match: Pick<Match, 'how' | 'relation'> } = {
    release: base,
    doc,
    match: { how: 'same ID', relation: null },
  };
  for (const release of way) {
    const step = pair(at.release, release).matches.get(at.doc.id);
    if (step?.target) {
      const loosest =
        MATCH_HOWS.indexOf(step.how) > MATCH_HOWS.indexOf(at.match.how) ? step : at.match;
      // A likely successor a step back stays a candidate here under what it is now, so a
      // verdict that leaves the choice open still offers it first.
      const carried =
        loosest.how === 'likely successor' && loosest.relation
          ? [{ doc: step.target, relation: loosest.relation, newInTarget: true }]
          : [];
      const match: Match = {
        how: loosest.how,
        relation: loosest.relation,
        target: step.target,
        fields: docDiff(doc, step.target),
        candidates: loosest === step ? step.candidates : carried,
      };
      matches.push(match);
      at = { release, doc: step.target, match };
      continue;
    }
    const direct = at.release === base ? step : pair(base, release).matches.get(doc.id);
    const match: Match = direct ?? {
      how: 'none',
      relation: null,
      target: null,
      fields: [],
      candidates: [],
    };
    // Near datasets of the release: the direct ones, or else the last step's.
    matches.push(
      match.candidates.length === 0 && step ? { ...match, candidates: step.candidates } : match,
    );
    if (match.target) at = { release, doc: match.target, match };
  }
  return matches;
}

/**
 * Every dataset of the first release of `chain` matched in its last, followed through the
 * releases between (oldest to newest or the other way): the same answers a dataset's history
 * gives, for a whole release. With two releases it is their pair.
 */
export function matchAlong<R>(
  chain: readonly R[],
  docsOf: (release: R) => readonly DatasetDoc[],
  pair: Pair<R>,
): ReleaseMatch {
  const [first, ...way] = chain;
  const last = way.at(-1);
  if (first === undefined || last === undefined)
    throw new Error('matching along releases needs two at least');
  if (way.length === 1) return pair(first, last);
  const matches = new Map<number, Match>();
  const taken = new Set<number>();
  for (const doc of docsOf(first)) {
    const match = follow(doc, first, way, pair).at(-1);
    if (!match) continue;
    matches.set(doc.id, match);
    if (match.target) taken.add(match.target.id);
  }
  return { matches, unmatched: docsOf(last).filter((doc) => !taken.has(doc.id)) };
}
