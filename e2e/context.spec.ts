import { expect, test } from './fixtures';
import { signInAsDemoUser } from './sign-in';

test('build an indicator set by method, score a dataset looked up with it, and keep the release everywhere', async ({
  page,
}) => {
  await page.goto('/3.11/apos/indicators');
  await signInAsDemoUser(page);

  // "EF v3.1" as a whole method: its own indicators, not those of "EF v3.1 no LT".
  await page.getByLabel('Filter indicators').fill('EF v3.1');
  const method = page.getByRole('checkbox', { name: /^Select all \d+ of EF v3\.1$/ });
  const count = Number((await method.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(3);
  await method.check();
  await expect(page.getByText(`${count} selected`)).toBeVisible();
  await page.getByLabel('Filter indicators').fill('');
  await expect(page.getByText(`Your set: ${count} indicators`)).toBeVisible();

  // A lookup from a page with a set keeps it.
  await page.getByRole('link', { name: `Find a dataset to score with these ${count}` }).click();
  const box = page.getByRole('textbox', { name: 'Look up by Dataset ID, Spold UUID or file name' });
  await box.fill('8279');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/3\.11\/apos\/datasets\/8279\?ind=\d+(,\d+)+$/);
  const withSet = new URL(page.url()).searchParams.get('ind') ?? '';

  // "Change indicators" and back, with the set as changed.
  await page.getByRole('link', { name: 'Change indicators' }).click();
  await page
    .getByRole('button', { name: /^Remove EF v3\.1 › .* from the set$/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /^Back to market for electricity, low voltage with these/ })
    .click();
  await expect(page).toHaveURL(/\/3\.11\/apos\/datasets\/8279\?ind=/);
  const changed = new URL(page.url()).searchParams.get('ind') ?? '';
  expect(changed.split(',')).toHaveLength(withSet.split(',').length - 1);

  // Usage and Releases keep the header and the navigation on this release and set.
  await page.getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Release', exact: true })).toHaveValue('3.11');
  await expect(page.getByRole('combobox', { name: 'System model' })).toHaveValue('apos');
  const compare = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
    name: 'Compare',
  });
  await expect(compare).toHaveAttribute('href', `/3.11/apos/compare?ind=${changed}`);
  await page.getByRole('link', { name: 'Releases' }).click();
  await page.getByRole('link', { name: 'Indicators' }).click();
  await expect(page).toHaveURL(`/3.11/apos/indicators?ind=${changed}`);
  await expect(page).toHaveTitle('Indicators · 3.11 · LCI Explorer');
});
