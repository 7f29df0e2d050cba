import { Agent, errors, type Dispatcher } from 'undici';

/** What the adapter needs of an HTTP answer: status, headers, and the whole body. */
export interface UpstreamResponse {
  status: number;
  header(name: string): string | undefined;
  /** The body, read in full: an answer over the request's `maxBytes` is refused instead. */
  body: Buffer;
}

export type UpstreamRequest = (
  url: URL,
  options: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    /** The whole call's deadline, body included. */
    timeoutMs: number;
    maxBytes: number;
    /** Cancels the call (its answer is no longer wanted). */
    signal?: AbortSignal;
    /** Told when the answer's status and headers arrive. */
    onFirstByte?: () => void;
  },
) => Promise<UpstreamResponse>;

export class UpstreamTimeout extends Error {}
/** A call cancelled by its caller: nobody waits for its answer any more. */
export class UpstreamCancelled extends Error {}
export class UpstreamUnreachable extends Error {
  /** True when the connection was refused, so the request never reached the service. */
  constructor(
    message: string,
    readonly neverSent = false,
  ) {
    super(message);
  }
}
export class UpstreamTooLarge extends Error {}

/**
 * The data path's HTTP client: undici's `dispatch` on a pooled keep-alive agent, the body
 * gathered straight from the socket's chunks. Node's `fetch` managed a third of the throughput
 * at 32 concurrent requests and undici's `request`, which wraps each body in a stream, about
 * four fifths (see `npm run bench`). Redirects are never followed: `dispatch` does not.
 */
export function createUndiciClient(options: { connections?: number } = {}): {
  send: UpstreamRequest;
  close: () => Promise<void>;
} {
  const agent = new Agent({ connections: options.connections ?? 128, keepAliveTimeout: 10_000 });
  const send: UpstreamRequest = (
    url,
    { method, headers, body, timeoutMs, maxBytes, signal, onFirstByte },
  ) =>
    new Promise((resolve, reject) => {
      let status = 0;
      let answerHeaders: Record<string, string | string[] | undefined> = {};
      const chunks: Buffer[] = [];
      let total = 0;
      // undici's own timeouts are per wait (headers, then each chunk): an answer trickled slowly
      // would never time out. The deadline covers the whole call, body included.
      let controller: Dispatcher.DispatchController | undefined;
      const stop = (reason: Error) => {
        if (controller) controller.abort(reason);
        else reject(reason);
      };
      const deadline = setTimeout(() => stop(new UpstreamTimeout('deadline')), timeoutMs);
      const cancel = () => stop(new UpstreamCancelled('cancelled'));
      if (signal?.aborted) {
        clearTimeout(deadline);
        reject(new UpstreamCancelled('cancelled'));
        return;
      }
      signal?.addEventListener('abort', cancel, { once: true });
      const done = () => {
        clearTimeout(deadline);
        signal?.removeEventListener('abort', cancel);
      };
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart: (started) => {
          controller = started;
        },
        onResponseStart(controller, statusCode, responseHeaders) {
          onFirstByte?.();
          status = statusCode;
          answerHeaders = responseHeaders;
          const declared = Number(responseHeaders['content-length'] ?? 0);
          if (declared > maxBytes) controller.abort(new UpstreamTooLarge('declared too large'));
        },
        onResponseData(controller, chunk) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            controller.abort(new UpstreamTooLarge('too large'));
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd() {
          done();
          resolve({
            status,
            header: (name) => {
              const value = answerHeaders[name.toLowerCase()];
              return Array.isArray(value) ? value[0] : value;
            },
            body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
          });
        },
        onResponseError(_controller, error) {
          done();
          reject(classify(error) ?? error);
        },
      };
      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          body: body ?? null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        },
        handler,
      );
    });
  return { send, close: () => agent.close() };
}

/** Connection errors that mean the request was never delivered. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A fault of the connection to the data service, or undefined for anything else (a bug). */
export function classify(
  error: unknown,
): UpstreamTimeout | UpstreamUnreachable | UpstreamTooLarge | UpstreamCancelled | undefined {
  if (
    error instanceof UpstreamTimeout ||
    error instanceof UpstreamUnreachable ||
    error instanceof UpstreamTooLarge ||
    error instanceof UpstreamCancelled
  )
    return error;
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
    return new UpstreamTimeout('timeout');
  const code = (error as NodeJS.ErrnoException).code;
  if (error instanceof errors.UndiciError || code !== undefined) {
    return new UpstreamUnreachable((error as Error).message, NEVER_SENT.has(code ?? ''));
  }
  return undefined;
}
