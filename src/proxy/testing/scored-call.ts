import type { ChargeSource, ScoredCall } from '../usage/ledger-types';

/** Where the ledger tests' calls come from, unless a test says otherwise. */
export const TEST_SOURCE: ChargeSource = {
  release: { version: '3.12', systemModel: 'cutoff' },
  page: 'dataset',
  client: 'browser',
};

/** A scored call as the routes hand it to the ledger. */
export const scoredCall = (
  user: string,
  datasets: readonly number[],
  indicators: readonly number[],
  maxDatasets?: number,
  source: ChargeSource = TEST_SOURCE,
): ScoredCall => ({
  user,
  datasets,
  indicators,
  source,
  ...(maxDatasets === undefined ? {} : { maxDatasets }),
});
