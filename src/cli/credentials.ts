import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { CliError } from './errors';

/** One sign-in: at which explorer, with which identity provider, and its tokens. */
const SessionSchema = z.object({
  issuer: z.url(),
  clientId: z.string().min(1),
  tokenEndpoint: z.url(),
  revocationEndpoint: z.url().optional(),
  /** Who signed in, for messages (the token's `preferred_username` or `sub`). */
  user: z.string(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
  /** When the access token expires, in ms since the epoch. */
  expiresAt: z.number(),
});
export type Session = z.infer<typeof SessionSchema>;

const FileSchema = z.object({
  /** The explorer signed in to last: the one used when no --url says otherwise. */
  last: z.string().optional(),
  /** By the explorer's base URL. */
  sessions: z.record(z.string(), SessionSchema),
});
type CredentialsFile = z.infer<typeof FileSchema>;

/** `$XDG_CONFIG_HOME/lci-explorer`, or `~/.config/lci-explorer` as the XDG spec defaults it. */
export function configDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME;
  // The spec ignores a relative value.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.config');
  return path.join(base, 'lci-explorer');
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock file older than this was left by a process that died; it is taken over. */
const STALE_LOCK_MS = 60_000;
const LOCK_WAIT_MS = 30_000;

/**
 * The tokens on disk: one file only its owner can read (0600, in a 0700 folder), written whole
 * or not at all, never shown. Refresh tokens rotate at every use, so two programs refreshing
 * at once would lose the sign-in: `withLock` lets one refresh while the other waits and then
 * reads what it wrote.
 */
export class CredentialStore {
  constructor(readonly dir: string) {}

  get file() {
    return path.join(this.dir, 'credentials.json');
  }

  async read(): Promise<CredentialsFile> {
    let text: string;
    try {
      const info = await stat(this.file);
      if ((info.mode & 0o077) !== 0) {
        throw new CliError(
          `${this.file} can be read by others: run \`chmod 600 ${this.file}\` or sign in again after deleting it`,
        );
      }
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return { sessions: {} };
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = FileSchema.safeParse(json);
    if (!parsed.success)
      throw new CliError(
        `${this.file} is not a credentials file this tool wrote: delete it and sign in again`,
      );
    return parsed.data;
  }

  async write(content: CredentialsFile): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.file);
  }

  async session(url: string): Promise<Session | undefined> {
    return (await this.read()).sessions[url];
  }

  async saveSession(url: string, session: Session): Promise<void> {
    const content = await this.read();
    await this.write({ last: url, sessions: { ...content.sessions, [url]: session } });
  }

  /** Forgets the sign-in at `url`; the file goes when no sign-in is left. */
  async removeSession(url: string): Promise<void> {
    const content = await this.read();
    const rest = Object.fromEntries(
      Object.entries(content.sessions).filter(([key]) => key !== url),
    );
    if (Object.keys(rest).length === 0) {
      await rm(this.file, { force: true });
      return;
    }
    await this.write({ ...(content.last === url ? {} : { last: content.last }), sessions: rest });
  }

  async withLock<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const lock = path.join(this.dir, 'credentials.lock');
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        await (await open(lock, 'wx', 0o600)).close();
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const age = await stat(lock).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (age > STALE_LOCK_MS) await rm(lock, { force: true });
        else if (Date.now() > deadline)
          throw new CliError(`another lci-explorer is renewing the sign-in (${lock}); try again`);
        else await sleep(100);
      }
    }
    try {
      return await work();
    } finally {
      await rm(lock, { force: true });
    }
  }
}
