import { expect, test } from './fixtures';
import { groundTruth, singleWays } from './ground-truth';
import { signInAsDemoUser } from './sign-in';

test('the changes of 3.12 from 3.11: find a moved dataset and open it in both releases', async ({
  page,
  emulatorUrl,
}) => {
  // A dataset the emulator moved to another geography (new ID) between 3.11 and 3.12, one whose
  // move its documentation alone gives away: the only dataset of its activity and product to
  // leave 3.11, and the only one to arrive in 3.12. (Moves of activities with several such
  // datasets are offered as candidates instead, and the proxy's tests check those.)
  const { DataStore } = await import('../src/emulator/data/store');
  const store = DataStore.forScale(1);
  const older = store.view('3.11', 'cutoff');
  const newer = store.view('3.12', 'cutoff');
  if (!older || !newer) throw new Error('the emulator lacks 3.11 or 3.12 cutoff');
  const kindOf = (record: { activity: string; product: string }) =>
    `${record.activity}|${record.product}`;
  const left = new Map<string, number>();
  for (const record of older.datasets)
    if (!newer.byId.has(record.id)) left.set(kindOf(record), (left.get(kindOf(record)) ?? 0) + 1);
  const arrived = new Map<string, number>();
  for (const record of newer.datasets)
    if (!older.byId.has(record.id))
      arrived.set(kindOf(record), (arrived.get(kindOf(record)) ?? 0) + 1);
  const moves = singleWays(await groundTruth(emulatorUrl, '3.11', '3.12')).filter(
    (row) => row.kind === 'moved',
  );
  const move = moves.find((row) => {
    const source = older.byId.get(row.from_id ?? 0);
    return (
      source !== undefined && left.get(kindOf(source)) === 1 && arrived.get(kindOf(source)) === 1
    );
  });
  const source = older.byId.get(move?.from_id ?? 0);
  const target = newer.byId.get(move?.to_id ?? 0);
  if (!move || !source || !target) throw new Error('the emulator recorded no such move');

  await page.goto('/3.12/cutoff');
  await signInAsDemoUser(page);
  await page.getByRole('link', { name: 'What changed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'What changed in 3.12' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Compared with' })).toHaveValue('3.11');
  // Reading two releases the first time (free calls) shows its progress, then the counts.
  // Each count is a chip (a checkbox whose label is what one presses).
  await page.getByText(/^moved \(\d+\)$/).click();
  await expect(page.getByRole('checkbox', { name: /^moved \(\d+\)$/ })).toBeChecked();
  await expect(page).toHaveURL(/\/3\.12\/cutoff\/changes\?change=moved$/);
  await page.getByRole('textbox', { name: 'Words' }).fill(source.activity);
  await expect(page).toHaveURL(/&q=/);

  const table = page.getByRole('table', { name: 'Changed datasets from 3.11 to 3.12' });
  const row = table.getByRole('row').filter({ hasText: `ID ${String(source.id)}` });
  await expect(row).toContainText(`ID ${String(target.id)}`);
  await expect(row.getByText('moved', { exact: true })).toBeVisible();
  await expect(row).toContainText(source.geography.display);
  await expect(row).toContainText(target.geography.display);
  const links = row.getByRole('link', { name: source.activity, exact: true });
  await expect(links.first()).toHaveAttribute('href', `/3.11/cutoff/datasets/${String(source.id)}`);
  await expect(links.last()).toHaveAttribute('href', `/3.12/cutoff/datasets/${String(target.id)}`);

  await links.last().click();
  await expect(page).toHaveURL(
    new RegExp(`/3\\.12/cutoff/datasets/${String(target.id)}(\\?ind=[\\d,]+)?$`),
  );
  await expect(page.getByText(target.geography.display).first()).toBeVisible();
});
