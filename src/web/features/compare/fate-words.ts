import type { UpgradeResult } from '../../../shared/api/schemas';
import { describeFields, sourceOfVerdict } from '../../../shared/matching/words';
import type { ReleaseRef } from '../../config/routes';
import type { ColumnFate } from './api/use-column-fates';
import { releaseName } from './columns';

/**
 * What became of a column's dataset, in the one vocabulary (src/shared/matching/words.ts) every
 * page uses: the change told of its successors in the release it is followed to, and where the
 * verdict comes from.
 */

/** "split into 5 datasets in 3.12 · cutoff, each taking a share of it", and so on. */
export function changeSentence(result: UpgradeResult, from: ReleaseRef, to: ReleaseRef): string {
  const where = releaseName(to);
  const [first] = result.successors;
  const one = first ? `${first.dataset.id} in ${where}` : where;
  switch (result.change) {
    case 'split':
      return `split into ${result.successors.length} datasets in ${where}, each taking a share of it`;
    case 'merged':
      return `merged with others into ${one}`;
    case 'moved':
      return `moved to another geography: ${one}`;
    case 'renamed':
      return `renamed: ${one}`;
    case 're-identified':
      return `the same activity, product and geography under a new Dataset ID: ${one}`;
    case 'documentation changed':
      return `the same Dataset ID in ${where}; its documentation differs (${describeFields(result.fields)})`;
    case 'documentation unchanged':
      return `the same Dataset ID and documentation in ${where}: only documentation is compared, so its scores may still differ`;
    case 'no certain successor':
      return `no certain successor in ${where}`;
    case 'removed':
      return `removed: nothing in ${where} is near it`;
    case 'not in source':
      return `not found in ${releaseName(from)}`;
    case 'several in source':
      return `several datasets of ${releaseName(from)} answer to it`;
  }
}

/** Where the verdict comes from: "ecoinvent change report 3.10 → 3.11", or "inferred from documentation". */
export function fateSource(fate: ColumnFate & { result: UpgradeResult }): string {
  const { result } = fate;
  const steps = (fate.reports ?? []).map((step) => ({ label: step.label, loaded: step.loaded }));
  return sourceOfVerdict(result, { change: result.change, steps });
}
