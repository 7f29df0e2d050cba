import { useState } from 'react';

/**
 * `next`, or the value of an earlier render when `same` finds it unchanged: what a memoised
 * component is given stays the same object while what it means does, though it is built afresh
 * on every render (a page re-renders on every answer that arrives, and a list made from answers
 * is a new array each time). Kept as state, adjusted during render as React advises for state
 * that follows what a component is given.
 */
export function useUnchanged<T>(next: T, same: (kept: T, next: T) => boolean): T {
  const [kept, keep] = useState(next);
  if (kept === next || same(kept, next)) return kept;
  keep(next);
  return next;
}
