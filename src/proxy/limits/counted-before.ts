import type { IncomingMessage } from 'node:http';

/** On a raw request: the rate count a replay (`routes/replays.ts`) took and found over the limit. */
const COUNTED = Symbol('lci.counted');
type Counted = IncomingMessage & { [COUNTED]?: Error };

/** Marks a request whose rate count was taken and refused before it reached the full path. */
export function markCountedRefused(raw: IncomingMessage, error: unknown) {
  (raw as Counted)[COUNTED] = error instanceof Error ? error : new Error(String(error));
}

/**
 * The rate count a replay already took for this request, refused: the auth hook throws it
 * instead of counting the request a second time.
 */
export function countedBefore(raw: IncomingMessage): Promise<never> | undefined {
  const refused = (raw as Counted)[COUNTED];
  return refused ? Promise.reject(refused) : undefined;
}
