import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import type { UpstreamResponse } from './http-client';

/**
 * A body as the data service meant it, whatever the proxy asked for: the proxy sends no
 * Accept-Encoding, which HTTP reads as "any encoding will do", and gateways in front of
 * services compress on their own. Every Content-Encoding applied is undone, the last first,
 * never to more than the proxy's size cap (a small gzip can hold gigabytes).
 */

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);
const inflateRawAsync = promisify(inflateRaw);
const brotliAsync = promisify(brotliDecompress);

type Decode = (body: Buffer, maxBytes: number) => Promise<Buffer>;

const DECODERS: Readonly<Record<string, Decode>> = {
  gzip: (body, maxBytes) => gunzipAsync(body, { maxOutputLength: maxBytes }),
  'x-gzip': (body, maxBytes) => gunzipAsync(body, { maxOutputLength: maxBytes }),
  // "deflate" is zlib-wrapped by the standard; some servers send it raw.
  deflate: async (body, maxBytes) => {
    try {
      return await inflateAsync(body, { maxOutputLength: maxBytes });
    } catch (error) {
      if (tooLarge(error)) throw error;
      return inflateRawAsync(body, { maxOutputLength: maxBytes });
    }
  },
  br: (body, maxBytes) => brotliAsync(body, { maxOutputLength: maxBytes }),
};

const tooLarge = (error: unknown) =>
  error instanceof RangeError ||
  (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_BUFFER_TOO_LARGE';

/** A body the proxy could not decode: its encoding unknown, its bytes not what it says, or too large. */
export class UndecodableBody extends Error {
  constructor(
    readonly encoding: string,
    readonly why: 'unknown' | 'corrupt' | 'too large',
  ) {
    super(`Content-Encoding ${encoding}: ${why}`);
  }
}

/** The encodings applied to a body, in the order they were applied (identity left out). */
function encodingsOf(response: UpstreamResponse): string[] {
  return (response.header('content-encoding') ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '' && part !== 'identity');
}

/** The response with its body decoded; the same response when it was sent as it is. */
export async function decodeBody(
  response: UpstreamResponse,
  maxBytes: number,
): Promise<UpstreamResponse> {
  const encodings = encodingsOf(response);
  if (encodings.length === 0 || response.body.length === 0) return response;
  let body = response.body;
  for (const encoding of [...encodings].reverse()) {
    const decode = DECODERS[encoding];
    const named = response.header('content-encoding') ?? encoding;
    if (!decode) throw new UndecodableBody(named, 'unknown');
    try {
      body = await decode(body, maxBytes);
    } catch (error) {
      throw new UndecodableBody(named, tooLarge(error) ? 'too large' : 'corrupt');
    }
  }
  return { status: response.status, header: (name) => response.header(name), body };
}

/** "Content-Type: application/json, Content-Encoding: gzip": what a body said it was. */
export function bodyLabels(response: UpstreamResponse): string {
  const type = response.header('content-type')?.split(';')[0]?.trim() || 'none';
  const encoding = response.header('content-encoding')?.trim();
  return `Content-Type: ${type}${encoding ? `, Content-Encoding: ${encoding}` : ''}`;
}
