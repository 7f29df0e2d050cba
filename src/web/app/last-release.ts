import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import type { CompareColumn } from '../config/compare-link';
import { ReleaseParamsSchema } from '../config/routes';
import { parseIdList } from '../lib/search-params';

/**
 * Where the user was last working: the release, the indicator set and the comparison. Pages
 * outside a release (Usage, Releases) keep the header and the navigation on it, so a visit there
 * does not send the user back to the latest release with nothing chosen. Kept per tab.
 */
const KEY = 'lci-explorer:context';
const datasetId = z.int().check(z.positive());
const ContextSchema = z.object({
  release: ReleaseParamsSchema,
  ind: z.array(datasetId),
  // A bare ID is how a tab kept a comparison before columns could name a release.
  ds: z.array(
    z.union([
      z.pipe(
        datasetId,
        z.transform((id): CompareColumn => ({ id })),
      ),
      z.object({ id: datasetId, release: z.optional(ReleaseParamsSchema) }),
    ]),
  ),
});
export type LastRelease = z.infer<typeof ContextSchema>;

const listeners = new Set<() => void>();
let cached: { text: string | null; value: LastRelease | undefined } = {
  text: null,
  value: undefined,
};

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return cached.text;
  }
}

function parse(text: string | null): LastRelease | undefined {
  try {
    const parsed = ContextSchema.safeParse(JSON.parse(text ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The context, the same object until it changes (for useSyncExternalStore). */
function read(): LastRelease | undefined {
  const text = stored();
  if (text !== cached.text) cached = { text, value: parse(text) };
  return cached.value;
}

/** Remembers the release of the page shown, with its set; `ds` only when it is a comparison. */
export function rememberRelease(next: {
  release: LastRelease['release'];
  ind: string | readonly number[];
  ds?: readonly CompareColumn[];
}) {
  const previous = read();
  const sameRelease =
    previous?.release.version === next.release.version &&
    previous.release.systemModel === next.release.systemModel;
  const value: LastRelease = {
    release: next.release,
    ind: typeof next.ind === 'string' ? parseIdList(next.ind).slice(0, 100) : [...next.ind],
    ds: next.ds ? [...next.ds] : sameRelease ? previous.ds : [],
  };
  const text = JSON.stringify(value);
  if (text === cached.text) return;
  try {
    window.sessionStorage.setItem(KEY, text);
  } catch {
    // Storage may be off: the context then lives as long as the page.
  }
  cached = { text, value };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The last context, or undefined while `wanted` is false (so its changes redraw nothing). */
export function useLastRelease(wanted = true): LastRelease | undefined {
  return useSyncExternalStore(subscribe, () => (wanted ? read() : undefined));
}
