import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { readXlsx } from '../src/web/testing/read-xlsx';
import { expect, test } from './fixtures';
import { groundTruth } from './ground-truth';
import { copyLink, loadScoresIfAsked, openElsewhere } from './share';
import { datasetIds } from './proxy-api';
import { signInAsDemoUser } from './sign-in';

/** Signs in on the catalogue and chooses one indicator (964), which this browser remembers. */
async function rememberCmlAcidification(page: Page) {
  await page.goto('/3.12/cutoff/indicators?q=CML acidification');
  await signInAsDemoUser(page);
  const list = page.getByRole('list', { name: 'Indicators', exact: true });
  await list.getByRole('checkbox', { name: /^Select CML v4\.8 2016 › acidification › / }).check();
  await expect(page).toHaveURL(/ind=964/);
}

/**
 * A link is what you see: each page reached without parameters in its address, by clicks and
 * by what this browser remembers, copies a link that opens the same view in a fresh browser.
 */

test('the dataset page: a remembered indicator set and the chart view go into its link', async ({
  page,
  browser,
}) => {
  await rememberCmlAcidification(page);

  // The dataset opened with a bare address shows that set, from memory.
  await page.goto('/3.12/cutoff/datasets/8279');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'market for electricity, low voltage',
  );
  await expect(page).toHaveURL(/\/datasets\/8279\?ind=964$/);
  await loadScoresIfAsked(page, page.getByRole('table', { name: 'Impact scores' }));
  await page.getByText('Bar chart', { exact: true }).click();
  // Each bar carries its value.
  const chart = page.getByRole('application').first();
  await expect(chart).toContainText(/CML v4\.8 2016 · acidification\s*\d/);
  const drawn = (await chart.textContent()) ?? '';

  const link = await copyLink(page);
  expect(new URL(link).search).toBe('?ind=964&view=chart');
  const other = await openElsewhere(browser, link);
  await expect(other.page).toHaveURL(link);
  await expect(other.page.getByRole('radio', { name: 'Bar chart' })).toBeChecked();
  // Charged in the first browser this period, so the scores load by themselves.
  await expect(other.page.getByRole('application').first()).toHaveText(drawn);
  await other.page.getByText('Table', { exact: true }).click();
  const table = other.page.getByRole('table', { name: 'Impact scores' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('CML v4.8 2016');
  await other.close();
});

test('the dataset page opened bare in a browser with no memory links the headline set it shows', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/datasets/2989');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/datasets\/2989\?ind=\d+(,\d+)+$/);
  const named = page.getByRole('list', { name: /^on \d+ indicators$/ }).getByRole('listitem');
  await expect(named.first()).toBeVisible();
  const shown = await named.allTextContents();
  const link = await copyLink(page);
  const other = await openElsewhere(browser, link);
  await expect(
    other.page.getByRole('list', { name: /^on \d+ indicators$/ }).getByRole('listitem'),
  ).toHaveText(shown);
  await other.close();
});

