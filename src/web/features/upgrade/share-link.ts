import type { ListEntry } from '../../../shared/api/routes';

/** A list travels in a link only while it is short enough for every browser and chat. */
export const MAX_SHARED_IDS = 200;

/**
 * The search parameters of a link that opens the upgrade check with this list: `from` and the
 * Dataset IDs comma-separated (`?from=3.10&ids=8279,2989`). Only lists of IDs can be shared.
 */
export function shareSearch(
  entries: readonly ListEntry[],
  from: string,
): { ok: true; search: { from: string; ids: string } } | { ok: false; reason: string } {
  const ids = entries.flatMap((entry) => (entry.kind === 'id' ? [entry.id] : []));
  if (ids.length !== entries.length)
    return { ok: false, reason: 'Only a list of Dataset IDs can be shared as a link.' };
  if (ids.length === 0) return { ok: false, reason: 'The list is empty.' };
  if (ids.length > MAX_SHARED_IDS)
    return {
      ok: false,
      reason: `A link holds at most ${MAX_SHARED_IDS} IDs; this list has ${ids.length}. Export it instead.`,
    };
  return { ok: true, search: { from, ids: ids.join(',') } };
}

/** The list a shared link carries, as text for the list box; undefined when it carries none. */
export function sharedList(
  search: URLSearchParams,
): { from: string | undefined; text: string } | undefined {
  const ids = search.get('ids');
  if (ids === null || ids === '') return undefined;
  const parts = ids.split(',').slice(0, MAX_SHARED_IDS);
  // Whatever the link holds is shown as lines, so the parser reports what is wrong by line.
  return { from: search.get('from') ?? undefined, text: parts.join('\n') };
}
