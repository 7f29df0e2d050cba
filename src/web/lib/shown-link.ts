import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { z } from 'zod/mini';
import type { SearchDefinition, SearchValues } from './search-params';
import { useRouteSearch } from './url-state';

/**
 * A link is what the page shows. A page passes the values it shows that its URL may lack: those
 * it took from this browser's memory (the last indicator set) or worked out from data (the
 * headline set of a release's catalogue), and any it shows in another form than the URL spells.
 * They are written into the address (replacing the entry, so Back is not taken by it), and the
 * link returned holds them at once, before the router has moved: "Copy link" and the address
 * then open the same page in a browser that remembers nothing.
 *
 * `shown` undefined: the page does not know yet (its data is loading), and nothing is written.
 * Values the schema would leave out (its defaults) stay out: every browser reads them alike.
 *
 * `typing`: values the page shows as they are typed, which their own writer puts into the address
 * after a pause. The link holds them at once; nothing is written for them here.
 */
export function useShownLink<S extends z.ZodMiniObject>(
  definition: SearchDefinition<S>,
  shown: SearchValues<z.output<S>> | undefined,
  typing?: SearchValues<z.output<S>>,
): string {
  const location = useLocation();
  const [current, update] = useRouteSearch(definition);
  const search = shown ? definition.format({ ...current, ...shown }) : location.search;
  const differs = search !== location.search;
  useEffect(() => {
    if (shown && differs) update(shown, { replace: true });
  }, [shown, differs, update]);
  const linked = typing ? definition.format({ ...current, ...shown, ...typing }) : search;
  return `${window.location.origin}${location.pathname}${linked}`;
}
