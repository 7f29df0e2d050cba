import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The parts never import each other; only `shared` is common ground. */
const parts = ['web', 'proxy', 'emulator', 'cli'];
const boundary = (part) => ({
  files: [`src/${part}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: parts
          .filter((other) => other !== part)
          .map((other) => ({
            group: [`**/${other}/*`, `**/${other}`],
            message: `src/${part} must not import src/${other}: the parts share code only through src/shared.`,
          }))
          .concat(part === 'web' ? webOnly : []),
      },
    ],
  },
});

/**
 * zod's classic API hangs every method on every schema, so none of it can be left out of a
 * bundle: about 89 KB minified against about 36 KB for zod/mini, on every page. What the SPA
 * loads (src/web and src/shared) uses zod/mini; the proxy, emulator and CLI may use either.
 */
const zodMini = {
  regex: '^zod$',
  message: "Import from 'zod/mini' here: classic zod costs every page of the SPA about 15 KB gzip.",
};

/**
 * The SPA runs in the browser. It speaks only the proxy's API (src/shared/api): the data
 * service's shapes live in the proxy's adapter and the emulator, which it may not import.
 */
const webOnly = [
  { group: ['node:*'], message: 'The SPA runs in the browser: no Node modules.' },
  zodMini,
  {
    // recharts with its d3 and redux is about 112 KB gzip: no page's first screen waits for it.
    group: ['@mantine/charts', '@mantine/charts/*', 'recharts', 'recharts/*'],
    message:
      'Charts come from src/web/components/charts/lazy-charts.tsx, which loads their code when a chart is first drawn.',
  },
];

/**
 * A feature is self-contained: shared UI goes to components/ or lib/, composition to app/. The
 * list is the folder's, so a new feature is walled in the day it is made.
 */
const features = readdirSync(new URL('src/web/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * Scores cost money on four pages: their queries, consent, bill and prompt are one domain below
 * the features, which any feature may use and which uses none of them.
 */
const BELOW_FEATURES = 'scores';
const featureBoundaries = features.map((feature) => ({
  files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...features
            .filter((other) => other !== feature && other !== BELOW_FEATURES)
            .map((other) => ({
              // A sibling is reached by a relative path that never says "features/".
              group: [
                `**/features/${other}/**`,
                `**/features/${other}`,
                ...['..', '../..', '../../..'].flatMap((up) => [
                  `${up}/${other}`,
                  `${up}/${other}/**`,
                ]),
              ],
              message:
                feature === BELOW_FEATURES
                  ? `features/${BELOW_FEATURES} is below the features, which use it: it must not import features/${other}.`
                  : `features/${feature} must not import features/${other}; compose them in src/web/app.`,
            })),
          { group: ['**/app/**'], message: 'Features must not import from src/web/app.' },
          ...webOnly,
          ...parts
            .filter((other) => other !== 'web')
            .map((other) => ({
              group: [`**/${other}/*`],
              message: `src/web must not import src/${other}.`,
            })),
        ],
      },
    ],
  },
}));

/** Shared code below the features: it knows nothing of them, of the pages or of the routes. */
const sharedLayers = ['lib', 'components'];
const sharedLayerBoundaries = sharedLayers.map((layer) => ({
  files: [`src/web/${layer}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/features/**', '**/features', '**/app/**', '**/app'],
            message: `src/web/${layer} is shared by the features and pages: it imports neither.`,
          },
          ...(layer === 'lib'
            ? [
                {
                  group: ['**/config/**', '**/config'],
                  message:
                    'src/web/lib must not import src/web/config: config (routes, links, theme) is built on lib, not the other way round.',
                },
              ]
            : []),
          ...webOnly,
          ...parts
            .filter((other) => other !== 'web')
            .map((other) => ({
              group: [`**/${other}/*`],
              message: `src/web must not import src/${other}.`,
            })),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'reports', 'test-results', 'playwright-report', 'public/color-scheme.js'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['.ci/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/require-await': 'off',
      // `const { verdict, ...rest } = result` leaves a field out of a copy on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders and middleware throw redirects and 404s as Responses.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }] },
      ],
    },
  },
  ...pluginQuery.configs['flat/recommended-strict'],
  ...parts.map(boundary),
  {
    // Proxy and CLI tests run against the real emulator, the only fake of the data service.
    files: ['src/proxy/**/*.test.ts', 'src/cli/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  ...featureBoundaries,
  ...sharedLayerBoundaries,
  {
    // The SPA's tests that run in Node: the report's PDF read back with poppler's pdftotext.
    files: ['src/web/**/*.node.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'src/shared runs everywhere: no Node modules.' },
            zodMini,
            {
              group: ['**/web/*', '**/proxy/*', '**/emulator/*', '**/launcher/*', '**/cli/*'],
              message: 'src/shared imports nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
