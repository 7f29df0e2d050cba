import { useDebouncedCallback } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod/mini';
import type { SearchDefinition, SearchValues } from './search-params';

/**
 * The search last written, and the location it was written from. A second change made before
 * the router has moved on (a debounced filter and a click in the same moment) starts from it, so
 * neither undoes the other, whichever component makes it.
 */
let pending: { from: string; search: string } | undefined;

/**
 * A route's search parameters, read with its schema, and a way to change some of them; the URL
 * is written by the same schema, defaults left out.
 */
export function useRouteSearch<S extends z.ZodMiniObject>(definition: SearchDefinition<S>) {
  const location = useLocation();
  const navigate = useNavigate();
  const values = useMemo(() => definition.parse(location.search), [definition, location.search]);
  const update = useCallback(
    (changes: SearchValues<z.output<S>>, options: { replace?: boolean } = {}) => {
      const from = `${location.key}${location.search}`;
      const base = pending?.from === from ? pending.search : location.search;
      const search = definition.format({ ...definition.parse(base), ...changes });
      pending = { from, search };
      void navigate({ pathname: location.pathname, search }, { replace: options.replace ?? false });
    },
    [definition, navigate, location.key, location.pathname, location.search],
  );
  return [values, update] as const;
}

/**
 * Words typed into a box whose address keeps them: shown as typed, written a moment after typing
 * stops (a navigation per key would cost every key press), and following the address when its
 * words change from elsewhere (Back, a link). `write` gets the words trimmed.
 */
export function useTypedWords(inAddress: string, write: (words: string) => void, pauseMs = 300) {
  const [text, setText] = useState(inAddress);
  // The words last written from this box: words in the address that differ came from elsewhere.
  const written = useRef(inAddress);
  const writeLater = useDebouncedCallback((words: string) => {
    written.current = words.trim();
    write(words.trim());
  }, pauseMs);
  useEffect(() => {
    if (inAddress === written.current) return;
    written.current = inAddress;
    setText(inAddress);
  }, [inAddress]);
  const type = useCallback(
    (words: string) => {
      setText(words);
      writeLater(words);
    },
    [writeLater],
  );
  return { text, type };
}
