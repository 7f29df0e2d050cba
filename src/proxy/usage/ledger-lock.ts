import { closeSync, openSync, readFileSync, readlinkSync, rmSync, writeSync } from 'node:fs';
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

/**
 * Who holds a lock: the process, its host's name (for people), and what tells a process apart
 * on Linux (from /proc): the boot it runs in, its pid namespace and its start time. With these a
 * holder on this machine is provably gone when its pid is gone, has ended (a zombie not yet
 * reaped), or is another process's now, whatever the host is called today.
 */
interface Holder {
  pid: number;
  host: string;
  boot?: string | undefined;
  pidns?: string | undefined;
  start?: string | undefined;
  /** /etc/machine-id: this machine across boots. */
  machine?: string | undefined;
}

/** Lock files this process holds, so a second ledger in the same process is refused too. */
const held = new Set<string>();

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};
const bootId = () => readText('/proc/sys/kernel/random/boot_id');
const pidNamespace = () => {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
};

/** A process's state letter and start time (clock ticks since boot), from /proc/<pid>/stat. */
function processStat(pid: number): { state: string; start: string } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The name (field 2) is in parentheses and may hold spaces; fields 3… follow the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, start] = [fields[0], fields[19]];
  return state && start ? { state, start } : undefined;
}

function me(): Holder {
  return {
    pid: process.pid,
    host: hostname(),
    boot: bootId(),
    pidns: pidNamespace(),
    start: processStat(process.pid)?.start,
    machine: readText('/etc/machine-id') || undefined,
  };
}

/**
 * One ledger file, one writer: two proxies each enforcing the budget on their own would charge
 * twice the budget between them. The lock is a file beside the ledger naming its process; a
 * lock whose holder is provably gone (`isGone`) is taken over. One that cannot be checked from
 * here (another machine, another container) is refused, naming its host and what to do. Returns
 * the function that lets go of it.
 */
export function lockLedger(
  file: string,
  /** The variable that names the file, for the messages (the evidence store locks its folder too). */
  variable = 'USAGE_LEDGER_PATH',
): () => void {
  const lock = `${file}.lock`;
  const self = me();
  // Two attempts: the second after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, JSON.stringify(self));
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
      const text = readText(lock);
      const holder = parseHolder(text);
      const verdict = holder ? isGone(holder, self, lock) : 'gone';
      if (verdict === 'alive' && holder) {
        throw new LedgerInUseError(
          `${variable} ${file} is in use by another proxy (pid ${holder.pid} on ${holder.host}): a ledger file has one writer. Stop that proxy, or give this one a file of its own; several instances share one budget through REDIS_URL.`,
        );
      }
      if (verdict === 'unknown' && holder) {
        throw new LedgerInUseError(
          `${variable} ${file} is locked by pid ${holder.pid} on ${holder.host}, which cannot be checked from ${self.host}: a ledger file has one writer. If no proxy on ${holder.host} uses this file any more (stopped, its machine or container gone), delete ${lock} and start again; several instances share one budget through REDIS_URL.`,
        );
      }
      // Only the stale lock read above goes: one another process has just taken stays.
      if (readText(lock) === text) rmSync(lock, { force: true });
    }
  }
  throw new LedgerInUseError(`${variable} ${file}: another process took its lock first.`);
}

function parseHolder(text: string | undefined): Holder | undefined {
  if (text === undefined) return undefined;
  try {
    const holder = JSON.parse(text) as Partial<Record<keyof Holder, unknown>>;
    const optional = (value: unknown) => (typeof value === 'string' ? value : undefined);
    if (typeof holder.pid === 'number' && typeof holder.host === 'string')
      return {
        pid: holder.pid,
        host: holder.host,
        boot: optional(holder.boot),
        pidns: optional(holder.pidns),
        start: optional(holder.start),
        machine: optional(holder.machine),
      };
  } catch {
    // Torn: its writer died between creating and writing it.
  }
  return undefined;
}

/**
 * `gone` only on proof: the holder runs in this boot and pid namespace (its host may have been
 * renamed since) and its pid is gone, has ended (a zombie its parent has not reaped yet: kill -9
 * leaves one for a moment) or started at another time (the pid is another process's now); or it
 * ran on this machine, by the same name, in a boot that has ended. `unknown` when it cannot be
 * checked from here.
 */
function isGone(holder: Holder, self: Holder, lock: string): 'gone' | 'alive' | 'unknown' {
  const samePidSpace =
    holder.boot !== undefined
      ? holder.boot === self.boot && holder.pidns === self.pidns
      : holder.host === self.host; // a lock written before these were kept
  if (samePidSpace) {
    if (holder.pid === process.pid && holder.start === self.start) {
      return held.has(lock) ? 'alive' : 'gone';
    }
    const stat = processStat(holder.pid);
    if (stat) {
      if (stat.state === 'Z' || stat.state === 'X') return 'gone';
      if (holder.start !== undefined && stat.start !== holder.start) return 'gone';
      return 'alive';
    }
    // No /proc to read: ask the kernel whether the pid exists at all.
    try {
      process.kill(holder.pid, 0);
      return holder.pid === process.pid ? 'gone' : 'alive';
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM' ? 'alive' : 'gone';
    }
  }
  // This machine (same machine ID, name and pid namespace) restarted since: every process of
  // the holder's boot has ended.
  if (
    holder.boot !== undefined &&
    holder.boot !== self.boot &&
    holder.machine !== undefined &&
    holder.machine === self.machine &&
    holder.host === self.host &&
    holder.pidns === self.pidns
  )
    return 'gone';
  return 'unknown';
}
