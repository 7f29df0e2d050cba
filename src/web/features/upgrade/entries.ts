import type { ListEntry } from '../../../shared/api/routes';
import { describeEntry as describeListEntry } from '../../../shared/dataset-list';
import type { DatasetRef, UpgradeResult } from '../../../shared/api/schemas';
import type { DocField } from '../../../shared/matching/dataset-doc';

/** An entry of a list as the user gave it: what a line that named no single dataset said. */
export const describeEntry = (entry: ListEntry): string =>
  describeListEntry(entry, { separator: ' · ', fileWord: false });

/**
 * What differs between a dataset and the candidate a user chose for it, from what both rows
 * carry (the proxy compares the whole documentation only for the datasets it matched).
 */
export function chosenDifferences(source: DatasetRef, chosen: DatasetRef): DocField[] {
  const fields = ['activity', 'product', 'unit', 'geography'] as const;
  return fields.filter((field) => source[field] !== chosen[field]);
}

/**
 * The Dataset IDs a list maps to in the newer release, in line order, each once: the choice
 * made, else every dataset it became (a split's all), else none.
 */
export function mappedIds(
  results: readonly UpgradeResult[],
  chosen: ReadonlyMap<number, number>,
): number[] {
  const ids = results.flatMap((result) => {
    const picked = chosen.get(result.line);
    if (picked !== undefined) return [picked];
    return result.successors.map((successor) => successor.dataset.id);
  });
  return [...new Set(ids)];
}
