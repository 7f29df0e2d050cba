import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * ESLint with the project's configuration, run on one file for its walls alone: the other rules
 * and the type information they need (a TypeScript program for the whole tree, 7 s a run) are
 * left out, as they have no say in an import's path.
 */
const LINT_WALLS = `
import { ESLint } from 'eslint';
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});
const results = await eslint.lintFiles([process.argv[1]]);
process.stdout.write(JSON.stringify(results));
`;

/**
 * Lints a file planted in the tree for the duration of the call, as `npm run lint` would see it:
 * the walls are the project's own ESLint configuration, read from the tree.
 */
function lintPlanted(folder: string, source: string) {
  const dir = path.join(ROOT, folder);
  const file = path.join(dir, `planted-${randomUUID().slice(0, 8)}.ts`);
  const made = !existsSync(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, source);
  try {
    // A process of its own, as `npm run lint` is: the configuration reads the tree afresh.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_WALLS, file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`ESLint did not run: ${run.stderr}`);
    const [result] = JSON.parse(run.stdout) as {
      messages: { ruleId: string | null; message: string }[];
    }[];
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) =>
        message.message.replace(/^.* is restricted from being used by a pattern\. /, ''),
      );
  } finally {
    rmSync(made ? dir : file, { recursive: true, force: true });
  }
}

describe('the import walls (npm run lint)', () => {
  it('keep the scores domain below the features: it may not import one', () => {
    const messages = lintPlanted(
      'src/web/features/scores',
      "import { comparisonExport } from '../compare/export';\nexport const planted = comparisonExport;\n",
    );
    expect(messages).toEqual([
      'features/scores is below the features, which use it: it must not import features/compare.',
    ]);
  }, 60_000);

  it('let a feature use the scores domain but no other feature', () => {
    const messages = lintPlanted(
      'src/web/features/history',
      "import { scoresTable } from '../scores/csv';\nimport { comparisonExport } from '../compare/export';\nexport const planted = [scoresTable, comparisonExport];\n",
    );
    expect(messages).toEqual([
      'features/history must not import features/compare; compose them in src/web/app.',
    ]);
  }, 60_000);

  it('wall in a feature folder the day it is made, without editing the configuration', () => {
    const messages = lintPlanted(
      `src/web/features/brand-new-${randomUUID().slice(0, 8)}`,
      "import { scoresTable } from '../scores/csv';\nimport { comparisonExport } from '../compare/export';\nexport const planted = [scoresTable, comparisonExport];\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^features\/brand-new-\w+ must not import features\/compare; compose them in src\/web\/app\.$/,
      ),
    ]);
  }, 60_000);
});
