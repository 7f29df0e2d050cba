import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { approveDevice } from '../../emulator/testing/device-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import {
  emulatorChangeReports,
  proxyOnEmulator,
  TEST_CLIENT,
  type StartedEmulator,
} from '../../proxy/testing/emulator-proxy';

const BIN = path.resolve('src/cli/bin.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  input?: string;
  env?: Record<string, string>;
}

/**
 * The command line as a person runs it, for a test file: a process of its own (no terminal
 * attached, as in a script) against a real proxy and emulator, the demo's change reports loaded
 * as `npm start` loads them, in a home folder of the file's own. Everything it prints is kept
 * (but `token`'s answer): no token read from its credentials may be in it, which `afterAll`
 * checks for every file and `cli.test.ts` asserts. It lives here, where the parts are put
 * together, because src/cli may import neither the proxy nor the emulator.
 */
export function useCli(session: { signedInAs?: string } = {}) {
  let emulator: StartedEmulator | undefined;
  let close = async () => undefined as unknown;
  let url = '';
  let home = '';
  let transcript = '';
  const tokensSeen = new Set<string>();
  const theEmulator = () => {
    if (!emulator) throw new Error('the emulator did not start');
    return emulator;
  };

  function start(args: string[], options: RunOptions = {}) {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        XDG_CONFIG_HOME: path.join(home, 'config'),
        LCI_EXPLORER_URL: url,
        ...options.env,
      },
      // A session of its own has no controlling terminal: nobody to ask, as in a cron job.
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(options.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const done = new Promise<Run>((resolve) =>
      child.on('close', (code) => {
        if (args[0] !== 'token') transcript += stdout;
        transcript += stderr;
        resolve({ code, stdout, stderr });
      }),
    );
    return { child, done, stderr: () => stderr };
  }

  /** The device code `login` shows, once it does. */
  const codeShown = (login: ReturnType<typeof start>) =>
    // The code is shown at once; the wait allows for a busy machine starting Node and tsx.
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no code shown: ${login.stderr()}`)), 15_000);
      const look = setInterval(() => {
        const found = /enter the code ([A-Z]{4}-[A-Z]{4})/.exec(login.stderr())?.[1];
        if (found) {
          clearInterval(look);
          clearTimeout(timer);
          resolve(found);
        }
      }, 50);
    });

  const credentialsFile = () => path.join(home, 'config', 'lci-explorer', 'credentials.json');
  const credentials = async () => {
    const file = JSON.parse(await readFile(credentialsFile(), 'utf8')) as {
      sessions: Record<string, { accessToken: string; refreshToken: string; expiresAt: number }>;
    };
    const session = file.sessions[url];
    if (!session) throw new Error('no session stored for the proxy');
    tokensSeen.add(session.accessToken).add(session.refreshToken);
    return { file, session };
  };

  beforeAll(async () => {
    const started = await startTestEmulator({ ...TEST_CLIENT });
    emulator = started;
    // The demo's change reports, as `npm start` gives them: splits are named with their shares.
    const reports = await emulatorChangeReports(started);
    const proxy = await proxyOnEmulator(started, reports.env);
    close = async () => {
      await proxy.app.close();
      await started.close();
      await reports.remove();
    };
    await proxy.app.listen({ host: '127.0.0.1', port: 0 });
    const address = proxy.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    home = await mkdtemp(path.join(tmpdir(), 'lci-cli-'));
    if (session.signedInAs) {
      const login = start(['login']);
      await approveDevice({
        emulatorOrigin: started.origin,
        userCode: await codeShown(login),
        username: session.signedInAs,
      });
      const { code, stderr } = await login.done;
      if (code !== 0) throw new Error(`the sign-in failed: ${stderr}`);
      await credentials();
    }
  });
  afterAll(async () => {
    await close();
    const printed = [...tokensSeen].filter((token) => transcript.includes(token));
    if (printed.length > 0) throw new Error('the command line printed a token');
  });

  return {
    start,
    cli: (args: string[], options: RunOptions = {}) => start(args, options).done,
    codeShown,
    credentialsFile,
    credentials,
    /** The proxy's address, as `LCI_EXPLORER_URL` gives it. */
    url: () => url,
    /** The file's home folder. */
    home: () => home,
    emulator: theEmulator,
    /** Everything printed so far, but `token`'s answers, and the tokens read from credentials. */
    transcript: () => transcript,
    tokensSeen: (): ReadonlySet<string> => tokensSeen,
    meter: async () =>
      (await (await fetch(`${theEmulator().origin}/_emulator/ledger`)).json()) as {
        user_ids: string[];
        dataset_ids: number[];
        indicator_ids: number[];
      },
    realmRefresh: (refreshToken: string) =>
      fetch(`${theEmulator().origin}/realms/explorer/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'lci-explorer-cli',
        }),
      }),
    /** The proxy's API as the signed-in user, with the token the command line keeps. */
    asUser: async (pathAndQuery: string, init: RequestInit = {}) => {
      const { session } = await credentials();
      return fetch(`${url}${pathAndQuery}`, {
        ...init,
        headers: {
          authorization: `Bearer ${session.accessToken}`,
          'content-type': 'application/json',
        },
      });
    },
  };
}
