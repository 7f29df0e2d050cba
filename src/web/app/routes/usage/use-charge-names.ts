import { useQueries } from '@tanstack/react-query';
import type { Charge, Dataset, Indicator } from '../../../../shared/api/schemas';
import { indicatorQueries } from '../../../features/indicators/api/get-indicators';
import { scoreQueries } from '../../../features/scores/api/score-queries';
import { chargeRelease, type ChargeNames } from '../../../features/usage/charges';

/*
 * Beside the usage page, not in features/usage: naming the charges joins two features (the
 * indicators' catalogue and the datasets' documentation), which only a page may do.
 */

/** How many datasets of one release the page names (free documentation, 100 a call). */
const NAMED_PER_RELEASE = 500;

/**
 * The names of the charges' datasets and indicators, read free: each release's catalogue, and
 * its datasets' documentation in batches without indicators, cached as every page caches them.
 */
export function useChargeNames(charges: readonly Charge[]): ChargeNames {
  const byRelease = new Map<string, { version: string; systemModel: string; ids: Set<number> }>();
  for (const charge of charges) {
    if (!charge.release) continue;
    const key = chargeRelease(charge.release);
    const entry = byRelease.get(key) ?? {
      version: charge.release.version,
      systemModel: charge.release.system_model,
      ids: new Set<number>(),
    };
    for (const id of [...charge.datasets, ...(charge.maybe?.datasets ?? [])])
      if (entry.ids.size < NAMED_PER_RELEASE) entry.ids.add(id);
    byRelease.set(key, entry);
  }
  const releases = [...byRelease];
  const catalogues = useQueries({
    queries: releases.map(([, r]) => ({
      ...indicatorQueries.list(r),
      retry: false,
    })),
  });
  const documents = useQueries({
    queries: releases.flatMap(([, r]) =>
      scoreQueries
        .documentation(
          r,
          [...r.ids].sort((a, b) => a - b),
        )
        .map((query) => ({ ...query, retry: false })),
    ),
  });
  const indicators = new Map<string, Map<number, Indicator>>();
  releases.forEach(([key], i) => {
    const list = catalogues[i]?.data?.indicators ?? [];
    indicators.set(key, new Map(list.map((indicator) => [indicator.id, indicator])));
  });
  const calls = releases.flatMap(([key, r]) =>
    scoreQueries
      .documentation(
        r,
        [...r.ids].sort((a, b) => a - b),
      )
      .map(() => key),
  );
  const datasetOf = new Map<string, Dataset>();
  documents.forEach((answer, i) => {
    const key = calls[i];
    for (const dataset of answer.data?.datasets ?? [])
      datasetOf.set(`${key} ${dataset.id}`, dataset);
  });
  return {
    dataset: (release, id) => {
      const dataset = datasetOf.get(`${release} ${id}`);
      return dataset
        ? `${dataset.activity ?? 'no activity name'}, ${dataset.geography ?? 'no geography'}`
        : undefined;
    },
    indicator: (release, id) => {
      const indicator = indicators.get(release)?.get(id);
      return indicator
        ? `${indicator.method} › ${indicator.category} › ${indicator.indicator}`
        : undefined;
    },
  };
}
