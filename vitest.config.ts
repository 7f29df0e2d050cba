import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Hooks start emulators, proxies, Redis and nginx: on a busy machine (CI shares its cores)
 * building an emulator alone took over 10 s, Vitest's default for a hook. Each project says it,
 * as inline projects do not take the root's test options.
 */
const HOOK_TIMEOUT = 60_000;

export default defineConfig({
  test: {
    // One test file per core, not Vitest's default of one fewer: on 2 cores that left one file at
    // a time while the servers the tests start waited on their sockets. Both cores: 443 s
    // against 659 s quiet, 660 s against 854 s with one core kept busy, every test passing
    // (`npx vitest run --maxWorkers=N`, which still overrides this).
    maxWorkers: availableParallelism(),
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          hookTimeout: HOOK_TIMEOUT,
          // And the SPA's tests that need Node (the report's PDF read back with pdftotext).
          include: [
            'src/{shared,proxy,emulator,launcher,cli}/**/*.test.ts',
            'src/web/**/*.node.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        // The proxy's tests against the emulator again, in the dialect that serves every other
        // shape the real service may have (issue 11): same tests, same expectations.
        test: {
          name: 'node-variant',
          environment: 'node',
          hookTimeout: HOOK_TIMEOUT,
          include: [
            'src/proxy/app.test.ts',
            'src/proxy/routes/api.test.ts',
            'src/proxy/routes/api-lookups.test.ts',
            'src/proxy/routes/api-refusals.test.ts',
            'src/proxy/sectors/sector-search.test.ts',
            'src/proxy/usage/budget.test.ts',
          ],
          env: { EMULATOR_DIALECT: 'variant' },
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          hookTimeout: HOOK_TIMEOUT,
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: ['src/web/**/*.live.test.{ts,tsx}', 'src/web/**/*.node.test.ts'],
          setupFiles: ['src/web/testing/setup.ts'],
          // A page rendered in jsdom with Mantine took over 5 s (the default) on a busy machine.
          testTimeout: 15_000,
        },
      },
      {
        // The SPA's data layer and pages against a real proxy and emulator, started once.
        plugins: [react()],
        test: {
          name: 'web-live',
          environment: 'jsdom',
          hookTimeout: HOOK_TIMEOUT,
          include: ['src/web/**/*.live.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/setup.ts'],
          globalSetup: ['src/launcher/testing/web-stack.ts'],
          // A page that reads several releases through a real proxy took 13-18 s here at a load
          // average of 8 (Compare across releases): room for CI on shared cores.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
