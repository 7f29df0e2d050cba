import { useDeferredValue } from 'react';

/**
 * False in a component's first render, true in the render React does next, in the background,
 * once the first is on the screen. A page draws its first screen's telling part in the first
 * pass and the rest in the second, so what the largest contentful paint waits for is not held
 * back by what comes after it (issue 34): What changed its heading and intro before 50 rows, the
 * dataset search its first rows before the other few hundred links.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}
