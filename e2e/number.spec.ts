import { expect, test } from './fixtures';
import { csvCells, downloaded, workbook } from './files';
import { groundTruth, type TruthRow } from './ground-truth';
import { pickIndicators } from './pickers';
import { signInAsDemoUser } from './sign-in';

/**
 * What became of the number between 3.10 and 3.12, as a practitioner relinking a model asks it:
 * a split, a merge, a dataset whose documentation is unchanged but whose score moved, and IPCC
 * 2021's total, whose category 3.10 names otherwise. Each shown with its class on the page and
 * written with it in the exports.
 */

/** IPCC 2021 "climate change: total (excl. biogenic CO2)" GWP100 in 3.12; "climate change" in 3.10. */
const IPCC_TOTAL = 1024;
const IPCC_310 = 1111;
/** EF v3.1 climate change GWP100: the same indicator in both. */
const EF = 1443;

/** Datasets of 3.10 by what the emulator did to them by 3.12 (its own record). */
async function cases(emulatorUrl: string) {
  const rows = await groundTruth(emulatorUrl, '3.10', '3.12');
  const from = new Map<number, TruthRow[]>();
  const into = new Map<number, TruthRow[]>();
  for (const row of rows) {
    if (row.from_id !== null) from.set(row.from_id, [...(from.get(row.from_id) ?? []), row]);
    if (row.to_id !== null) into.set(row.to_id, [...(into.get(row.to_id) ?? []), row]);
  }
  const find = (test: (ways: TruthRow[]) => boolean) => {
    const found = [...from].find(([, ways]) => test(ways));
    if (!found) throw new Error('the emulator recorded no such change');
    return { id: found[0], ways: found[1] };
  };
  return {
    split: find((ways) => ways.length >= 3 && ways.every((way) => way.kind === 'split')),
    merge: find(
      (ways) =>
        ways.length === 1 &&
        ways[0]?.kind === 'merged' &&
        (into.get(ways[0].to_id ?? 0)?.length ?? 0) >= 2,
    ),
    unchanged: find(
      (ways) =>
        ways.length === 1 &&
        ways[0]?.kind === 'persisted' &&
        ways[0].fields.length === 0 &&
        ways[0].to_id === ways[0].from_id,
    ),
  };
}

/** A CSV's rows as maps by the header's names. */
const records = (rows: string[][]) => {
  const [header = [], ...body] = rows;
  return body.map((row) => new Map(header.map((name, i) => [name, row[i] ?? ''])));
};

