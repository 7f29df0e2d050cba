import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same from render to render and calls the one of the latest commit.
 * For a page drawn from a deferred copy of its state (React draws it in the background, so what
 * shows can be a moment old): a button there still writes against the address as it is now, not
 * as it was when the copy was made, so a change made meanwhile is not lost.
 */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
