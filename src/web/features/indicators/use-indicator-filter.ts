import { searches } from '../../config/routes';
import { useRouteSearch, useTypedWords } from '../../lib/url-state';

/**
 * The catalogue's filter (`?q=`): the words as typed, which the list filters by at once and the
 * address takes after a pause. The page holds it, so its "Copy link" has the words the moment
 * they are typed, as the list does.
 */
export function useIndicatorFilter() {
  const [search, updateSearch] = useRouteSearch(searches.indicators);
  return useTypedWords(search.q, (q) => updateSearch({ q }, { replace: true }));
}

export type IndicatorFilter = ReturnType<typeof useIndicatorFilter>;