test('the overview, the catalogue and a search: what was clicked is in the link', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signInAsDemoUser(page);
  await page.getByRole('combobox', { name: 'System model' }).selectOption('apos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Release [\d.]+ · apos$/);
  // The overview's state is its release, which its address holds (it has no Copy link).
  await expect(page).toHaveURL(/\/apos$/);
  const overview = page.url();
  const there = await openElsewhere(browser, overview);
  await expect(there.page.getByRole('heading', { level: 1 })).toHaveText(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  );
  await there.close();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Indicators' })
    .click();
  await page.getByLabel('Filter indicators').fill('GWP100');
  // Copied the moment after typing, as a quick person would: the list is filtered at once, and
  // so is the link (the words once reached the address only after a pause in typing).
  expect(new URL(await copyLink(page)).searchParams.get('q')).toBe('GWP100');
  await page.getByText('By indicator', { exact: true }).click();
  // Copied once the view is drawn, which is what the link is made from.
  await expect(page.getByRole('radio', { name: 'By indicator' })).toBeChecked();
  const catalogue = await copyLink(page);
  expect(new URL(catalogue).searchParams.get('view')).toBe('by-indicator');
  const other = await openElsewhere(browser, catalogue);
  await expect(other.page.getByLabel('Filter indicators')).toHaveValue('GWP100');
  await expect(other.page.getByRole('radio', { name: 'By indicator' })).toBeChecked();
  await other.close();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Datasets' })
    .click();
  await page.getByRole('textbox', { name: 'Search' }).fill('cement');
  const geography = page.getByRole('combobox', { name: 'Geography' });
  await geography.fill('CH');
  // Its suggestions lie over the Search button until dismissed, as a person would.
  await geography.press('Escape');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const summary = page.getByText(/match(es)? “cement” in Switzerland \(CH\)/);
  await expect(summary).toBeVisible();
  const first = await page
    .getByRole('table', { name: 'Search results' })
    .getByRole('link')
    .first()
    .textContent();
  const search = await copyLink(page);
  const elsewhere = await openElsewhere(browser, search);
  await expect(elsewhere.page.getByText(/match(es)? “cement” in Switzerland \(CH\)/)).toHaveText(
    (await summary.textContent()) ?? '',
  );
  await expect(
    elsewhere.page.getByRole('table', { name: 'Search results' }).getByRole('link').first(),
  ).toHaveText(first ?? '');
  await elsewhere.close();
});

test('Compare: datasets, indicators, ranking and the relative baseline chosen by clicks', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/compare');
  await signInAsDemoUser(page);
  for (const id of ['8279', '2989']) {
    await page.getByLabel('Add dataset by ID').fill(id);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
  }
  const picker = page.getByRole('combobox', { name: 'Indicators' });
  await picker.click();
  await picker.fill('CML acidification');
  await page.getByRole('option', { name: /^CML v4\.8 2016 › acidification › .* \(964\)$/ }).click();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Comparison' });
  await loadScoresIfAsked(page, table.getByLabel(/exactly/).nth(1));
  await expect(table.getByText('n/a')).toHaveCount(0);
  await table
    .getByRole('button', { name: /^Rank datasets by CML v4\.8 2016 › acidification/ })
    .click();
  await page.getByText('Relative', { exact: true }).click();
  await page.getByRole('combobox', { name: '100 % is' }).click();
  await page.getByRole('option', { name: /\(2989\)$/ }).click();
  // "100 %" is already in the table before the click (each row's largest); the table is read once
  // 2989's column is marked as the 100 %, or it holds the view before the click (seen on a busy run).
  await expect(table.getByRole('columnheader').filter({ hasText: '2989' })).toContainText('100 %');
  const shown = await table.innerText();

  const link = await copyLink(page);
  expect(link).toMatch(/ds=8279,2989/);
  expect(link).toMatch(/view=relative/);
  expect(link).toMatch(/base=2989/);
  expect(link).toMatch(/sort=964/);
  const other = await openElsewhere(browser, link);
  const sharedTable = other.page.getByRole('table', { name: 'Comparison' });
  await expect(sharedTable.getByText('100 %').first()).toBeVisible();
  // A row may still read "·" the moment the first one is in (seen once in a clean-clone run): the
  // table is compared once its scores have had the journeys' usual wait to arrive.
  await expect.poll(() => sharedTable.innerText()).toBe(shown);
  await other.close();
});

test('a lookup with several matches: its link lists the same datasets', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279');
  await signInAsDemoUser(page);
  const productUuid =
    (
      await page
        .getByRole('table', { name: 'Dataset documentation' })
        .getByRole('row', { name: /Product UUID/ })
        .getByRole('cell')
        .textContent()
    )?.trim() ?? '';
  const box = page
    .getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' })
    .first();
  await box.fill(productUuid);
  await box.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: /^\d+ datasets match$/ });
  await expect(heading).toBeVisible();
  const rows = page.getByRole('table', { name: 'Matching datasets' }).getByRole('row');
  const firstRow = await rows.nth(1).textContent();
  const link = await copyLink(page);
  const other = await openElsewhere(browser, link);
  await expect(other.page.getByRole('heading', { level: 1 })).toHaveText(
    (await heading.textContent()) ?? '',
  );
  await expect(
    other.page.getByRole('table', { name: 'Matching datasets' }).getByRole('row').nth(1),
  ).toHaveText(firstRow ?? '');
  await other.close();
});

