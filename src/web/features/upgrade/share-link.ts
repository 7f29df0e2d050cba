import { ENTRY_CHANGES, type EntryChange } from '../../../shared/matching/words';
import type { ListEntry } from '../../../shared/api/routes';
import { parseDatasetList } from '../../../shared/dataset-list';
import type { UpgradeResult } from '../../../shared/api/schemas';
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

/** The entries of a shared link's list, or none. */
export function linkedEntries(ids: readonly number[]): ListEntry[] | undefined {
  if (ids.length === 0) return undefined;
  const parsed = parseDatasetList(sharedListText(ids));
  return parsed.ok && parsed.entries.length > 0 ? parsed.entries : undefined;
}

/**
 * The candidates chosen, as a link carries them: `pick=8279:41723,2989:5012`, each a Dataset
 * ID of the list and the one chosen for it in the newer release (the list's lines are the
 * browser's, so the link names the dataset instead). Choices for lines that name no single ID
 * stay out; '' when there are none.
 */
export function picksParam(
  entries: readonly ListEntry[],
  chosen: ReadonlyMap<number, number>,
): string {
  return entries
    .flatMap((entry) => {
      const id = chosen.get(entry.line);
      return entry.kind === 'id' && id !== undefined ? [`${entry.id}:${id}`] : [];
    })
    .join(',');
}

/**
 * The choices a link's `pick` makes, by line of the list it opened, and a sentence for each part
 * it left out: one that is not `ID:ID`, or that names a dataset not on the list.
 */
export function picksFromParam(
  entries: readonly ListEntry[],
  pick: string,
): { chosen: Map<number, number>; ignored: string[] } {
  const lines = new Map(
    entries.flatMap((entry) => (entry.kind === 'id' ? [[entry.id, entry.line] as const] : [])),
  );
  const chosen = new Map<number, number>();
  const ignored: string[] = [];
  for (const part of pick.split(',').filter((each) => each !== '')) {
    const match = /^(\d{1,10}):(\d{1,10})$/.exec(part);
    const [from, to] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
    const line = lines.get(from);
    if (!match || from <= 0 || to <= 0 || to >= 2 ** 31)
      ignored.push(
        `“${part}” is not a choice: a Dataset ID of the list, a colon and the one chosen for it.`,
      );
    else if (line === undefined)
      ignored.push(`The choice for ${from}: that dataset is not on the list.`);
    else if (chosen.has(line))
      ignored.push(`The second choice for ${from}: the first one is kept.`);
    else chosen.set(line, to);
  }
  return { chosen, ignored };
}

/**
 * The choices that stand once the list is checked: each of a line whose dataset has no certain
 * successor, and one of that line's candidates. The others, with a sentence for each.
 */
export function standingPicks(
  results: readonly UpgradeResult[],
  chosen: ReadonlyMap<number, number>,
  to: string,
): { chosen: Map<number, number>; ignored: string[] } {
  const kept = new Map<number, number>();
  const ignored: string[] = [];
  for (const [line, id] of chosen) {
    const result = results.find((each) => each.line === line);
    const source = result?.source?.id;
    const what = source === undefined ? `line ${line}` : `dataset ${source}`;
    if (!result || result.verdict !== 'no certain successor')
      ignored.push(`The choice of ${id} for ${what}: it has no candidates to choose from.`);
    else if (!result.candidates.some((candidate) => candidate.dataset.id === id))
      ignored.push(`The choice of ${id} for ${what}: not one of its candidates in ${to}.`);
    else kept.set(line, id);
  }
  return { chosen: kept, ignored };
}

/**
 * The verdicts of links made before the one vocabulary, as the changes they stand for: a link
 * that showed "new ID" shows the moves, renames and re-identifications it meant.
 */
const OLD_WORDS: Record<string, readonly EntryChange[]> = {
  unchanged: ['documentation unchanged'],
  'new ID': ['moved', 'renamed', 're-identified'],
};

/** The changes a link names (`show=moved,removed`), those it misspells left out. */
export function shownChanges(show: string): EntryChange[] {
  const names = show.split(',').flatMap((name): readonly string[] => OLD_WORDS[name] ?? [name]);
  return [
    ...new Set(
      names.filter((name): name is EntryChange =>
        (ENTRY_CHANGES as readonly string[]).includes(name),
      ),
    ),
  ];
}
