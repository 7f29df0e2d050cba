import { openSync, closeSync, readSync, writeSync } from 'node:fs';

/**
 * Where the command line talks: answers on stdout (so they can be piped), everything said to the
 * person on stderr (progress, the bill, warnings), questions on the terminal itself, so they are
 * asked even when the IDs come in on stdin.
 */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  /** One line for the person. */
  say(message: string): void;
  /** Progress of long work, overwritten in place on a terminal, every tenth otherwise. */
  progress(label: string, done: number, total: number): void;
  /** A yes/no question on the terminal; undefined when there is none to ask on. */
  confirm(question: string): boolean | undefined;
  /** Whether stdin is a terminal (nothing piped in). */
  stdinIsTerminal: boolean;
  readStdin(): Promise<string>;
}

export function processIo(): Io {
  const stderr = process.stderr;
  let lastTenth = -1;
  let overwriting = false;
  const endLine = () => {
    if (overwriting) stderr.write('\n');
    overwriting = false;
  };
  return {
    stdout: process.stdout,
    say(message) {
      endLine();
      stderr.write(`${message}\n`);
    },
    progress(label, done, total) {
      const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
      const line = `${label}: ${done} of ${total} (${percent} %)`;
      if (stderr.isTTY) {
        stderr.write(`\r${line}\x1b[K`);
        overwriting = true;
        if (done >= total) endLine();
        return;
      }
      const tenth = Math.floor(percent / 10);
      if (tenth !== lastTenth || done >= total) stderr.write(`${line}\n`);
      lastTenth = done >= total ? -1 : tenth;
    },
    confirm(question) {
      endLine();
      let fd: number;
      try {
        fd = openSync('/dev/tty', 'r+');
      } catch {
        return undefined;
      }
      try {
        writeSync(fd, `${question} [y/N] `);
        const buffer = Buffer.alloc(256);
        const read = readSync(fd, buffer, 0, buffer.length, null);
        return /^\s*y(es)?\s*$/i.test(buffer.subarray(0, read).toString());
      } finally {
        closeSync(fd);
      }
    },
    stdinIsTerminal: process.stdin.isTTY,
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
