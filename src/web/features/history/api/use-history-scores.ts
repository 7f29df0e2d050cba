import type { HistoryEntry, Indicator } from '../../../../shared/api/schemas';
import { scoreLookup } from '../../scores/answers';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import type { CounterpartEntry } from '../../scores/counterparts';
import { entryDatasets, releaseIndicators } from '../score-cells';

/** What a release is asked for: its datasets (a split's every part), its indicators. */
interface ReleaseAsk {
  version: string;
  datasetIds: number[];
  indicatorIds: number[];
}

/**
 * Per release the dataset is found in: the datasets scored (the one followed, a later split's
 * every part, an earlier merge's every source) and the indicators (the rows' counterparts
 * there). A release where no row has a counterpart is asked nothing.
 */
export function historyAsks(input: {
  base: string;
  entries: readonly HistoryEntry[];
  indicators: readonly Indicator[];
  counterparts: (version: string) => ReadonlyMap<number, CounterpartEntry> | undefined;
}): ReleaseAsk[] {
  const baseIndex = input.entries.findIndex((entry) => entry.version === input.base);
  return input.entries.flatMap((entry, i) => {
    const datasetIds = entryDatasets(entry, i < baseIndex);
    const indicatorIds = releaseIndicators(
      input.indicators,
      entry.version,
      input.base,
      input.counterparts(entry.version),
    );
    return datasetIds.length > 0 && indicatorIds.length > 0
      ? [{ version: entry.version, datasetIds, indicatorIds }]
      : [];
  });
}

/** What the bill says first: the releases where more than the dataset itself is scored. */
export function severalScored(
  entries: readonly HistoryEntry[],
  base: string,
): { version: string; change: 'split' | 'merged'; datasets: number }[] {
  const baseIndex = entries.findIndex((entry) => entry.version === base);
  return entries.flatMap((entry, i) => {
    const datasets = entryDatasets(entry, i < baseIndex).length;
    return datasets > 1 && (entry.change === 'split' || entry.change === 'merged')
      ? [{ version: entry.version, change: entry.change, datasets }]
      : [];
  });
}

/**
 * The chosen indicators' scores of the dataset in each release where it was found, each release
 * with its indicators' counterparts and every dataset it is compared as: one charged call per
 * dataset, each release only once the user has said yes to it (or already held). Nothing is
 * planned until the indicators are followed (`ready`), so the bill names what would be charged.
 */
export function useHistoryScores(input: {
  systemModel: string;
  base: string;
  entries: readonly HistoryEntry[];
  indicators: readonly Indicator[];
  counterparts: (version: string) => ReadonlyMap<number, CounterpartEntry> | undefined;
  ready: boolean;
  charged: Charged | undefined;
}) {
  const { systemModel } = input;
  const asks = input.ready ? historyAsks(input) : [];
  const scores = useConsentedScores({
    requests: asks.map((ask) => ({ ...ask, systemModel })),
    charged: input.charged,
    scope: 'releases',
    by: 'dataset',
  });
  const asked = new Set(
    asks
      .filter((ask) =>
        ask.datasetIds.some(
          (id) =>
            scores.answers.of({ version: ask.version, systemModel }).datasets.get(id) !== undefined,
        ),
      )
      .map((ask) => ask.version),
  );
  return {
    ...scores,
    asks,
    lookup: scoreLookup(scores.answers.of, systemModel),
    /** Where a score of a release came from (the answer that gave it, or gave none). */
    provenance: (version: string, datasetId: number, indicatorId: number) =>
      scores.answers.of({ version, systemModel }).provenance?.(datasetId, indicatorId),
    /** Whether a release's scores are in. */
    loaded: (version: string) => asked.has(version),
    /** How many releases' scores are in, of `asks.length`. */
    releasesLoaded: asked.size,
  };
}
