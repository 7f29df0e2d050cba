import type { Readable } from 'node:stream';
import { Agent, errors, request } from 'undici';

/** What the adapter needs of an HTTP answer: status, headers, and the body as a stream. */
export interface UpstreamResponse {
  status: number;
  header(name: string): string | undefined;
  body: Readable;
  /** Stops reading and frees the connection. */
  discard(): Promise<void>;
}

export type UpstreamRequest = (
  url: URL,
  options: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
  },
) => Promise<UpstreamResponse>;

export class UpstreamTimeout extends Error {}
export class UpstreamUnreachable extends Error {}

/**
 * The data path's HTTP client: undici's `request` on a pooled keep-alive agent. Node's `fetch`
 * with an abort signal managed well under half the throughput at 32 concurrent requests (see
 * `npm run bench`); redirects are never followed (undici's `request` does not follow them).
 */
export function createUndiciClient(options: { connections?: number } = {}): {
  send: UpstreamRequest;
  close: () => Promise<void>;
} {
  const agent = new Agent({ connections: options.connections ?? 128, keepAliveTimeout: 10_000 });
  const send: UpstreamRequest = async (url, { method, headers, body, timeoutMs }) => {
    try {
      const answer = await request(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        dispatcher: agent,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      return {
        status: answer.statusCode,
        header: (name) => {
          const value = answer.headers[name.toLowerCase()];
          return Array.isArray(value) ? value[0] : value;
        },
        body: answer.body,
        discard: async () => {
          // Destroying an unread body makes it emit an abort error; that is the point, not a fault.
          answer.body.on('error', () => undefined);
          answer.body.destroy();
        },
      };
    } catch (error) {
      throw classify(error) ?? error;
    }
  };
  return { send, close: () => agent.close() };
}

/** A fault of the connection to the data service, or undefined for anything else (a bug). */
export function classify(error: unknown): UpstreamTimeout | UpstreamUnreachable | undefined {
  if (error instanceof UpstreamTimeout || error instanceof UpstreamUnreachable) return error;
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
    return new UpstreamTimeout('timeout');
  }
  if (error instanceof errors.UndiciError || (error as NodeJS.ErrnoException).code !== undefined) {
    return new UpstreamUnreachable((error as Error).message);
  }
  return undefined;
}
