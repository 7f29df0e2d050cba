import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { MAX_INDICATORS_PER_CALL } from '../../shared/api/routes';

/** `?ind=882,990`: the chosen indicator set, deduplicated, at most 100, never a cast. */
export function parseIndicatorSet(param: string | null): number[] {
  if (!param) return [];
  const ids = param
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(0, MAX_INDICATORS_PER_CALL);
}

export function formatIndicatorSet(ids: readonly number[]): string {
  return ids.join(',');
}

/** A whole number from the URL within bounds, or the fallback. */
export function parseIntParam(
  param: string | null,
  fallback: number,
  min: number,
  max: number,
): number {
  if (param === null || !/^\d{1,7}$/.test(param)) return fallback;
  return Math.min(max, Math.max(min, Number(param)));
}

/**
 * Applies changes to the current URL's search params. It starts from the live location, not a
 * render's copy, so two quick updates (a debounced filter and a click) never undo each other.
 */
export function nextSearch(changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  // Commas stay readable in shared links: ?ind=882,990.
  return `?${next.toString().replace(/%2C/gi, ',')}`;
}

/** Writes changes into the URL's search part (commas kept readable); the page stays the same. */
export function useUpdateSearch() {
  const navigate = useNavigate();
  return useCallback(
    (changes: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
      void navigate(
        { pathname: window.location.pathname, search: nextSearch(changes) },
        { replace: options.replace ?? false },
      );
    },
    [navigate],
  );
}
