import type { UpgradeVerdict } from '../../shared/api/schemas';
import type { EntryChange } from '../../shared/matching/words';

/**
 * The word of the one vocabulary an answer gives with a verdict, where a test's fixture names
 * only the verdict: a new ID as a re-identification, the rest as themselves.
 */
export function changeFor(verdict: UpgradeVerdict): EntryChange {
  if (verdict === 'unchanged') return 'documentation unchanged';
  if (verdict === 'new ID') return 're-identified';
  return verdict;
}
