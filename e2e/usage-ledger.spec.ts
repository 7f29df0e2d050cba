import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { plural } from '../src/web/lib/format';
import { csvCells, downloaded, workbook } from './files';
import { expect, test } from './fixtures';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { signInAsDemoUser } from './sign-in';
import { startStack, type Running } from './stack';

/**
 * Usage exported equals the data service's meter (issue 22, "Done when"). The run's shared
 * stacks are charged by every journey at once, so this journey starts a stack of its own (its
 * own emulator and proxy on free loopback ports): nothing else charges its meter. `demo` is its
 * admin (AUTH_ADMIN_CLAIM=sub), so the usage page lists everyone's charges, a colleague's too.
 */
let stack: Running;
// The second journey adds hundreds of charges to the same private meter: it runs after the first.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack(
    'documented',
    { id: 'e2e-private', secret: randomBytes(18).toString('base64url') },
    // The second journey's script makes 501 calls in well under a minute.
    { AUTH_ADMIN_CLAIM: 'sub', AUTH_ADMIN_VALUE: 'demo', RATE_LIMIT_PER_MINUTE: '2000' },
  );
});

test.afterAll(async () => {
  await stack.stop();
});

interface Meter {
  period_start: string;
  users: number;
  user_ids: string[];
  dataset_ids: number[];
  indicator_ids: number[];
}

const meter = async (): Promise<Meter> =>
  (await (await fetch(`${stack.emulatorUrl}/_emulator/ledger`)).json()) as Meter;

/** Signs in as `username` in a browser of its own, opens `path` and says yes to its bill. */
async function chargeAs(browser: Browser, username: string, path: string, loaded: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  await signInAsDemoUser(page, username);
  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(
    page
      .getByRole('table', { name: loaded })
      .getByLabel(/exactly/)
      .first(),
  ).toBeVisible();
  return { page, close: () => context.close() };
}

/** The export's rows as `kind id status`, one string a thing the bill lists, sorted. */
function items(sheet: readonly (readonly (string | number | null)[])[]): string[] {
  const [header = [], ...rows] = sheet;
  const at = (name: string) => header.indexOf(name);
  return rows
    .map((row) =>
      [row[at('kind')], row[at('id')] ?? '', row[at('status')]]
        .map((cell) => String(cell ?? ''))
        .join(' '),
    )
    .sort();
}

/** The meter's count as the same strings: each dataset, indicator and user charged once. */
function metered(counted: Meter): string[] {
  return [
    ...counted.dataset_ids.map((id) => `dataset ${String(id)} charged`),
    ...counted.indicator_ids.map((id) => `indicator ${String(id)} charged`),
    ...counted.user_ids.map(() => 'user  charged'),
  ].sort();
}

test('usage exported as CSV and XLSX equals the data service’s meter: every item once, nothing more', async ({
  browser,
}) => {
  test.slow(); // Three sign-ins in browsers of their own, three charged loads.
  // A colleague's charge, then the admin's: a dataset page and a comparison that adds to it.
  const colleague = await chargeAs(
    browser,
    'maria',
    '/3.12/cutoff/datasets/7773?ind=964',
    'Impact scores',
  );
  await colleague.close();
  const admin = await chargeAs(
    browser,
    'demo',
    '/3.12/cutoff/datasets/8279?ind=882,964',
    'Impact scores',
  );
  const { page } = admin;
  await page.goto(`${stack.url}/3.12/cutoff/compare?ds=8279,2989&ind=882,964`);
  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Comparison' })
      .getByLabel(/exactly/)
      .first(),
  ).toBeVisible();

  await page.goto(`${stack.url}/usage`);
  await expect(page.getByText(/As an admin you see everyone’s requests/)).toBeVisible();
  const charges = page.getByRole('table', { name: 'Charges this period' });
  // Three calls charged something: the header row and one a call.
  await expect(charges.getByRole('row')).toHaveCount(4);
  const counted = await meter();
  expect(counted.user_ids).toHaveLength(2);
  expect(counted.dataset_ids).toEqual([2989, 7773, 8279]);

  const xlsx = await workbook(await downloaded(page, 'Export XLSX'));
  const csv = await csvCells(await downloaded(page, 'Export CSV'));
  // The export, every sheet of it read back, is the meter's count: no item left out, none twice.
  expect(items(xlsx.get('Charges') ?? [])).toEqual(metered(counted));
  expect(items(csv)).toEqual(metered(counted));
  // Of the same period as the meter's.
  const query = new Map((xlsx.get('Query') ?? []).map(([label, value]) => [label, value]));
  const day = counted.period_start.slice(0, 10);
  expect(String(query.get('Period start')) <= day).toBe(true);
  expect(String(query.get('Period end')) >= day).toBe(true);
  expect(query.get('Datasets charged this period (everyone)')).toBe(counted.dataset_ids.length);
  expect(query.get('Indicators charged this period (everyone)')).toBe(counted.indicator_ids.length);
  expect(query.get('Users this period')).toBe(counted.users);
  await admin.close();
});

