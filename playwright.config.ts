import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import type { JourneyOptions } from './e2e/fixtures';
import { JOURNEY_TIMEOUT_MS, STEP_TIMEOUT_MS, workerCount } from './e2e/timing';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH; Playwright's own browser download is not used.`,
  );
}

export default defineConfig<JourneyOptions>({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: workerCount(availableParallelism(), process.env.E2E_WORKERS),
  // A retry hides a flaky journey: CI gets one, and the summary counts a journey that needed it.
  retries: process.env.CI ? 1 : 0,
  timeout: JOURNEY_TIMEOUT_MS,
  expect: { timeout: STEP_TIMEOUT_MS },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  projects: [
    {
      name: 'documented',
      // global-setup starts the stacks on free ports and leaves their addresses for the workers.
      use: { baseURL: process.env.E2E_BASE_URL, emulatorUrl: process.env.E2E_EMULATOR_URL ?? '' },
    },
    {
      // The main journeys again, against the emulator dialect that serves every other shape the
      // real service may have: the proxy's adapter must make them pass unchanged (issue 11).
      name: 'variant',
      testMatch: ['releases.spec.ts', 'explore.spec.ts', 'compare.spec.ts'],
      use: {
        baseURL: process.env.E2E_VARIANT_BASE_URL,
        emulatorUrl: process.env.E2E_VARIANT_EMULATOR_URL ?? '',
      },
    },
  ],
  use: {
    actionTimeout: STEP_TIMEOUT_MS,
    navigationTimeout: STEP_TIMEOUT_MS,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
