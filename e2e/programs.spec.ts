import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { userIdFor } from '../src/proxy/auth/user-auth';
import { expect, test } from './fixtures';
import { datasetIds } from './proxy-api';
import { signInAsDemoUser } from './sign-in';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npx lci-explorer` as a practitioner runs it in the repository, with a config folder of its
 * own; `onError` sees stderr as it arrives (the sign-in code is read from it).
 */
function cli(
  args: string[],
  options: { home: string; onStderr?: (text: string) => void; env?: NodeJS.ProcessEnv },
) {
  const child = spawn('npx', ['lci-explorer', ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: options.home, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    options.onStderr?.(stderr);
  });
  return new Promise<Run>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** A snippet as copied, run by Debian's bash or python3, the user's token in the environment. */
function runSnippet(program: 'bash' | 'python3', code: string, token: string) {
  const child = spawn(program, ['-c', code], {
    env: { PATH: process.env.PATH ?? '', LCI_EXPLORER_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<Run>((resolve) =>
    child.on('close', (status) => resolve({ code: status, stdout, stderr })),
  );
}

test('a program signs in by device code, fetches scores from the CLI, Python and curl, charged to its user', async ({
  page,
  baseURL,
  emulatorUrl,
}) => {
  // Three sign-ins, four processes of Node or Python and a device code polled every 5 s (the
  // RFC's default interval): about three times a browser journey's longest steps.
  test.slow();
  const home = mkdtempSync(path.join(tmpdir(), 'e2e-cli-'));
  const url = baseURL ?? '';
  // Datasets and an indicator no other journey scores (CML's ADP elements, 990): the charges
  // found below are this journey's, and the bill it is told is exactly its own.
  const indicator = '990';
  const [a, b, c] = await datasetIds('cement');
  if (a === undefined || b === undefined || c === undefined)
    throw new Error('the demo release lacks three cement datasets');

  // 1. Sign in from the terminal; approve in the browser as the user would.
  let shown: (value: { address: string; code: string }) => void = () => undefined;
  const instructions = new Promise<{ address: string; code: string }>(
    (resolve) => (shown = resolve),
  );
  const login = cli(['login', '--url', url], {
    home,
    onStderr: (text) => {
      const match = /open (\S+) in a browser and enter the code ([A-Z]{4}-[A-Z]{4})/.exec(text);
      if (match?.[1] && match[2]) shown({ address: match[1], code: match[2] });
    },
  });
  const { address, code } = await instructions;
  expect(address).toBe(`${emulatorUrl}/realms/explorer/device`);
  await page.goto(address);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Give a program access?' })).toBeVisible();
  await expect(page.getByLabel('Code')).toHaveText(code);
  await page.getByRole('button', { name: 'Allow' }).click();
  await signInAsDemoUser(page, 'devon');
  await expect(page.getByRole('heading', { name: 'Program signed in' })).toBeVisible();
  const signedIn = await login;
  expect(signedIn.stderr).toContain(`Signed in at ${url} as devon.`);
  expect(signedIn.code).toBe(0);

  // 2. The CLI fetches scores, saying first what they add to the bill.
  const scores = await cli(
    [
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids',
      `${a},${b}`,
      '--indicators',
      indicator,
      '--yes',
    ],
    { home },
  );
  expect(scores.code).toBe(0);
  expect(scores.stderr).toContain(
    "This adds to this period's bill: 2 new datasets, 1 new indicator and you as a user.",
  );
  const rows = scores.stdout.trim().split('\n').slice(1);
  expect(rows.map((row) => row.split(',')[2])).toEqual([String(a), String(b)]);

  // 3. "Copy as code" on the dataset page, signed in as the same user, run as copied.
  await page.goto(`/3.12/cutoff/datasets/${c}?ind=${indicator}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Copy as code' }).click();
  const dialog = page.getByRole('dialog', { name: 'This view as code' });
  await dialog.getByRole('tab', { name: 'Python' }).click();
  const python = (await dialog.getByLabel('Python code').textContent()) ?? '';
  await dialog.getByRole('tab', { name: 'curl' }).click();
  const curl = (await dialog.getByLabel('curl code').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const token = (await cli(['token'], { home })).stdout.trim();
  // The Python code prices the view again before it loads anything, and says the bill.
  const fromPython = await runSnippet('python3', python, token);
  expect(fromPython.stderr).toBe("This adds to this period's bill: 1 new dataset\n");
  // curl writes the price answer to stderr first, the scores to stdout.
  const fromCurl = await runSnippet('bash', curl, token);
  expect(fromCurl.stderr).toContain('"adds"');
  const answer = JSON.parse(fromPython.stdout) as {
    id: number;
    impact_scores: { id: number; score: number }[];
  };
  expect(answer).toMatchObject({ id: c, impact_scores: [{ id: Number(indicator) }] });
  expect(JSON.parse(fromCurl.stdout)).toEqual(answer);

  // 4. The usage page itemises all of it as the user's; the data service's meter has the user.
  // Read afresh: the charges were made outside this tab, after it last read the usage.
  await page.goto('/usage');
  const charges = page.getByRole('table', { name: 'Charges this period' });
  const mine = (id: number) => charges.getByRole('row').filter({ hasText: String(id) });
  await expect(mine(a).first()).toContainText('You');
  await expect(mine(c).first()).toContainText('You');
  const meter = (await (await fetch(`${emulatorUrl}/_emulator/ledger`)).json()) as {
    user_ids: string[];
    dataset_ids: number[];
  };
  expect(meter.user_ids).toContain(userIdFor(`${emulatorUrl}/realms/explorer`, 'devon'));
  expect(meter.dataset_ids).toEqual(expect.arrayContaining([a, b, c]));

  // 5. Signing out gives the sign-in back, and the CLI is signed out.
  expect((await cli(['logout'], { home })).code).toBe(0);
  expect((await cli(['usage', '--url', url], { home })).stderr).toContain(
    `not signed in at ${url}`,
  );
});
