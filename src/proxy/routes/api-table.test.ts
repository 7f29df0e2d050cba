import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '../../shared/api/routes';
import { apiTable, withApiTable } from './api-table';

/** A Markdown table's cells, row by row, whatever its padding. */
const cells = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );

describe('the proxy README’s API table', () => {
  it('is the route table: every route, its query and what it answers (npm run docs:api rewrites it)', async () => {
    const readme = await readFile(path.join(import.meta.dirname, '../README.md'), 'utf8');
    const written = withApiTable(readme);
    expect(written, 'src/proxy/README.md lost its API table markers').toBeDefined();
    expect(cells(readme)).toEqual(cells(written ?? ''));
  });

  it('lists every route of the table with its method, path and query', () => {
    const table = cells(apiTable());
    for (const route of Object.values(API)) {
      expect(table.some(([call]) => call?.startsWith(`\`${route.method} ${route.path}`))).toBe(
        true,
      );
    }
    expect(table).toContainEqual([
      '`GET /api/datasets/{id}?version&system_model&indicator_ids`',
      expect.stringContaining('charged'),
      'for good',
    ]);
  });
});
