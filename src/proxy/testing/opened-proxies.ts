import type { Proxy } from '../app';

/**
 * The proxies a test file opens, closed in one place: a file keeps each proxy it builds and
 * closes them all in its own `afterEach` or `afterAll`, in the order it already closes the rest
 * (its emulator last), instead of each file keeping its own list and loop.
 */
export interface OpenedProxies {
  /** Keeps a proxy to close later, and gives it back. */
  keep<P extends Proxy>(proxy: P): P;
  /** A proxy the test closed itself: not closed again. */
  forget(proxy: Proxy): void;
  /** Closes every proxy kept so far, in the order they were opened. */
  closeAll(): Promise<void>;
}

export function openedProxies(): OpenedProxies {
  const kept: Proxy[] = [];
  return {
    keep(proxy) {
      kept.push(proxy);
      return proxy;
    },
    forget(proxy) {
      const at = kept.indexOf(proxy);
      if (at >= 0) kept.splice(at, 1);
    },
    async closeAll() {
      for (const proxy of kept.splice(0)) await proxy.app.close();
    },
  };
}
