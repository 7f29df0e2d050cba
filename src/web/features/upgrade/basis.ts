import type { ReportStep, UpgradeResult } from '../../../shared/api/schemas';
import { basisText } from '../../lib/across-releases';

/**
 * Where the verdict of a dataset without a successor comes from: no loaded change report names
 * it (each says so by leaving it out), so documentation offered the candidates or found none.
 */
export function unnamedBasis(reports: readonly ReportStep[], result: UpgradeResult): string {
  const loaded = reports.filter((step) => step.loaded).map((step) => step.label);
  const found =
    result.verdict === 'no certain successor'
      ? 'candidates inferred from documentation'
      : 'inferred from documentation';
  return loaded.length > 0 ? `Not named by ${loaded.join(' or ')}; ${found}` : found;
}

/** Whether a row's basis is said by `unnamedBasis`: a dataset of the list with no successor. */
export const isUnnamed = (result: UpgradeResult) =>
  result.source !== null &&
  !result.target &&
  (result.verdict === 'no certain successor' || result.verdict === 'removed');

/** A row's verdict's source in words, the same on the page and in every export. */
export function verdictBasis(reports: readonly ReportStep[], result: UpgradeResult): string {
  if (result.source === null) return '';
  return isUnnamed(result) ? unnamedBasis(reports, result) : basisText(result);
}
