import type { Page } from '@playwright/test';
import { normaliseName } from '../src/shared/matching/names';
import { sharePercent } from '../src/shared/matching/words';
import { signInWithCode } from '../src/emulator/testing/sign-in-flow';
import { expect, test } from './fixtures';
import { groundTruth, keyOf, reportKey, singleWays, type ReportKey } from './ground-truth';
import { signInAsDemoUser } from './sign-in';

/**
 * A Dataset ID or ecoSpold file name of an older release opened in 3.12, which lacks it: the
 * page says what it became, each kind found from what the emulator itself did (its ground truth
 * and its records at the journeys' scale, that of `npm start`), never from hard-coded IDs.
 */

async function releases() {
  const { DataStore } = await import('../src/emulator/data/store');
  const store = DataStore.forScale(1);
  const [v310, v311, v312] = ['3.10', '3.11', '3.12'].map((version) =>
    store.view(version, 'cutoff'),
  );
  if (!v310 || !v311 || !v312) throw new Error('the emulator lacks a release of cutoff');
  return { v310, v311, v312 };
}

interface Report {
  replace: { source: ReportKey; target: ReportKey }[];
  disaggregate: { source: ReportKey; targets: (ReportKey & { allocation: number })[] }[];
}

/** The change report the emulator publishes between two releases of cutoff. */
async function report(emulatorUrl: string, from: string, to: string): Promise<Report> {
  const name = `ecoinvent-${from}-cutoff-ecoinvent-${to}-cutoff`;
  const response = await fetch(`${emulatorUrl}/change-reports/${name}.json`);
  expect(response.ok, name).toBe(true);
  return (await response.json()) as Report;
}

/** The dataset page of an ID 3.12 lacks: its heading first, then what it became once read. */
async function openLacking(page: Page, id: number, from: string) {
  await page.goto(`/3.12/cutoff/datasets/${id}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Dataset ${id} is not in 3.12 · cutoff` }),
  ).toBeVisible();
  // The first time, the proxy reads the releases between (free), and the page says how far.
  await expect(page.getByRole('heading', { level: 2, name: 'What it became in 3.12' })).toBeVisible(
    { timeout: 60_000 },
  );
  await expect(page.getByText(`In ${from} it is Dataset ${id}:`)).toBeVisible();
}

/** A table's rows as their cells' text. */
const rowsOf = async (page: Page, name: string) => {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  const texts: string[][] = [];
  for (const row of (await rows.all()).slice(1))
    texts.push(await row.getByRole('cell').allTextContents());
  return texts;
};

