import type { IndicatorCounterparts } from '../../../shared/api/schemas';
import type { FollowedIndicator } from '../../../shared/scores/moves';
import { indicatorLinkText, type IndicatorLink } from '../../../shared/scores/score-change';

/** One indicator of a release as the counterparts route follows it into another. */
export type CounterpartEntry = IndicatorCounterparts['indicators'][number];

/** The route's answer by indicator ID; empty while it is not in. */
export function counterpartsById(
  answer: IndicatorCounterparts | undefined,
): ReadonlyMap<number, CounterpartEntry> {
  return new Map((answer?.indicators ?? []).map((entry) => [entry.id, entry]));
}

/**
 * How an indicator was followed into release `to`, as the score classes read it: the same
 * indicator (its ID and names), a counterpart with what differs, or none.
 */
export function linkOf(entry: CounterpartEntry | undefined, to: string): IndicatorLink {
  const counterpart = entry?.counterpart;
  if (!counterpart) return { kind: 'none', in: to };
  if (counterpart.basis === 'same ID' && counterpart.differs.length === 0) return { kind: 'same' };
  return { kind: 'counterpart', basis: counterpart.basis, differs: counterpart.differs };
}

/**
 * The chosen indicators of the newer release, each with its counterpart in the older one, from
 * the route asked `version` = newer, `to` = older. An indicator the answer does not list has
 * none there.
 */
export function followedIndicators(
  ids: readonly number[],
  answer: IndicatorCounterparts,
): FollowedIndicator[] {
  const byId = counterpartsById(answer);
  return ids.map((id) => {
    const entry = byId.get(id);
    const counterpart = entry?.counterpart;
    return {
      id,
      before: counterpart ? { id: counterpart.indicator.id, link: linkOf(entry, answer.to) } : null,
    };
  });
}

const indicatorName = (indicator: { id: number; method: string; category: string }) =>
  `${indicator.id} (${indicator.method} › ${indicator.category})`;

/**
 * Where an indicator stands in release `to`, in a sentence: "same indicator", "renamed
 * (category): 1111 (IPCC 2021 › climate change)", or "no counterpart in 3.10; nearest: …".
 */
export function counterpartSentence(entry: CounterpartEntry | undefined, to: string): string {
  const counterpart = entry?.counterpart;
  if (!entry || !counterpart) {
    const candidates = entry?.candidates ?? [];
    return candidates.length === 0
      ? `no counterpart in ${to}`
      : `no counterpart in ${to}; nearest: ${candidates
          .map((c) => `${indicatorName(c.indicator)}, ${c.relation}`)
          .join('; ')}`;
  }
  const link = linkOf(entry, to);
  return link.kind === 'same'
    ? `same indicator in ${to}`
    : `${indicatorLinkText(link)} in ${to}: ${indicatorName(counterpart.indicator)}`;
}
