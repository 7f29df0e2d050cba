import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { signInAsDemoUser } from './sign-in';

/** Presses the page's "Copy link" and reads what it put on the clipboard. */
export async function copyLink(page: Page, name = 'Copy link'): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name, exact: true }).first().click();
  await page.getByRole('button', { name: 'Link copied' }).first().waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Opens a link in a browser that remembers nothing of this one (no storage, no session), as a
 * colleague would, and signs in there.
 */
export async function openElsewhere(browser: Browser, link: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await signInAsDemoUser(page);
  return { page, close: () => context.close() };
}

/**
 * Presses "Load scores" where the page asks: other journeys of the same run may have paid for
 * these scores this period already, and then they load by themselves. Ends when `loaded` shows.
 */
export async function loadScoresIfAsked(page: Page, loaded: Locator) {
  const ask = page.getByRole('button', { name: 'Load scores' });
  await expect(ask.or(loaded).first()).toBeVisible();
  if (await ask.isVisible()) await ask.click();
  await expect(loaded).toBeVisible();
}
