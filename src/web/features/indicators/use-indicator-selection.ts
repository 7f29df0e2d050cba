import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatIndicatorSet, parseIndicatorSet, useUpdateSearch } from '../../lib/url-state';

const REMEMBERED = 'lci-explorer:indicator-set';

/** The last set the user chose, so the next visit starts from it. */
export function rememberedIndicatorSet(): number[] {
  try {
    return parseIndicatorSet(window.localStorage.getItem(REMEMBERED));
  } catch {
    return [];
  }
}

/** The indicator set in `?ind=`, and ways to change it (remembered for next time). */
export function useIndicatorSelection() {
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const inUrl = searchParams.get('ind') ?? '';
  // The URL changes a moment after a click (navigations run in a transition); until it does,
  // the choice just made is shown, so a checkbox never flickers back.
  const [pending, setPending] = useState<{ ids: number[]; base: string }>();
  const selected = pending && pending.base === inUrl ? pending.ids : parseIndicatorSet(inUrl);

  const setSelected = (ids: readonly number[]) => {
    setPending({
      ids: [...ids],
      base: new URLSearchParams(window.location.search).get('ind') ?? '',
    });
    updateSearch({ ind: ids.length > 0 ? formatIndicatorSet(ids) : undefined }, { replace: true });
    try {
      window.localStorage.setItem(REMEMBERED, formatIndicatorSet(ids));
    } catch {
      // Storage may be off; the URL still holds the set.
    }
  };

  return { selected, setSelected };
}
