import { z } from 'zod/mini';

const KEY = 'lci-explorer:upgrade-lists';

const SavedListSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The list as pasted or uploaded, so it is parsed again (and reported) as the user wrote it. */
  text: z.string(),
  /** The release its IDs come from. */
  from: z.string(),
  /** Candidates the user chose, by line (lists saved before choices were kept have none). */
  chosen: z._default(z.record(z.string().check(z.regex(/^\d+$/)), z.int().check(z.positive())), {}),
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
  list: { name: string; text: string; from: string; chosen?: ReadonlyMap<number, number> },
  now: Date = new Date(),
): { ok: true } | { ok: false; reason: string } {
  const name = list.name.trim();
  if (name === '' || name.length > 100)
    return { ok: false, reason: 'Give the list a name of 1 to 100 characters.' };
  return store([
    ...savedLists().filter((other) => other.name !== name),
    {
      name,
      text: list.text,
      from: list.from,
      chosen: Object.fromEntries(list.chosen ?? []),
      savedAt: now.toISOString(),
    },
  ]);
}

export function deleteList(name: string): void {
  store(savedLists().filter((list) => list.name !== name));
}

/** A saved list's choices, by line, as the results take them. */
export const choicesOf = (list: SavedList): Map<number, number> =>
  new Map(Object.entries(list.chosen).map(([line, id]) => [Number(line), id]));

const DRAFT_KEY = 'lci-explorer:upgrade-draft';
const DraftSchema = z.object({
  text: z.string(),
  /** Whether the text was checked: a reload then checks it again. */
  checked: z.boolean(),
  chosen: z._default(z.record(z.string().check(z.regex(/^\d+$/)), z.int().check(z.positive())), {}),
  /** The release the list comes from, when one was chosen. */
  from: z.optional(z.string()),
});
export type Draft = z.infer<typeof DraftSchema>;

/**
 * The list being worked on in this tab, kept across a reload (the link holds only short lists
 * of IDs); gone with the tab. Storage that refuses is no reason to stop the page.
 */
export function readDraft(): Draft | undefined {
  try {
    const parsed = DraftSchema.safeParse(
      JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? 'null'),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(draft: {
  text: string;
  checked: boolean;
  chosen: ReadonlyMap<number, number>;
  from?: string | undefined;
}): void {
  try {
    window.sessionStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ ...draft, chosen: Object.fromEntries(draft.chosen) }),
    );
  } catch {
    // Not kept: the page goes on with the list as it is.
  }
}
