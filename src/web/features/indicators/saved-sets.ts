import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { MAX_INDICATORS_PER_CALL } from '../../../shared/api/routes';

/** Named indicator sets this browser keeps; a set is shared as a link with its name and IDs. */
const KEY = 'lci-explorer:indicator-sets';
const SetsSchema = z.array(
  z.object({
    name: z.string().check(z.minLength(1), z.maxLength(80)),
    ids: z.array(z.int().check(z.positive())).check(z.maxLength(MAX_INDICATORS_PER_CALL)),
  }),
);
export type SavedSet = z.infer<typeof SetsSchema>[number];

const listeners = new Set<() => void>();
let cached: { text: string | null; sets: SavedSet[] } = { text: null, sets: [] };

function stored(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return cached.text;
  }
}

function parse(text: string | null): SavedSet[] {
  try {
    const parsed = SetsSchema.safeParse(JSON.parse(text ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The sets, the same array until they change (for useSyncExternalStore). */
function read(): SavedSet[] {
  const text = stored();
  if (text !== cached.text) cached = { text, sets: parse(text) };
  return cached.sets;
}

function write(sets: SavedSet[]) {
  const text = JSON.stringify(sets);
  try {
    window.localStorage.setItem(KEY, text);
  } catch {
    // Storage may be off: keep the sets for this page's life at least.
  }
  cached = { text, sets };
  for (const listener of listeners) listener();
}

/** Saves (or replaces) a set under its name. */
export function saveSet(name: string, ids: readonly number[]) {
  const trimmed = name.trim().slice(0, 80);
  if (!trimmed) return;
  write([
    ...read().filter((set) => set.name !== trimmed),
    { name: trimmed, ids: [...ids].slice(0, MAX_INDICATORS_PER_CALL) },
  ]);
}

export function deleteSet(name: string) {
  write(read().filter((set) => set.name !== name));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSavedSets(): SavedSet[] {
  return useSyncExternalStore(subscribe, read);
}
