import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
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
          include: [
            'src/proxy/app.test.ts',
            'src/proxy/routes/api.test.ts',
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
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: ['src/web/**/*.live.test.{ts,tsx}', 'src/web/**/*.node.test.ts'],
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
      {
        // The SPA's data layer and pages against a real proxy and emulator, started once.
        plugins: [react()],
        test: {
          name: 'web-live',
          environment: 'jsdom',
          include: ['src/web/**/*.live.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/setup.ts'],
          globalSetup: ['src/launcher/testing/web-stack.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
