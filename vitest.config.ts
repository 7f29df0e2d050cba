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
          include: ['src/{shared,proxy,emulator,launcher}/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: ['src/web/**/*.live.test.{ts,tsx}'],
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
