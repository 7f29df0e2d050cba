import { expect, test as base } from '@playwright/test';

/**
 * Every journey's page fails its test on a Content Security Policy violation in the console
 * (security.md SEC-12b): the strict CSP must hold for everything the explorer really does.
 */
/** Set per project (playwright.config.ts): the data service behind the explorer under test. */
export interface JourneyOptions {
  /** The emulator's origin, for journeys that check the explorer against the service itself. */
  emulatorUrl: string;
}

export const test = base.extend<{ cspViolations: string[] } & JourneyOptions>({
  emulatorUrl: ['', { option: true }],
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content Security Policy violations in the console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
