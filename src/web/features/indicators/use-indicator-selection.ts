import { useState } from 'react';
import { searches } from '../../config/routes';
import { parseIdList } from '../../lib/search-params';
import { useRouteSearch } from '../../lib/url-state';
import { MAX_INDICATORS_PER_CALL } from '../../../shared/api/routes';

const REMEMBERED = 'lci-explorer:indicator-set';

/** The last set the user chose, so the next visit starts from it. */
export function rememberedIndicatorSet(): number[] {
  try {
    return parseIdList(window.localStorage.getItem(REMEMBERED) ?? '').slice(
      0,
      MAX_INDICATORS_PER_CALL,
    );
  } catch {
    return [];
  }
}

/** The indicator set in `?ind=`, and ways to change it (remembered for next time). */
export function useIndicatorSelection() {
  const [search, updateSearch] = useRouteSearch(searches.indicators);
  const inUrl = search.ind.join(',');
  // The URL changes a moment after a click (navigations run in a transition); until it does,
  // the choice just made is shown, so a checkbox never flickers back.
  const [pending, setPending] = useState<{ ids: number[]; base: string }>();
  const selected = pending && pending.base === inUrl ? pending.ids : search.ind;

  const setSelected = (ids: readonly number[]) => {
    setPending({ ids: [...ids], base: inUrl });
    updateSearch({ ind: [...ids] }, { replace: true });
    try {
      window.localStorage.setItem(REMEMBERED, ids.join(','));
    } catch {
      // Storage may be off; the URL still holds the set.
    }
  };

  return { selected, setSelected };
}