test('an old split ID in 3.12: its successors with their shares and the change report, one followed; its file name looked up the same', async ({
  page,
  emulatorUrl,
}) => {
  test.slow(); // The first visit may read three whole releases (free calls).
  const { v310, v311, v312 } = await releases();
  // A dataset of 3.10 the emulator split in 3.11 as its change report tells, neither release
  // after keeping its ID, each part of it kept under its own ID in 3.12.
  const told = new Map(
    (await report(emulatorUrl, '3.10', '3.11')).disaggregate.map((entry) => [
      reportKey(entry.source),
      new Map(entry.targets.map((target) => [reportKey(target), target.allocation])),
    ]),
  );
  const kept = new Set(
    singleWays(await groundTruth(emulatorUrl, '3.11', '3.12'))
      .filter((row) => row.from_id === row.to_id && ['persisted', 'updated'].includes(row.kind))
      .map((row) => row.from_id),
  );
  const parts = new Map<number, number[]>();
  for (const row of await groundTruth(emulatorUrl, '3.10', '3.11'))
    if (row.kind === 'split' && row.from_id !== null && row.to_id !== null)
      parts.set(row.from_id, [...(parts.get(row.from_id) ?? []), row.to_id]);
  const [id, successors] =
    [...parts].find(([source, targets]) => {
      const record = v310.byId.get(source);
      return (
        record !== undefined &&
        told.has(keyOf(record)) &&
        !v311.byId.has(source) &&
        !v312.byId.has(source) &&
        targets.length > 1 &&
        targets.every((target) => kept.has(target))
      );
    }) ?? [];
  const source = v310.byId.get(id ?? 0);
  if (id === undefined || !successors || !source)
    throw new Error('the emulator split no such dataset');
  const allocations = told.get(keyOf(source));
  const expected = successors
    .map((target) => {
      const record = v311.byId.get(target);
      const share = record ? allocations?.get(keyOf(record)) : undefined;
      if (!record || share === undefined) throw new Error(`the report does not name ${target}`);
      return [String(target), `${sharePercent(share)} %`];
    })
    .sort((a, b) => Number(a[0]) - Number(b[0]));

  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await openLacking(page, id, '3.10');
  await expect(page.getByText('split', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Source: /)).toContainText('ecoinvent change report 3.10 → 3.11');
  const table = `What Dataset ${id} of 3.10 became in 3.12`;
  const rows = (await rowsOf(page, table)).map((cells) => [cells[0], cells[3]]);
  expect(rows.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(expected);

  // Its history, from the release it comes from.
  await expect(page.getByRole('link', { name: `Dataset ${id} across releases` })).toHaveAttribute(
    'href',
    new RegExp(`^/3\\.10/cutoff/datasets/${id}/history`),
  );

  // Its ecoSpold file name, typed in the header's lookup box, is followed the same way.
  const file = `${source.activityUuid}_${source.productUuid}.spold`;
  const box = page
    .getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' })
    .first();
  await box.fill(file);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'No dataset found' })).toBeVisible();
  expect(
    (await rowsOf(page, table))
      .map((cells) => [cells[0], cells[3]])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
  ).toEqual(expected);
  await expect(page.getByRole('link', { name: '3.10 · cutoff' })).toHaveAttribute(
    'href',
    new RegExp(`^/3\\.10/cutoff/lookup/${file}`),
  );

  // One part followed to its page in 3.12.
  const [first] = expected;
  const part = v312.byId.get(Number(first?.[0]));
  if (!first?.[0] || !part) throw new Error('no part');
  await page.getByRole('table', { name: table }).getByRole('link', { name: first[0] }).click();
  await expect(page).toHaveURL(new RegExp(`/3\\.12/cutoff/datasets/${first[0]}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: part.activity })).toBeVisible();
});

/** What the upgrade check says of IDs of 3.11 in 3.12, as the demo user asks it (free). */
async function checked(ids: number[]): Promise<Map<number, string>> {
  const base = process.env.E2E_BASE_URL ?? '';
  const { access_token: token } = await signInWithCode({
    emulatorOrigin: process.env.E2E_EMULATOR_URL ?? '',
    redirectOrigin: base,
  });
  for (;;) {
    const response = await fetch(
      `${base}/api/upgrade-check?version=3.12&system_model=cutoff&from=3.11`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          entries: ids.map((id, i) => ({ line: i + 1, kind: 'id', id })),
        }),
      },
    );
    const body = (await response.json()) as {
      status: string;
      results?: { source: { id: number } | null; verdict: string }[];
    };
    if (body.status === 'ready')
      return new Map((body.results ?? []).map((r) => [r.source?.id ?? 0, r.verdict]));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test('old IDs moved, merged, removed and without a certain successor, each said as such in 3.12', async ({
  page,
  emulatorUrl,
}) => {
  test.slow(); // Four pages, the first of which may read whole releases.
  const { v311, v312 } = await releases();
  const truth = await groundTruth(emulatorUrl, '3.11', '3.12');
  const lacking = (row: { from_id: number | null }) =>
    row.from_id !== null && !v312.byId.has(row.from_id);
  const replaced = new Set(
    (await report(emulatorUrl, '3.11', '3.12')).replace.map(
      (entry) => `${reportKey(entry.source)} > ${reportKey(entry.target)}`,
    ),
  );
  const toldOf = (row: { from_id: number | null; to_id: number | null }) => {
    const from = v311.byId.get(row.from_id ?? 0);
    const to = v312.byId.get(row.to_id ?? 0);
    return from !== undefined && to !== undefined && replaced.has(`${keyOf(from)} > ${keyOf(to)}`);
  };
  // Moved to another geography under a new ID, as the report tells.
  const moved = singleWays(truth).find(
    (row) => row.kind === 'moved' && lacking(row) && toldOf(row),
  );
  // One of several datasets that became one, as the report tells.
  const merged = truth.find((row) => row.kind === 'merged' && lacking(row) && toldOf(row));
  // Removed: nothing became of it. Where 3.12 has its activity and product in another geography,
  // that one is a candidate, so it cannot be "removed"; where nothing near is left, it is.
  const gone = singleWays(truth).filter((row) => row.kind === 'removed' && lacking(row));
  const nearOnes = (id: number) => {
    const record = v311.byId.get(id);
    if (!record) return [];
    return v312.datasets.filter(
      (other) =>
        normaliseName(other.activity) === normaliseName(record.activity) &&
        normaliseName(other.product) === normaliseName(record.product),
    );
  };
  const uncertain = gone.find((row) => nearOnes(row.from_id ?? 0).length > 0);
  const verdicts = await checked(gone.map((row) => row.from_id ?? 0));
  const removed = gone.find((row) => verdicts.get(row.from_id ?? 0) === 'removed');
  if (!moved || !merged || !uncertain || !removed)
    throw new Error('the emulator recorded no such change');

  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);

  for (const [row, word] of [
    [moved, 'moved'],
    [merged, 'merged'],
  ] as const) {
    const id = row.from_id ?? 0;
    await openLacking(page, id, '3.11');
    await expect(page.getByText(word, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Source: /)).toContainText('ecoinvent change report 3.11 → 3.12');
    const rows = await rowsOf(page, `What Dataset ${id} of 3.11 became in 3.12`);
    expect(rows.map((cells) => [cells[0], cells[3]])).toEqual([[String(row.to_id), 'whole']]);
  }
  // The merge's successor followed to its page.
  await page
    .getByRole('table', { name: `What Dataset ${merged.from_id ?? 0} of 3.11 became in 3.12` })
    .getByRole('link', { name: String(merged.to_id) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/3\\.12/cutoff/datasets/${merged.to_id ?? 0}(\\?|$)`));
  await expect(
    page.getByRole('heading', { level: 1, name: v312.byId.get(merged.to_id ?? 0)?.activity ?? '' }),
  ).toBeVisible();

  await openLacking(page, removed.from_id ?? 0, '3.11');
  await expect(page.getByText('removed', { exact: true })).toBeVisible();
  await expect(page.getByText('No dataset of 3.12 is near it.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '3.11 · cutoff' })).toBeVisible();

  // Without a certain successor: the datasets of its activity and product elsewhere are among
  // its candidates, and one is followed to its page.
  const id = uncertain.from_id ?? 0;
  const near = new Map(nearOnes(id).map((record) => [String(record.id), record]));
  await openLacking(page, id, '3.11');
  await expect(page.getByText('no certain successor', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Source: /)).toContainText('candidates inferred from documentation');
  const listed = (await rowsOf(page, 'Candidates in 3.12, nearest first')).map((cells) => cells[0]);
  const candidate = near.get(listed.find((listedId) => near.has(listedId ?? '')) ?? '');
  if (!candidate) throw new Error(`none of ${[...near.keys()].join(', ')} is a candidate`);
  await page
    .getByRole('table', { name: 'Candidates in 3.12, nearest first' })
    .getByRole('link', { name: String(candidate.id), exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/3\\.12/cutoff/datasets/${candidate.id}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: candidate.activity })).toBeVisible();
});
