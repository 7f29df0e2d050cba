import type { Dataset, DatasetPage } from '../../shared/api/schemas';
import { UnchargedFailure } from '../upstream/adapter/errors';
import type { StoredReservation } from './ledger-store';

/** What a scored answer charged: its datasets that came with scores, and the indicators scored. */
interface Charges {
  datasets: number[];
  indicators: number[];
}

function chargesOfDatasets(datasets: readonly Dataset[]): Charges {
  const scored = datasets.filter((dataset) => dataset.impact_scores.length > 0);
  return {
    datasets: scored.map((dataset) => dataset.id),
    indicators: [
      ...new Set(scored.flatMap((dataset) => dataset.impact_scores.map((score) => score.id))),
    ],
  };
}

/** The charges of one dataset's answer (`GET /api/datasets/{id}` with indicators). */
export const chargesOfDataset = (dataset: Dataset) => chargesOfDatasets([dataset]);
/** The charges of a batch page (`POST /api/datasets/batch` with indicators). */
export const chargesOfPage = (page: DatasetPage) => chargesOfDatasets(page.datasets);

/**
 * Runs a scored call under its reservation: settled with what the typed answer charged
 * (`charges`), released when the service certainly charged nothing, and counted in full when
 * nobody can know (a timeout, an answer too large or of the wrong shape, after the service may
 * have billed it).
 */
export async function underReservation<T>(
  reservation: StoredReservation | undefined,
  call: () => Promise<T>,
  charges: (answer: T) => Charges,
): Promise<T> {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof UnchargedFailure) await reservation?.release();
    else await reservation?.settleUnknown();
    throw error;
  }
  const charged = charges(answer);
  await reservation?.settle(charged.datasets, charged.indicators);
  return answer;
}
