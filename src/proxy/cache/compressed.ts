import { promisify } from 'node:util';
import { gzip, constants } from 'node:zlib';
import type { CachedAnswer } from './response-cache';

const gzipAsync = promisify(gzip);

/** Smaller answers go as they are: their gzip would save less than its own cost. */
export const MIN_COMPRESSED_BYTES = 2048;

/**
 * Each cached answer's gzip, made once on the first request that accepts it (off the event loop)
 * and kept as long as the answer is: a search page of 100 datasets or a release's changes travel
 * at a tenth of their size. Held weakly by the answer, so an answer the cache drops takes its gzip
 * with it; its size is counted by the cache against CACHE_MAX_MB (`compressed`).
 */
const gzipped = new WeakMap<CachedAnswer, Promise<Buffer>>();
/** The same gzips once made, for a reader that cannot wait for one (`gzipMade`). */
const made = new WeakMap<CachedAnswer, Buffer>();

export function compressible(answer: CachedAnswer): boolean {
  return answer.bytes >= MIN_COMPRESSED_BYTES;
}

export function gzipOf(answer: CachedAnswer): Promise<Buffer> {
  let pending = gzipped.get(answer);
  if (!pending) {
    // Level 6 (zlib's default) gets within a few per cent of 9 on JSON, in a third of the time.
    pending = gzipAsync(answer.body, { level: constants.Z_DEFAULT_COMPRESSION });
    pending.then(
      (buffer) => {
        made.set(answer, buffer);
        answer.compressed?.(buffer.length);
      },
      () => undefined,
    );
    // A failed compression is not kept: the next request sends the answer as it is, or tries again.
    pending.catch(() => gzipped.delete(answer));
    gzipped.set(answer, pending);
  }
  return pending;
}

/** An answer's gzip if it is already made, without waiting for one. */
export function gzipMade(answer: CachedAnswer): Buffer | undefined {
  return made.get(answer);
}

/** The validator of an answer's gzip: a strong ETag names one encoding only. */
export function gzipEtag(etag: string): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-gzip"` : `${etag}-gzip`;
}

/** Whether an Accept-Encoding header accepts gzip (by name or `*`, with a weight above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzipWeight: number | undefined;
  let anyWeight: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isFinite(weight)) continue;
    if (name === 'gzip' || name === 'x-gzip') gzipWeight = weight;
    else if (name === '*') anyWeight = weight;
  }
  return (gzipWeight ?? anyWeight ?? 0) > 0;
}