test('across releases: the remembered indicator set goes into the link, with the scores shown', async ({
  page,
  browser,
}) => {
  await rememberCmlAcidification(page);

  await page.goto('/3.12/cutoff/datasets/8279/history');
  await expect(page).toHaveURL(/\/datasets\/8279\/history\?ind=964$/);
  const scores = page.getByRole('region', { name: 'Scores' });
  const table = page.getByRole('table', { name: 'Scores across releases' });
  await loadScoresIfAsked(page, table);
  // Every release's scores, which the link's opener then has without asking (this period paid
  // them): the table shows once one release's are in, and the bill for the others can follow a
  // moment later (read before it, the table said "Not loaded" where the opener saw scores).
  const askForTheRest = page.getByRole('button', { name: /^Load scores/ });
  await expect(askForTheRest.or(table.filter({ hasNotText: 'Not loaded' })).first()).toBeVisible();
  if (await askForTheRest.isVisible()) await askForTheRest.click();
  await expect(table).not.toContainText('Not loaded');
  const shown = (await table.textContent()) ?? '';
  const named = (await scores.getByText(/^For /).textContent()) ?? '';
  expect(named).toContain('CML v4.8 2016');

  const link = await copyLink(page);
  expect(new URL(link).search).toBe('?ind=964');
  const other = await openElsewhere(browser, link);
  await expect(other.page.getByRole('region', { name: 'Scores' }).getByText(/^For /)).toHaveText(
    named,
  );
  await loadScoresIfAsked(
    other.page,
    other.page.getByRole('table', { name: 'Scores across releases' }),
  );
  await expect(other.page.getByRole('table', { name: 'Scores across releases' })).toHaveText(shown);
  await other.close();
});

test('what changed: the default release compared with, a sector and a kind go into the link; the chips count the filtered list', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/changes');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/changes\?from=3\.11$/);
  const chips = page.getByRole('group', { name: 'Changes from 3.11 to 3.12' });
  await expect(chips.getByText(/\([\d,]+\)$/).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Sector' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(page).toHaveURL(/sector=/);
  const count = page.getByText(/^[\d,]+ of [\d,]+ changed datasets?$/);
  await expect(count).toBeVisible();
  // The chips add up to the filtered list, not to the whole release's changes.
  const filtered = Number(((await count.textContent()) ?? '').split(' of ')[0]?.replace(/,/g, ''));
  const counts = await chips
    .getByRole('checkbox')
    .evaluateAll((boxes) => boxes.map((box) => box.closest('div')?.textContent ?? ''));
  const sum = counts
    .map((label) => Number(/\(([\d,]+)\)/.exec(label)?.[1]?.replace(/,/g, '') ?? Number.NaN))
    .reduce((a, b) => a + b, 0);
  expect(sum).toBe(filtered);

  const kind = chips.getByRole('checkbox', { name: /\((?!0\))[\d,]+\)$/ }).first();
  const kindName = (await kind.evaluate((box) => box.closest('div')?.textContent ?? '')) || '';
  await chips.getByText(kindName, { exact: true }).click();
  await expect(page).toHaveURL(/change=/);
  // The list now holds that kind alone: as many as its chip said.
  const kindCount = /\(([\d,]+)\)$/.exec(kindName)?.[1] ?? '';
  await expect(count).toHaveText(new RegExp(`^${kindCount} of `));
  const table = page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
  const firstRow = (await table.getByRole('row').nth(1).textContent()) ?? '';
  const shownCount = (await count.textContent()) ?? '';

  const link = await copyLink(page);
  expect(link).toMatch(/from=3\.11/);
  expect(link).toMatch(/sector=/);
  expect(link).toMatch(/change=/);
  const other = await openElsewhere(browser, link);
  await expect(other.page.getByRole('combobox', { name: 'Compared with' })).toHaveValue('3.11');
  await expect(other.page.getByText(/^[\d,]+ of [\d,]+ changed datasets?$/)).toHaveText(shownCount);
  await expect(
    other.page
      .getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' })
      .getByRole('row')
      .nth(1),
  ).toHaveText(firstRow);
  await other.close();
});

