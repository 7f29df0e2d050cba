import { z } from 'zod';

const KEY = 'lci-explorer:upgrade-lists';

const SavedListSchema = z.object({
  name: z.string().min(1).max(100),
  /** The list as pasted or uploaded, so it is parsed again (and reported) as the user wrote it. */
  text: z.string(),
  /** The release its IDs come from. */
  from: z.string(),
  savedAt: z.string(),
});
export type SavedList = z.infer<typeof SavedListSchema>;

/** Lists saved in this browser, by name. */
export function savedLists(): SavedList[] {
  try {
    const parsed = z
      .array(SavedListSchema)
      .safeParse(JSON.parse(window.localStorage.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data.sort((a, b) => a.name.localeCompare(b.name)) : [];
  } catch {
    return [];
  }
}

export function findList(name: string): SavedList | undefined {
  return savedLists().find((list) => list.name === name);
}

function store(lists: readonly SavedList[]): { ok: true } | { ok: false; reason: string } {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(lists));
    return { ok: true };
  } catch {
    // Full, or turned off: the user is told, the list is still on the page.
    return {
      ok: false,
      reason: 'This browser would not keep the list (its storage is full or turned off).',
    };
  }
}

/** Saves a list under its name, replacing one of the same name. */
export function saveList(
  list: { name: string; text: string; from: string },
  now: Date = new Date(),
): { ok: true } | { ok: false; reason: string } {
  const name = list.name.trim();
  if (name === '' || name.length > 100)
    return { ok: false, reason: 'Give the list a name of 1 to 100 characters.' };
  return store([
    ...savedLists().filter((other) => other.name !== name),
    { name, text: list.text, from: list.from, savedAt: now.toISOString() },
  ]);
}

export function deleteList(name: string): void {
  store(savedLists().filter((list) => list.name !== name));
}
