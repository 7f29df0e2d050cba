import type { Usage } from '../../shared/api/schemas';
import { plural } from './format';

/**
 * What loading scores would add to this period's bill. The data service bills unique datasets,
 * indicators and users a period, so a request costs nothing more only when its datasets and
 * indicators are all charged already and its user is already counted.
 */
export interface ChargedSoFar {
  datasets: ReadonlySet<number>;
  indicators: ReadonlySet<number>;
  /** Whether this user already counts as one of the period's users. */
  user: boolean;
}

export interface NewCharges {
  datasets: number[];
  indicators: number[];
  user: boolean;
}

export function chargedSoFar(usage: Usage | undefined): ChargedSoFar | undefined {
  if (!usage) return undefined;
  return {
    datasets: new Set(usage.charged.datasets),
    indicators: new Set(usage.charged.indicators),
    user: usage.charged.user,
  };
}

/** What these scores would newly charge; everything, while the usage is not known yet. */
export function newCharges(
  charged: ChargedSoFar | undefined,
  datasetIds: readonly number[],
  indicatorIds: readonly number[],
): NewCharges {
  if (datasetIds.length === 0 || indicatorIds.length === 0)
    return { datasets: [], indicators: [], user: false };
  return {
    datasets: [...new Set(datasetIds)].filter((id) => !charged?.datasets.has(id)),
    indicators: [...new Set(indicatorIds)].filter((id) => !charged?.indicators.has(id)),
    user: !charged?.user,
  };
}

export const costsNothing = (charges: NewCharges) =>
  charges.datasets.length === 0 && charges.indicators.length === 0 && !charges.user;

/** The already-charged part of a request, which may load without asking. */
export function alreadyCharged(
  charged: ChargedSoFar | undefined,
  datasetIds: readonly number[],
  indicatorIds: readonly number[],
): { datasetIds: number[]; indicatorIds: number[] } {
  if (!charged?.user) return { datasetIds: [], indicatorIds: [] };
  return {
    datasetIds: datasetIds.filter((id) => charged.datasets.has(id)),
    indicatorIds: indicatorIds.filter((id) => charged.indicators.has(id)),
  };
}

/** "2 new datasets, 1 new indicator and you as a user", or undefined when nothing is new. */
export function describeCharges(charges: NewCharges): string | undefined {
  const parts = [
    charges.datasets.length > 0 && plural(charges.datasets.length, 'new dataset'),
    charges.indicators.length > 0 && plural(charges.indicators.length, 'new indicator'),
    charges.user && 'you as a user',
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return undefined;
  const last = parts.pop();
  return parts.length > 0 ? `${parts.join(', ')} and ${last ?? ''}` : last;
}
