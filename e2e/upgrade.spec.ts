import { readFileSync } from 'node:fs';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  changeReport,
  groundTruth,
  keyOf,
  reportKey,
  singleWays,
  type TruthRow,
} from './ground-truth';
import { pickIndicators } from './pickers';
import { signInAsDemoUser } from './sign-in';

/** The indicators of a scored batch call; none for anything else. */
function scoredIndicators(request: Request): number[] {
  if (!new URL(request.url()).pathname.endsWith('/api/datasets/batch')) return [];
  return (request.postDataJSON() as { indicator_ids?: number[] }).indicator_ids ?? [];
}

/**
 * What the upgrade check must say of a dataset of 3.10, in the one vocabulary, by what the
 * emulator did to it: a removed one has no successor (removed, or candidates offered when near
 * ones are left), a product renamed in a report is renamed (under a new ID).
 */
function expectedChange(row: TruthRow): string {
  if (row.kind === 'removed') return '(removed|no certain successor)';
  if (row.kind === 'product-renamed') return 'renamed';
  return row.fields.length === 0 ? 'documentation unchanged' : 'documentation changed';
}

const MALFORMED = 'not-a-dataset';

test('check 30 lines from 3.10 against 3.12, load scores for 2 indicators, export, and reopen the saved list', async ({
  page,
  emulatorUrl,
}) => {
  // Datasets that went one way from 3.10 to 3.12: one deleted, one whose product was renamed in
  // 3.11 as its change report tells (a new ID), and 27 that kept their ID, with and without
  // documentation changes.
  const ways = singleWays(await groundTruth(emulatorUrl, '3.10', '3.12'));
  const { DataStore } = await import('../src/emulator/data/store');
  const store = DataStore.forScale(1);
  const [v310, v311] = [store.view('3.10', 'cutoff'), store.view('3.11', 'cutoff')];
  const told = new Set(
    (await changeReport(emulatorUrl, '3.10', '3.11')).replace.map((e) => reportKey(e.source)),
  );
  const deleted = ways.find((row) => row.kind === 'removed');
  const renamed = ways.find((row) => {
    const record = v310?.byId.get(row.from_id ?? 0);
    return (
      row.kind === 'product-renamed' &&
      row.steps[0] === 'product-renamed' &&
      v311?.byId.get(row.to_id ?? 0) !== undefined &&
      record !== undefined &&
      told.has(keyOf(record))
    );
  });
  if (!deleted || !renamed) throw new Error('the emulator recorded no such change');
  const kept = ways.filter((row) => row.from_id === row.to_id);
  const picks = [
    ...kept.filter((row) => row.fields.length === 0).slice(0, 14),
    ...kept.filter((row) => row.fields.length > 0).slice(0, 13),
  ];
  picks.splice(4, 0, deleted);
  picks.splice(18, 0, renamed);
  const lines = picks.map((row) => String(row.from_id));
  lines.splice(11, 0, MALFORMED);
  expect(lines).toHaveLength(30);
  const lineOf = (row: TruthRow) => lines.indexOf(String(row.from_id)) + 1;

  const scored: number[][] = [];
  page.on('request', (request) => {
    const indicators = scoredIndicators(request);
    if (indicators.length > 0) scored.push(indicators);
  });

  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await page.getByRole('link', { name: 'Upgrade check' }).click();
  await page.getByRole('combobox', { name: 'From release' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '3.10', exact: true }).click();
  await expect(page).toHaveURL(/\/3\.12\/cutoff\/upgrade\?from=3\.10$/);
  const list = page.getByRole('textbox', { name: 'Datasets' });
  await list.fill(lines.join('\n'));
  await expect(page.getByText('29 entries, 1 line left out')).toBeVisible();
  await expect(page.getByText(`Line 12: "${MALFORMED}" is neither`)).toBeVisible();
  await page.getByRole('button', { name: 'Check against 3.12' }).click();

  // The first check between two releases may have the proxy read them (free): progress, then
  // one verdict per entry, each what the emulator's record says it must be.
  const verdicts = page.getByRole('table', { name: 'Verdicts from 3.10 to 3.12' });
  await expect(verdicts.getByRole('row')).toHaveCount(30);
  for (const row of picks) {
    const line = lineOf(row);
    const cells = verdicts
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
    await expect(cells.getByRole('cell').nth(1), `line ${String(line)}`).toHaveText(
      new RegExp(`^${expectedChange(row)}`),
    );
  }
  const successor = verdicts
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(lineOf(renamed)), exact: true }) });
  await expect(successor.getByRole('link', { name: String(renamed.to_id) })).toHaveAttribute(
    'href',
    `/3.12/cutoff/datasets/${String(renamed.to_id)}`,
  );

  // Scores for two indicators: the bill per release first, nothing charged until the yes.
  await pickIndicators(page, [882, 964]);
  await expect(page).toHaveURL(/ind=882,964/);
  const bill = page.getByRole('list', { name: 'Scores asked for, by release' });
  await expect(bill.getByRole('listitem')).toHaveText([
    /^3\.10: 28 datasets/,
    /^3\.12: 28 datasets/,
  ]);
  expect(scored).toEqual([]);
  await page.getByRole('button', { name: 'Load scores' }).click();
  await expect(verdicts.getByRole('columnheader', { name: /^Change in / })).toHaveCount(2);
  // Each score before → after (besides the report the verdict comes from).
  await expect(successor.getByText(/ → /).filter({ hasNotText: 'change report' })).toHaveCount(2);
  expect(scored).toEqual([
    [882, 964],
    [882, 964],
  ]);

  // The mapping: old ID → new ID with the change and the exact scores of both releases.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export mapping CSV' }).click(),
  ]);
  const csv = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  const header = csv[0]?.split(',') ?? [];
  expect(header.slice(0, 3)).toEqual(['line', 'change', 'same_dataset_id']);
  expect(header.slice(-17, -1)).toEqual(
    [882, 964].flatMap((id) => [
      `${String(id)}_indicator_in_3.10`,
      `${String(id)}_3.10`,
      `${String(id)}_3.12`,
      `${String(id)}_share_weighted_mix`,
      `${String(id)}_change_against`,
      `${String(id)}_change_percent`,
      `${String(id)}_class`,
      `${String(id)}_why`,
    ]),
  );
  const mapped = csv.slice(1).map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
  // Every line, the unreadable one too (with why), as the command line writes it.
  expect(mapped).toHaveLength(30);
  expect(mapped.find((cells) => cells[0] === '12')?.[1]).toBe('unreadable');
  const renamedRow = mapped.find((cells) => cells[0] === String(lineOf(renamed)));
  expect(renamedRow?.slice(1, 4)).toEqual(['renamed', 'no', String(renamed.from_id)]);
  expect(renamedRow?.[header.indexOf('3.12_id')]).toBe(String(renamed.to_id));
  const cell = (name: string) => Number(renamedRow?.[header.indexOf(name)]);
  expect(cell('882_change_percent')).toBeCloseTo(
    ((cell('882_3.12') - cell('882_3.10')) / Math.abs(cell('882_3.10'))) * 100,
    6,
  );
  expect(renamedRow?.[header.indexOf('882_class')]).toBe('successor');

  // Saved by name in this browser.
  await page.getByRole('textbox', { name: 'List name' }).fill('Model from 3.10');
  await page.getByRole('button', { name: 'Save list' }).click();
  await expect(page.getByText('Saved as “Model from 3.10” in this browser.')).toBeVisible();
  // A reload loses nothing: the list (too long for the link) and its verdicts are back.
  await page.reload();
  await expect(list).toHaveValue(lines.join('\n'));
  await expect(verdicts.getByRole('row')).toHaveCount(30);
  // Another list typed over it, then the saved one opened and checked again.
  await page.goto('/3.12/cutoff/upgrade');
  await list.fill('8279');
  await expect(list).toHaveValue('8279');
  await page.getByRole('combobox', { name: 'Saved lists' }).click();
  await page.getByRole('option', { name: 'Model from 3.10 (from 3.10)' }).click();
  await page.getByRole('button', { name: 'Open and check' }).click();
  await expect(list).toHaveValue(lines.join('\n'));
  await expect(page.getByText(`Line 12: "${MALFORMED}" is neither`)).toBeVisible();
  await expect(page).toHaveURL(/from=3\.10/);
  await expect(verdicts.getByRole('row')).toHaveCount(30);
});