test('past 500 charges the usage page says it lists the newest 500 of how many, not fewer as if all', async ({
  page,
}) => {
  test.slow(); // 501 scored calls, as a script on the team's licence would make them.
  const { access_token: token } = await signInWithCode({
    emulatorOrigin: stack.emulatorUrl,
    redirectOrigin: stack.url,
    username: 'demo', // the admin: its usage counts everyone's charges, as the page shows them
  });
  const api = async (path: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<unknown>;
  };
  // Datasets of 3.12 from its end, which the first journey did not charge.
  const { DataStore } = await import('../src/emulator/data/store');
  const ids = (DataStore.forScale(1).view('3.12', 'cutoff')?.datasets ?? [])
    .slice(-600)
    .map((dataset) => dataset.id);
  const chargedBefore = ((await api('/api/usage')) as { charged: { datasets: number[] } }).charged
    .datasets;
  const fresh = ids.filter((id) => !chargedBefore.includes(id)).slice(0, 501);
  expect(fresh).toHaveLength(501);
  for (let at = 0; at < fresh.length; at += 8)
    await Promise.all(
      fresh
        .slice(at, at + 8)
        .map((id) =>
          api(`/api/datasets/${String(id)}?version=3.12&system_model=cutoff&indicator_ids=964`),
        ),
    );
  // The newest charge adds 20 indicators: its row names twelve and offers the rest.
  const { indicators } = (await api('/api/indicators?version=3.12&system_model=cutoff')) as {
    indicators: { id: number }[];
  };
  const { charged } = (await api('/api/usage')) as { charged: { indicators: number[] } };
  const twenty = indicators
    .map((indicator) => indicator.id)
    .filter((id) => !charged.indicators.includes(id))
    .slice(0, 20);
  const last = ids.filter((id) => !fresh.includes(id) && !chargedBefore.includes(id))[0];
  await api(
    `/api/datasets/${String(last)}?version=3.12&system_model=cutoff&indicator_ids=${twenty.join(',')}`,
  );
  const { charges_total: total } = (await api('/api/usage')) as { charges_total: number };
  expect(total).toBeGreaterThan(500);

  await page.goto(`${stack.url}/usage`);
  await signInAsDemoUser(page);
  await expect(
    page.getByText(
      `Listed: the newest 500 of ${plural(total, 'request')} this period. The totals above count all of them`,
    ),
  ).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Charges this period' })
    .getByRole('row')
    .filter({ hasText: '20 indicators:' });
  // Named in ascending order, each after ": " or "; ".
  const named = (id: number | undefined) => new RegExp(`[:;] ${String(id)} `);
  const highest = Math.max(...twenty);
  await expect(row).not.toContainText(named(highest));
  await row.getByRole('button', { name: 'and 8 more' }).click();
  for (const id of twenty) await expect(row).toContainText(named(id));
});
