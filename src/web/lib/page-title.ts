import { useEffect } from 'react';

const APP = 'LCI Explorer';

/** The tab's title: what the page shows first, then the explorer's name. */
export function usePageTitle(...parts: (string | undefined | null | false)[]) {
  const title = [...parts.filter(Boolean), APP].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
