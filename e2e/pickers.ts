import { expect, type Page } from '@playwright/test';

/**
 * Picks indicators by ID in a page's "Indicators" picker, then closes its list as a person would.
 * The list stays open for more picks and lies over what is below it: left open, the next click
 * (a "Load scores" under it) lands on an option instead, which failed a journey in CI twice.
 */
export async function pickIndicators(page: Page, ids: readonly number[]) {
  const picker = page.getByRole('combobox', { name: 'Indicators' });
  for (const id of ids) {
    await picker.click();
    await picker.fill(String(id));
    await page.getByRole('option', { name: new RegExp(`\\(${String(id)}\\)$`) }).click();
  }
  await picker.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
}
