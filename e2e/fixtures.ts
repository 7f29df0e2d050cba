import { expect, test as base } from '@playwright/test';

/**
 * Every journey's page fails its test on a Content Security Policy violation in the console
 * (security.md SEC-12b): the strict CSP must hold for everything the explorer really does.
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