test('the upgrade check: the default source release and the list go into the link', async ({
  page,
  browser,
}) => {
  await page.goto('/3.12/cutoff/upgrade');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/upgrade\?from=3\.11$/);
  await page.getByRole('textbox', { name: 'Datasets' }).fill('8279\n2989');
  await page.getByRole('button', { name: 'Check against 3.12' }).click();
  const verdicts = page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' });
  await expect(verdicts.getByRole('row')).toHaveCount(3);
  // The verdicts chosen to show go along too.
  const chips = page.getByRole('group', { name: 'Show verdicts' });
  const chip = chips.getByText(/^[a-zA-Z ]+ \(\d+\)$/).first();
  const chipName = (await chip.textContent()) ?? '';
  await chip.click();
  await expect(page).toHaveURL(/show=/);
  const shown = (await verdicts.textContent()) ?? '';

  const link = await copyLink(page, 'Copy link to this list');
  expect(link).toMatch(/from=3\.11/);
  expect(link).toMatch(/ids=8279,2989/);
  expect(link).toMatch(/show=/);
  const other = await openElsewhere(browser, link);
  await expect(other.page.getByRole('combobox', { name: 'From release' })).toHaveValue('3.11');
  await expect(
    other.page
      .getByRole('group', { name: 'Show verdicts' })
      .getByRole('checkbox', { name: chipName }),
  ).toBeChecked();
  await expect(other.page.getByRole('table', { name: 'Verdicts from 3.11 to 3.12' })).toHaveText(
    shown,
  );
  await other.close();
});

