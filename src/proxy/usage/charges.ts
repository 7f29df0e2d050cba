import type { Dataset, DatasetPage } from '../../shared/api/schemas';
import { UnchargedFailure } from '../upstream/adapter/errors';
import type { StoredReservation } from './ledger-store';

/**
 * What an answer charges: its datasets that came with scores, and the indicators scored. The
 * answer is a scored route's, already parsed by its schema: one dataset or a batch page.
 */
function chargesOf(answer: unknown) {
  const datasets =
    typeof answer === 'object' && answer !== null && 'datasets' in answer
      ? (answer as DatasetPage).datasets
      : [answer as Dataset];
  const scored = datasets.filter((dataset) => dataset.impact_scores.length > 0);
  return {
    datasets: scored.map((dataset) => dataset.id),
    indicators: [
      ...new Set(scored.flatMap((dataset) => dataset.impact_scores.map((score) => score.id))),
    ],
  };
}

/**
 * Runs a scored call under its reservation: settled with what the answer charged, released when
 * the service certainly charged nothing, and counted in full when nobody can know (a timeout, an
 * answer too large or of the wrong shape, after the service may have billed it).
 */
export async function underReservation<T>(
  reservation: StoredReservation | undefined,
  call: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof UnchargedFailure) await reservation?.release();
    else await reservation?.settleUnknown();
    throw error;
  }
  const charged = chargesOf(answer);
  await reservation?.settle(charged.datasets, charged.indicators);
  return answer;
}
