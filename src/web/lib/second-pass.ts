import { useDeferredValue } from 'react';

/**
 * False in a component's first render, true in the render React does next, in the background,
 * once the first is on the screen. A page draws its first screen's telling part in the first
 * pass and the rest in the second, so what the largest contentful paint waits for is not held
 * back by what comes after it (issue 34): What changed its heading and intro before its table,
 * compare its heading before its catalogue.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}

/** Rows a long table draws in its first pass: more than a screen holds. */
export const ROWS_FIRST = 8;

/**
 * A long table's rows: the first screen's in the first pass, all of them a render later. A
 * page's few hundred dataset links (the dataset search) or 100 changes (What changed) took the
 * laptop profile a second and half a second to draw before any of them showed (issue 34).
 */
export function useFirstRows<T>(rows: readonly T[]): readonly T[] {
  return useSecondPass() ? rows : rows.slice(0, ROWS_FIRST);
}
