import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerInUseError, lockLedger } from './ledger-lock';

// The ledger file's lock is taken over when its holder is provably gone, and otherwise refused
// with a message that says whose it is and what to do.
const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'ledger-lock-')), 'usage.jsonl');
const released: (() => void)[] = [];
afterEach(() => {
  for (const release of released.splice(0)) release();
});
const take = (file: string) => {
  const release = lockLedger(file);
  released.push(release);
  return release;
};

const stateOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
};
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
/** What this process's lock says of where it runs: the same boot and pid namespace. */
const here = () => ({
  boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  pidns: readlinkSync('/proc/self/ns/pid'),
});
const writeLock = (file: string, holder: Record<string, unknown>) =>
  writeFileSync(`${file}.lock`, JSON.stringify(holder));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the ledger file’s lock', () => {
  it('is taken over at once after its holder was killed, before the holder is reaped', async () => {
    const file = tempFile();
    // The writer's parent is `sleep`, which never reaps it: killed, it stays a zombie, as a
    // proxy killed with -9 does until its supervisor waits for it.
    const parent = spawn(
      'sh',
      [
        '-c',
        `"${process.execPath}" --import tsx "${path.join(import.meta.dirname, '../testing/ledger-writer.ts')}" "${file}" & exec sleep 60`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const lines = createInterface({ input: parent.stdout });
      await new Promise<void>((resolve) => lines.once('line', () => resolve()));
      const holder = JSON.parse(readFileSync(`${file}.lock`, 'utf8')) as { pid: number };
      process.kill(holder.pid, 'SIGKILL');
      for (let i = 0; i < 100 && stateOf(holder.pid) !== 'Z'; i++) await sleep(20);
      expect(stateOf(holder.pid)).toBe('Z');
      expect(() => take(file)).not.toThrow();
    } finally {
      parent.kill('SIGKILL');
    }
  }, 30_000);

  it('is taken over when its pid is another process’s now, and refused while it is its', () => {
    const file = tempFile();
    // The test's own parent is alive: a lock naming it with another start time is a pid reused.
    const pid = process.ppid;
    writeLock(file, { pid, host: hostname(), ...here(), start: '1' });
    expect(() => take(file)).not.toThrow();
    released.pop()?.();

    writeLock(file, { pid, host: hostname(), ...here(), start: startOf(pid) });
    expect(() => take(file)).toThrow(LedgerInUseError);
    expect(() => take(file)).toThrow(
      `is in use by another proxy (pid ${pid} on ${hostname()}): a ledger file has one writer. Stop that proxy, or give this one a file of its own; several instances share one budget through REDIS_URL.`,
    );
  });

  it('is taken over after the host was renamed, when its pid is gone', () => {
    const file = tempFile();
    // A pid nothing has: above any the kernel hands out here.
    const gone = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')) + 1;
    writeLock(file, { pid: gone, host: 'the-old-name', ...here(), start: '12345' });
    expect(() => take(file)).not.toThrow();
  });

  it('is refused when it is another host’s, naming the host and what to do', () => {
    const file = tempFile();
    writeLock(file, {
      pid: 4242,
      host: 'ledger-host-b',
      boot: '00000000-0000-0000-0000-000000000000',
      pidns: 'pid:[1]',
      start: '99',
    });
    const attempt = () => take(file);
    expect(attempt).toThrow(LedgerInUseError);
    expect(attempt).toThrow(
      `is locked by pid 4242 on ledger-host-b, which cannot be checked from ${hostname()}: a ledger file has one writer. If no proxy on ledger-host-b uses this file any more (stopped, its machine or container gone), delete ${file}.lock and start again; several instances share one budget through REDIS_URL.`,
    );
    expect(attempt).not.toThrow(/not built yet/);
  });
});
