import type { ListEntry } from '../../../shared/api/routes';
import { MAX_SHARED_IDS } from '../../config/routes';

export { MAX_SHARED_IDS };

/**
 * The Dataset IDs a link opening the upgrade check with this list carries (`?ids=8279,2989`,
 * written by the route's schema with `from`). Only lists of IDs, up to MAX_SHARED_IDS, travel in
 * a link; anything else is saved in the browser or exported.
 */
export function shareableIds(
  entries: readonly ListEntry[],
): { ok: true; ids: number[] } | { ok: false; reason: string } {
  const ids = entries.flatMap((entry) => (entry.kind === 'id' ? [entry.id] : []));
  if (ids.length !== entries.length)
    return { ok: false, reason: 'Only a list of Dataset IDs can be shared as a link.' };
  if (ids.length === 0) return { ok: false, reason: 'The list is empty.' };
  if (ids.length > MAX_SHARED_IDS)
    return {
      ok: false,
      reason: `A link holds at most ${MAX_SHARED_IDS} IDs; this list has ${ids.length}. Save or export it instead.`,
    };
  return { ok: true, ids };
}

/** The list a link carries, as the list box shows it: one ID a line. */
export const sharedListText = (ids: readonly number[]) => ids.join('\n');
