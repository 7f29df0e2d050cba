import type { DatasetPage, UpgradeCheck, UpgradeResult } from '../../shared/api/schemas';
import { mergeAnswers } from '../features/scores/answers';
import { scoreTable } from '../features/upgrade/score-moves';
import { changeFor } from './verdicts';
import { aDataset } from './datasets';

/*
 * An upgrade check's answer as the upgrade feature's tests use it: three entries of a list from
 * 3.10 checked against 3.12 (one unchanged, one re-identified, one without a certain successor
 * and one candidate), and the scores of a check's datasets as the batch answers give them.
 */

export const ref = (
  id: number,
  activity = 'cement production',
  geography = 'Switzerland (CH)',
) => ({
  id,
  activity,
  product: 'cement',
  geography,
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
export const result = (line: number, over: Partial<UpgradeResult>): UpgradeResult => ({
  line,
  verdict: 'unchanged',
  source: ref(line),
  target: ref(line),
  successors: [{ dataset: ref(line), share: null, fields: [] }],
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  fields: [],
  candidates: [],
  ...over,
  change: over.change ?? changeFor(over.verdict ?? 'unchanged'),
});
export const check: Extract<UpgradeCheck, { status: 'ready' }> = {
  status: 'ready',
  from: '3.10',
  to: '3.12',
  system_model: 'cutoff',
  counts: {
    unchanged: 1,
    'documentation changed': 0,
    'new ID': 1,
    split: 0,
    merged: 0,
    'no certain successor': 1,
    removed: 0,
    'not in source': 0,
    'several in source': 0,
  },
  reports: [],
  results: [
    result(1, {}),
    result(2, {
      verdict: 'new ID',
      target: ref(20),
      successors: [{ dataset: ref(20), share: null, fields: [] }],
      how: 'same UUIDs',
    }),
    result(3, {
      verdict: 'no certain successor',
      target: null,
      successors: [],
      how: 'none',
      candidates: [
        {
          dataset: ref(30, 'cement production', 'Rest-of-World (RoW)'),
          relation: 'same activity and product, other geography',
          geography: 'rest',
          new_in_target: true,
        },
      ],
    }),
  ],
};

/** The scores of a check's system model, as the batch answers of each release give them. */
export const tableOf = (answers: { version: string; page: DatasetPage }[]) =>
  scoreTable(
    mergeAnswers(
      answers.map(({ version, page }) => ({
        call: { version, systemModel: 'cutoff', datasetIds: [], indicatorIds: [] },
        datasets: page.datasets,
      })),
    ),
    'cutoff',
  );

export function doc(id: number, scores: [number, number][]) {
  return aDataset({
    ...ref(id),
    impact_scores: scores.map(([indicator, score]) => ({
      id: indicator,
      score,
      unit: 'kg CO2-Eq',
      method: 'IPCC 2021',
      category: 'climate change',
      indicator: 'GWP100',
    })),
  });
}
