import { useDeferredValue } from 'react';

/**
 * False in a page's first render, true in the render React does next, in the background: what a
 * page draws only once this is true comes after the browser has painted the rest. A page whose
 * data is at hand on arrival (cached, or quicker than its code) paints its heading and intro, its
 * largest text and so its largest contentful paint, without waiting for its table to be drawn
 * (issue 34: What changed drew 50 rows at 4× CPU before anything of it showed).
 */
export function useHeadingFirst(): boolean {
  return useDeferredValue(true, false);
}
