import { useQueries } from '@tanstack/react-query';
import type { Indicator } from '../../../../shared/api/schemas';
import { counterpartQueries } from '../../scores/api/counterpart-queries';
import { counterpartsById, type CounterpartEntry } from '../../scores/counterparts';

/** An indicator asked for (`?ind=`) that the base release's catalogue does not list. */
interface AskedIndicator {
  asked: number;
  /** The release compared whose catalogue lists it, nearest the base; null: none does. */
  release: string | null;
  /** It there. */
  indicator: Indicator | null;
  /** What the counterparts route says of it in the base; undefined while not in. */
  counterpart: CounterpartEntry | undefined;
}

/** The releases by how far they are from the base, nearest first (the later first on a tie). */
function byNearness(versions: readonly string[], base: string): string[] {
  const at = versions.indexOf(base);
  return versions
    .map((version, i) => ({ version, distance: Math.abs(i - at), i }))
    .filter((each) => each.version !== base)
    .sort((a, b) => a.distance - b.distance || a.i - b.i)
    .map((each) => each.version);
}

/**
 * The indicators a dataset's history scores, all of the base release: those asked for that it
 * lists, and each one it does not, followed from the catalogue of the nearest release that
 * lists it to its counterpart in the base (IPCC 2021's "climate change: total (excl. biogenic
 * CO2)", 1024 in 3.12, is 1111 "climate change" in 3.10). Nothing asked for is dropped without
 * a word: `followed` says what became of each. Also each other release's counterparts of the
 * rows, which its cells and its scored call use.
 */
export function useHistoryIndicators(input: {
  base: string;
  systemModel: string;
  /** Newest first, the base among them. */
  versions: readonly string[];
  requested: readonly number[];
  /** The base release's catalogue; undefined while it loads. */
  catalogue: readonly Indicator[] | undefined;
  /** Another release's catalogue, where the route loaded it (only when an ID is missing). */
  catalogueOf: (version: string) => readonly Indicator[] | undefined;
}) {
  const { base, systemModel, catalogue } = input;
  const known = new Map((catalogue ?? []).map((indicator) => [indicator.id, indicator]));
  const missing = catalogue ? input.requested.filter((id) => !known.has(id)) : [];
  const others = byNearness(input.versions, base);
  const found = missing.map((asked) => {
    for (const version of others) {
      const indicator = input.catalogueOf(version)?.find((each) => each.id === asked);
      if (indicator) return { asked, release: version, indicator };
    }
    return { asked, release: null, indicator: null };
  });
  const sources = [...new Set(found.flatMap((each) => (each.release ? [each.release] : [])))];
  const toBase = useQueries({
    queries: sources.map((version) => counterpartQueries.between({ version, systemModel }, base)),
  });
  const followed: AskedIndicator[] = found.map((each) => {
    const answer = toBase[sources.indexOf(each.release ?? '')]?.data;
    return { ...each, counterpart: answer ? counterpartsById(answer).get(each.asked) : undefined };
  });
  // In the order asked, each once: an ID followed to one asked for too is not scored twice.
  const ids = [
    ...new Set(
      input.requested.flatMap((id) => {
        if (known.has(id)) return [id];
        const counterpart = followed.find((each) => each.asked === id)?.counterpart?.counterpart;
        return counterpart ? [counterpart.indicator.id] : [];
      }),
    ),
  ];
  const indicators = ids.flatMap((id) => {
    const indicator = known.get(id);
    return indicator ? [indicator] : [];
  });

  const fromBase = useQueries({
    queries: catalogue
      ? others.map((version) => counterpartQueries.between({ version: base, systemModel }, version))
      : [],
  });
  const counterparts = new Map<string, ReadonlyMap<number, CounterpartEntry>>();
  others.forEach((version, i) => {
    const answer = fromBase[i]?.data;
    if (answer) counterparts.set(version, counterpartsById(answer));
  });
  const waiting = toBase.concat(fromBase);
  // Until every other catalogue is in, an ID not found yet may still be found.
  const searched = missing.length === 0 || others.every((v) => input.catalogueOf(v) !== undefined);
  return {
    indicators,
    followed,
    /** The IDs missing from the base whose release's catalogue is wanted to follow them. */
    missing,
    /** Each other release's counterparts of the base's indicators, by version. */
    counterparts: (version: string) => counterparts.get(version),
    /** Every catalogue that may list a missing ID is in. */
    searched,
    /** Everything needed to plan the scores is in. */
    ready: catalogue !== undefined && searched && waiting.every((query) => query.isSuccess),
    error: waiting.find((query) => query.isError)?.error ?? undefined,
    retry: () => {
      for (const query of waiting) if (query.isError) void query.refetch();
    },
  };
}
