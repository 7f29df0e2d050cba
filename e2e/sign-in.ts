import { expect, type Page } from '@playwright/test';

/** Signs in on the demo organisation's login page, which the explorer redirects to. */
export async function signInAsDemoUser(page: Page, username = 'demo') {
  await expect(
    page.getByRole('heading', { name: 'Sign in to the demo organisation' }),
  ).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}