test('from a 3.10 list: a split, a merge, a moved score under unchanged documentation and a renamed category, each with its class on the page and in the exports', async ({
  page,
  emulatorUrl,
}) => {
  const { split, merge, unchanged } = await cases(emulatorUrl);
  const lines = [split.id, merge.id, unchanged.id].map(String);
  await page.goto('/3.12/cutoff/upgrade?from=3.10');
  await signInAsDemoUser(page);
  await page
    .getByRole('textbox', { name: 'Datasets' })
    .fill([...lines, 'not a dataset'].join('\n'));
  await page.getByRole('button', { name: 'Check against 3.12' }).click();
  const table = page.getByRole('table', { name: 'Verdicts from 3.10 to 3.12' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const row = (line: number) =>
    table
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  // The one vocabulary's words, one badge each.
  await expect(row(1).getByRole('cell').nth(1)).toHaveText(/^split/);
  await expect(row(2).getByRole('cell').nth(1)).toHaveText(/^merged/);
  await expect(row(3).getByRole('cell').nth(1)).toHaveText(/^documentation unchanged/);

  // IPCC 2021's total is followed to its 3.10 counterpart before any score, and said so.
  await pickIndicators(page, [IPCC_TOTAL, EF]);
  await expect(page.getByRole('list', { name: 'The indicators in 3.10' })).toHaveText(
    `IPCC 2021 › climate change: total (excl. biogenic CO2) (${String(IPCC_TOTAL)}): renamed (category) in 3.10: ${String(IPCC_310)} (IPCC 2021 › climate change)`,
  );
  // The bill says first that the split is scored in every dataset it became.
  const bill = page.getByRole('alert').filter({ hasText: 'Scores would be asked for' });
  await expect(bill).toContainText(
    `1 entry split in 3.12: all ${String(split.ways.length)} datasets it became are scored`,
  );
  await expect(bill.getByRole('listitem')).toHaveText([
    /^3\.10: 3 datasets/,
    new RegExp(`^3\\.12: ${String(split.ways.length + 2)} datasets`),
  ]);
  await bill.getByRole('button', { name: 'Load scores' }).click();
  await expect(table.getByRole('columnheader', { name: /^Change in / })).toHaveCount(2);

  // The split: each part with its share, the change against their share-weighted mix.
  const total = (line: number) => row(line).getByRole('cell').nth(5);
  const ef = (line: number) => row(line).getByRole('cell').nth(6);
  await expect(total(1)).toContainText('against the share-weighted mix');
  await expect(total(1).getByText('successor', { exact: true })).toBeVisible();
  await expect(total(1).getByText(/^\d+ .* %: /)).toHaveCount(split.ways.length);
  await expect(total(1)).toContainText(`In 3.10: indicator ${String(IPCC_310)}, its counterpart`);
  // The merge: what it became under another ID.
  await expect(total(2).getByText('successor', { exact: true })).toBeVisible();
  // Documentation unchanged, the score moved all the same: said, with each class.
  await expect(total(3).getByText('indicator changed', { exact: true })).toBeVisible();
  await expect(ef(3).getByText('nothing documented', { exact: true })).toBeVisible();
  await expect(row(3).getByRole('cell').nth(1)).toContainText(
    'Only documentation is compared: a score changed (indicator changed, nothing documented)',
  );

  // The mapping CSV: a row per part of the split, each with the class and what it is against.
  const mapping = records(await csvCells(await downloaded(page, 'Export mapping CSV')));
  const of = (line: number) => mapping.filter((each) => each.get('line') === String(line));
  const total_ = (name: string) => `${String(IPCC_TOTAL)}_${name}`;
  expect(of(1)).toHaveLength(split.ways.length);
  for (const part of of(1)) {
    expect(part.get('change')).toBe('split');
    expect(part.get(total_('class'))).toBe('successor');
    expect(part.get(total_('change_against'))).toBe('share-weighted mix');
    expect(part.get(total_('indicator_in_3.10'))).toBe(String(IPCC_310));
    expect(Number(part.get(total_('share_weighted_mix')))).toBeGreaterThan(0);
  }
  expect(of(2).map((each) => [each.get('change'), each.get(total_('class'))])).toEqual([
    ['merged', 'successor'],
  ]);
  expect(
    of(3).map((each) => [
      each.get('change'),
      each.get(total_('class')),
      each.get(`${String(EF)}_class`),
    ]),
  ).toEqual([['documentation unchanged', 'indicator changed', 'nothing documented']]);
  expect(of(4).map((each) => each.get('change'))).toEqual(['unreadable']);

  // The workbook's Scores sheet: the same classes, a row per dataset of the split.
  const book = await workbook(await downloaded(page, 'Export XLSX'));
  const [header = [], ...scores] = book.get('Scores') ?? [];
  const at = (each: (string | number | null)[], name: string) => each[header.indexOf(name)];
  const splitScores = scores.filter(
    (each) => at(each, 'line') === 1 && at(each, 'indicator_id') === IPCC_TOTAL,
  );
  expect(splitScores).toHaveLength(split.ways.length);
  for (const each of splitScores) {
    expect(at(each, 'class')).toBe('successor');
    expect(at(each, 'indicator_in_3.10')).toBe(IPCC_310);
    expect(typeof at(each, '3.12_score')).toBe('number');
  }
  expect(
    scores
      .filter((each) => at(each, 'line') === 3)
      .map((each) => [at(each, 'indicator_id'), at(each, 'class')]),
  ).toEqual([
    [IPCC_TOTAL, 'indicator changed'],
    [EF, 'nothing documented'],
  ]);
});

test('the split’s history from 3.10 with IPCC 2021’s total: followed to 3.10’s counterpart, each part scored, the mix, its class', async ({
  page,
  emulatorUrl,
}) => {
  const { split } = await cases(emulatorUrl);
  await page.goto(`/3.10/cutoff/datasets/${String(split.id)}/history?ind=${String(IPCC_TOTAL)}`);
  await signInAsDemoUser(page);
  // 3.10 has no 1024: the page follows it from the nearest release that lists it, and says so.
  await expect(page.getByRole('list', { name: 'Indicators not in 3.10' })).toContainText(
    `it is scored here as ${String(IPCC_310)} (IPCC 2021 › climate change; renamed (category)`,
  );
  const bill = page.getByRole('alert').filter({ hasText: 'Scores would be asked for' });
  await expect(bill).toContainText(
    `all ${String(split.ways.length)} datasets it became are scored, and compared as their share-weighted mix`,
  );
  await bill.getByRole('button', { name: /^Load scores/ }).click();
  const table = page.getByRole('table', { name: 'Scores across releases' });
  const latest = table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(latest).toContainText(/from 3\.10, against the share-weighted mix/);
  await expect(latest).toContainText(`As ${String(IPCC_TOTAL)} (renamed (category))`);
  await expect(latest.getByText('successor', { exact: true })).toBeVisible();
  await expect(latest.getByText(/^\d+ .* %: /)).toHaveCount(split.ways.length);

  const history = records(await csvCells(await downloaded(page, 'Export CSV')));
  const in312 = history.find((each) => each.get('version') === '3.12');
  expect(in312?.get('change')).toBe('split');
  expect(in312?.get(`${String(IPCC_310)}_indicator_id`)).toBe(String(IPCC_TOTAL));
  expect(in312?.get(`${String(IPCC_310)}_class`)).toBe('successor');
});

test('What changed since 3.10: documentation compared, scores of the split’s rows with their class and mix; the catalogue follows IPCC 2021', async ({
  page,
  emulatorUrl,
}) => {
  const { split } = await cases(emulatorUrl);
  const parts = split.ways.map((way) => way.to_id);
  // The split's rows, found by the older dataset's activity.
  const { DataStore } = await import('../src/emulator/data/store');
  const activity = DataStore.forScale(1).view('3.10', 'cutoff')?.byId.get(split.id)?.activity;
  if (!activity) throw new Error('the emulator lacks the split dataset');
  await page.goto(`/3.12/cutoff/changes?from=3.10&change=split&q=${encodeURIComponent(activity)}`);
  await signInAsDemoUser(page);
  await expect(page.getByText(/ with documentation unchanged of /)).toContainText(
    'Only documentation is compared: a dataset whose documentation is unchanged may still score differently.',
  );
  const table = page.getByRole('table', { name: 'Changed datasets from 3.10 to 3.12' });
  await page.getByRole('button', { name: /^Compare scores for the \d+ rows? shown$/ }).click();
  await pickIndicators(page, [IPCC_TOTAL]);
  const prompt = page.getByRole('region', { name: 'Scores of the rows shown' });
  await expect(prompt).toContainText(/splits? among the rows shown: all \d+ datasets/);
  await prompt.getByRole('button', { name: 'Load scores' }).click();
  await expect(table.getByRole('columnheader', { name: /^Change in / })).toHaveCount(1);
  const ours = table.getByRole('row').filter({ hasText: `ID ${String(split.id)}` });
  await expect(ours).toHaveCount(parts.length);
  for (const each of await ours.all()) {
    await expect(each.getByText('split', { exact: true })).toBeVisible();
    await expect(each).toContainText('against the share-weighted mix');
    await expect(each.getByText('successor', { exact: true })).toBeVisible();
  }
  const changes = records(await csvCells(await downloaded(page, 'Export CSV')));
  const rows = changes.filter((each) => each.get('3.10_id') === String(split.id));
  expect(rows.map((each) => Number(each.get('3.12_id'))).sort()).toEqual([...parts].sort());
  for (const each of rows) {
    expect(each.get(`${String(IPCC_TOTAL)}_class`)).toBe('successor');
    expect(each.get(`${String(IPCC_TOTAL)}_change_against`)).toBe('share-weighted mix');
  }

  // The catalogue: 3.10's IPCC 2021 "climate change" is 3.12's total, said on the indicator.
  await page.goto(`/3.10/cutoff/indicators?view=by-indicator&q=${String(IPCC_310)}`);
  await page
    .getByRole('button', {
      name: `IPCC 2021 › climate change › global warming potential (GWP100) (${String(IPCC_310)}) in other releases`,
    })
    .click();
  await expect(
    page.getByRole('region', { name: `Indicator ${String(IPCC_310)} in other releases` }),
  ).toContainText(
    `3.12: renamed (category) in 3.12: ${String(IPCC_TOTAL)} (IPCC 2021 › climate change: total (excl. biogenic CO2))`,
  );
});
