import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test('lookup errors are sentences that echo what was typed, and the file name is on the dataset', async ({
  page,
}) => {
  await page.goto('/3.12/cutoff/datasets/8279?ind=882');
  await signInAsDemoUser(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The ecoSpold file name, copied, looks the dataset up again.
  const documentation = page.getByRole('table', { name: 'Dataset documentation' });
  const file = documentation.getByRole('row', { name: /ecoSpold file/ });
  await expect(file).toContainText(/^ecoSpold file[0-9a-f-]{36}_[0-9a-f-]{36}\.spold$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await file.getByRole('button', { name: 'Copy ecoSpold file name' }).click();
  const name = await page.evaluate(() => navigator.clipboard.readText());
  expect(name).toMatch(/^[0-9a-f-]{36}_[0-9a-f-]{36}\.spold$/);
  const box = page
    .getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' })
    .first();
  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/datasets\/8279\?ind=882$/);

  // Not a key: the input whole, as text, and a search for it.
  const typed = '<script>alert(1)</script> cement';
  await box.fill(typed);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to look up' })).toBeVisible();
  await expect(
    page.getByText(`"${typed}" is neither a Dataset ID, a UUID, nor an ecoSpold file name.`, {
      exact: false,
    }),
  ).toBeVisible();
  await page.getByRole('link', { name: `Search datasets for “${typed}”` }).click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(typed);
  expect(dialogs).toEqual([]);

  // A well-formed UUID nothing has: it matched nothing, said in the explorer's words.
  const uuid = '12345678-1234-0234-1234-123456789abc';
  await box.fill(uuid);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'No dataset found' })).toBeVisible();
  await expect(
    page.getByText(
      `No dataset in 3.12 (cutoff) has ${uuid} as its activity, product or geography UUID`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Request ID|query\.|Invalid UUID/)).toHaveCount(0);
});
