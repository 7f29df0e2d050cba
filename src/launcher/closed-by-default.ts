import { ConfigError, isLoopback } from '../proxy/config';

/** Something a launcher starts that listens for connections, and the address it binds. */
export interface Listener {
  name: string;
  host: string;
}

/**
 * AUTH_MODE=none lets anyone who reaches the explorer use the licence: it is for one person on
 * their own machine. Each proxy refuses it unless it binds to loopback, but a launcher may start
 * something else in front of the proxies (nginx in `deploy:local`) that listens beyond this
 * machine while the proxies stay on loopback; so every launcher checks everything it starts,
 * before it starts or builds anything.
 */
export function refuseOpenDoor(env: NodeJS.ProcessEnv, listeners: readonly Listener[]): void {
  if ((env.AUTH_MODE ?? 'oidc') !== 'none') return;
  const open = listeners.find((listener) => !isLoopback(listener.host));
  if (!open) return;
  throw new ConfigError(
    `AUTH_MODE=none is refused: ${open.name} would listen on ${open.host} (HOST), beyond this machine, and anyone reaching it would use the licence unsigned. Use AUTH_MODE=oidc, or HOST=127.0.0.1.`,
  );
}
