import type { UpgradeCheck } from '../../../../shared/api/schemas';
import { useConsentedScores } from '../../scores/api/use-consented-scores';
import type { Charged } from '../../scores/bill';
import { scoredDatasets, scoreTable } from '../score-moves';

type Ready = Extract<UpgradeCheck, { status: 'ready' }>;

/** The datasets of each release whose scores a mapping needs, as separately agreed parts. */
export function scoreParts(check: Ready, chosen: ReadonlyMap<number, number>) {
  const base = scoredDatasets(check.results);
  const all = scoredDatasets(check.results, chosen);
  const extra = (ids: readonly number[], kept: readonly number[]) => {
    const known = new Set(kept);
    return ids.filter((id) => !known.has(id));
  };
  // A candidate chosen later is asked for on its own, so what was loaded stays loaded and the
  // new dataset alone waits for a yes.
  return [
    { version: check.from, ids: base.from },
    { version: check.to, ids: base.to },
    { version: check.from, ids: extra(all.from, base.from) },
    { version: check.to, ids: extra(all.to, base.to) },
  ].filter((part) => part.ids.length > 0);
}

/**
 * The chosen indicators' scores of each entry's old and new dataset, in batches of 100 per
 * release, each part loading only once the user has agreed to it (the bill is stated first).
 */
export function useUpgradeScores(input: {
  check: Ready;
  chosen: ReadonlyMap<number, number>;
  indicatorIds: readonly number[];
  charged: Charged | undefined;
}) {
  const { check, indicatorIds } = input;
  const scores = useConsentedScores({
    requests: scoreParts(check, input.chosen).map((part) => ({
      version: part.version,
      systemModel: check.system_model,
      datasetIds: part.ids,
      indicatorIds,
    })),
    charged: input.charged,
    scope: 'releases',
    by: 'batch',
  });
  return { ...scores, table: scoreTable(scores.answers, check.system_model) };
}