test('the upgrade check: a candidate chosen goes into the link, the export and Copy as code', async ({
  page,
  browser,
  emulatorUrl,
}) => {
  // Datasets of 3.11 that 3.12 removed: some leave near ones behind, candidates to choose from.
  const removed = (await groundTruth(emulatorUrl, '3.11', '3.12'))
    .flatMap((row) => (row.kind === 'removed' && row.from_id !== null ? [row.from_id] : []))
    .slice(0, 20);
  await page.goto('/3.12/cutoff/upgrade');
  await signInAsDemoUser(page);
  await expect(page).toHaveURL(/\/upgrade\?from=3\.11$/);
  await page.getByRole('textbox', { name: 'Datasets' }).fill(removed.join('\n'));
  await page.getByRole('button', { name: 'Check against 3.12' }).click();
  const choose = page.getByRole('combobox', { name: /^Choose the dataset for line \d+$/ }).first();
  await expect(choose).toBeVisible();
  const line = Number(/\d+$/.exec((await choose.getAttribute('aria-label')) ?? '')?.[0]);
  const source = removed[line - 1];
  await choose.click();
  // The last candidate, not the nearest: a choice the page would not make by itself.
  const option = page.getByRole('listbox').getByRole('option').last();
  const label = (await option.textContent()) ?? '';
  const chosen = Number(/^\d+/.exec(label)?.[0]);
  await option.click();
  await expect(choose).toHaveValue(label);
  await expect(page).toHaveURL(new RegExp(`[?&]pick=${String(source)}:${String(chosen)}(&|$)`));

  const link = await copyLink(page, 'Copy link to this list');
  expect(link).toContain(`pick=${String(source)}:${String(chosen)}`);
  // Opened in a browser with no memory of this one, with an indicator to score (free until asked).
  const other = await openElsewhere(browser, `${link}&ind=882`);
  const there = other.page.getByRole('combobox', {
    name: `Choose the dataset for line ${String(line)}`,
    exact: true,
  });
  await expect(there).toHaveValue(label);
  await expect(other.page.getByText(/^Your choice: /)).toBeVisible();

  // The mapping exported maps the line to the dataset chosen, as chosen by the user.
  const [file] = await Promise.all([
    other.page.waitForEvent('download'),
    other.page.getByRole('button', { name: 'Export XLSX', exact: true }).click(),
  ]);
  const bytes = readFileSync(await file.path());
  const book = await readXlsx(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  const [header = [], ...rows] = book.get('Mapping') ?? [];
  const row = rows.find((each) => each[header.indexOf('3.11_id')] === source);
  expect(row?.[header.indexOf('3.12_id')]).toBe(chosen);
  expect(row?.[header.indexOf('chosen_by_user')]).toBe('yes');

  // Copy as code scores the dataset chosen; without the choice, it does not.
  const code = async () => {
    await other.page.getByRole('button', { name: 'Copy as code' }).click();
    const dialog = other.page.getByRole('dialog', { name: 'This view as code' });
    await dialog.getByRole('tab', { name: 'curl' }).click();
    const text = (await dialog.getByLabel('curl code').textContent()) ?? '';
    await other.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    return text;
  };
  const named = new RegExp(`\\b${String(chosen)}\\b`);
  expect(await code()).toMatch(named);
  // The chosen candidate picked again is unchosen.
  await there.click();
  await other.page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  await expect(there).toHaveValue('');
  await expect(other.page).not.toHaveURL(/pick=/);
  expect(await code()).not.toMatch(named);

  // A link edited by hand: what is not a choice, or not a candidate, is left out, and said.
  await other.page.goto(link.replace(/pick=[^&]*/, `pick=${String(source)}:2147483646,zz`));
  const notice = other.page.getByRole('alert').filter({ hasText: 'Choices in the link left out' });
  await expect(notice).toContainText('“zz” is not a choice');
  await expect(notice).toContainText(
    `The choice of 2147483646 for dataset ${String(source)}: not one of its candidates in 3.12.`,
  );
  await expect(there).toHaveValue('');
  await expect(other.page).not.toHaveURL(/pick=/);
  await other.close();
});

test('usage: the release and dataset filters go into the link', async ({ page, browser }) => {
  // A dataset of its own, charged here, so this user's charges name it.
  const [id] = await datasetIds('tomato');
  if (id === undefined) throw new Error('the demo release lacks tomato datasets');
  await page.goto(`/3.12/cutoff/datasets/${String(id)}?ind=882`);
  await signInAsDemoUser(page);
  await loadScoresIfAsked(page, page.getByRole('table', { name: 'Impact scores' }));

  await page.goto('/usage');
  await page.getByRole('combobox', { name: 'For release' }).click();
  await page.getByRole('option', { name: '3.12 cutoff' }).click();
  await page.getByRole('textbox', { name: 'Dataset ID', exact: true }).fill(String(id));
  await expect(page).toHaveURL(new RegExp(`dataset=${String(id)}`));
  const charges = page.getByRole('table', { name: 'Charges this period' });
  await expect(charges.getByRole('row')).toHaveCount(2);
  await expect(charges.getByRole('row').nth(1)).toContainText(/tomato/);
  const shown = (await charges.textContent()) ?? '';

  const link = await copyLink(page);
  expect(link).toMatch(/release=3\.12(\+|%20)cutoff/);
  const other = await openElsewhere(browser, link);
  await expect(other.page.getByRole('textbox', { name: 'Dataset ID', exact: true })).toHaveValue(
    String(id),
  );
  await expect(other.page.getByRole('combobox', { name: 'For release' })).toHaveValue(
    '3.12 cutoff',
  );
  await expect(other.page.getByRole('table', { name: 'Charges this period' })).toHaveText(shown);
  await other.close();
});
