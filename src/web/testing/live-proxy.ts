import { configure } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, inject, vi } from 'vitest';
import { setAuthHooks } from '../lib/api-client';
import { forgetApprovals } from '../features/scores/consent';

declare module 'vitest' {
  // Provided by src/launcher/testing/web-stack.ts (the same declaration is there).
  export interface ProvidedContext {
    webStack: {
      proxyOrigin: string;
      emulatorOrigin: string;
      tokens: { demo: string; maria: string };
      formulas: { proxyOrigin: string; token: string };
    };
  }
}

/** A request the SPA sent, as the proxy received it. */
export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/**
 * Points the SPA's same-origin `/api` calls at the real proxy that the `web-live` project starts
 * (on the real emulator), signed in as a demo user, and records what was sent. Nothing is faked:
 * the only change to `fetch` is the proxy's origin, which a page would have as its own.
 */
export function liveProxy() {
  const stack = inject('webStack');
  const sent: SentRequest[] = [];
  const auth = {
    token: stack.tokens.demo as string | undefined,
    renewTo: undefined as string | undefined,
  };
  const nodeFetch = globalThis.fetch;
  let origin = stack.proxyOrigin;
  /** Paths whose calls fail as a dropped connection does, until restored. */
  const dropped = new Set<string>();
  /** Paths whose calls are sent only when let go, as over a slow network: what each waits on. */
  const held = new Map<string, Promise<void>>();

  beforeAll(() => {
    // Pages wait for a real proxy and emulator, on a machine other tests keep busy too.
    configure({ asyncUtilTimeout: 8_000 });
    vi.stubGlobal('fetch', (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), origin);
      if (dropped.has(url.pathname)) return Promise.reject(new TypeError('Failed to fetch'));
      sent.push({
        method: init.method ?? 'GET',
        path: url.pathname,
        search: url.searchParams,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      // jsdom's AbortSignal is not Node's, which fetch requires: an abort ends the wait instead.
      const { signal, ...rest } = init;
      const waiting = held.get(url.pathname);
      const answer = waiting ? waiting.then(() => nodeFetch(url, rest)) : nodeFetch(url, rest);
      if (!signal) return answer;
      return new Promise<Response>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        answer.then(resolve, reject);
      });
    });
    setAuthHooks({
      getToken: () => auth.token,
      renew: async () => {
        if (auth.renewTo === undefined) return false;
        auth.token = auth.renewTo;
        return true;
      },
    });
  });
  beforeEach(() => {
    sent.length = 0;
    auth.token = stack.tokens.demo;
    auth.renewTo = undefined;
    origin = stack.proxyOrigin;
    dropped.clear();
    held.clear();
    forgetApprovals();
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  return {
    stack,
    sent,
    /** Who the next calls are from; `renewTo` is what a renewal would give. */
    signIn: (token: string | undefined, renewTo?: string) => {
      auth.token = token;
      auth.renewTo = renewTo;
    },
    /** Calls to this path fail as a dropped connection does, until `restore`. */
    drop: (path: string) => {
      dropped.add(path);
    },
    restore: (path: string) => {
      dropped.delete(path);
    },
    /** Holds calls to this path (their answers) until the function returned is called. */
    hold: (path: string) => {
      let letGo: () => void = () => undefined;
      held.set(
        path,
        new Promise<void>((resolve) => {
          letGo = resolve;
        }),
      );
      return () => {
        held.delete(path);
        letGo();
      };
    },
    /** Sends the next calls to another server (one that is not there, say). */
    pointAt: (elsewhere: string) => {
      origin = elsewhere;
    },
    /** The scored calls sent: a dataset with indicator_ids, or a batch with indicators. */
    scored: () =>
      sent.filter(
        (request) =>
          request.search.has('indicator_ids') ||
          (typeof request.body === 'object' &&
            request.body !== null &&
            'indicator_ids' in request.body &&
            Array.isArray(request.body.indicator_ids) &&
            request.body.indicator_ids.length > 0),
      ),
  };
}
