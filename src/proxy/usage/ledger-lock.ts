import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

import { ConfigError } from '../config';

/** Another live process already writes this ledger file. */
export class LedgerInUseError extends ConfigError {}

/** The ledger file cannot be used at start-up: one line, naming the variable and the cause. */
export class LedgerUnusableError extends ConfigError {}

/** `EACCES: permission denied` from a file-system error, without the path it repeats. */
export function describeFault(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (!code) return message;
  return `${code}: ${message.replace(/^\w+: /, '').replace(/, \w+ '.*'$/, '')}`;
}

interface Holder {
  pid: number;
  host: string;
}

/** Lock files this process holds, so a second ledger in the same process is refused too. */
const held = new Set<string>();

/**
 * One ledger file, one writer: two proxies each enforcing the budget on their own would charge
 * twice the budget between them. The lock is a file beside the ledger naming its process; a
 * lock left by a process that is gone (kill -9) is taken over. A lock from another host cannot
 * be checked and is refused. Returns the function that lets go of it.
 */
export function lockLedger(
  file: string,
  /** The variable that names the file, for the messages (the evidence store locks its folder too). */
  variable = 'USAGE_LEDGER_PATH',
): () => void {
  const lock = `${file}.lock`;
  const me: Holder = { pid: process.pid, host: hostname() };
  // Two attempts: the second after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      held.add(lock);
      return () => {
        if (held.delete(lock)) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new LedgerUnusableError(
          `${variable} ${file} cannot be used: its lock ${lock} cannot be created (${describeFault(error)}).`,
        );
      }
      const holder = readHolder(lock);
      if (holder && isAlive(holder, lock)) {
        throw new LedgerInUseError(
          `${variable} ${file} is in use by another proxy (pid ${holder.pid} on ${holder.host}): it has one writer. Give this instance its own or stop the other; several instances share a budget and evidence through REDIS_URL. If that process is gone, delete ${lock}.`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  throw new LedgerInUseError(`${variable} ${file}: another process took its lock first.`);
}

function readHolder(lock: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lock, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string')
      return { pid: holder.pid, host: holder.host };
  } catch {
    // Unreadable or torn: its writer died between creating and writing it.
  }
  return undefined;
}

function isAlive(holder: Holder, lock: string): boolean {
  if (holder.host !== hostname()) return true;
  // Our own pid in a lock we do not hold: a previous life of this pid (a restarted container).
  if (holder.pid === process.pid) return held.has(lock);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
