// `npm run docs:api`: writes the proxy README's API table from the route table.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withApiTable } from '../proxy/routes/api-table';

const readmePath = path.join(import.meta.dirname, '../proxy/README.md');
const written = withApiTable(await readFile(readmePath, 'utf8'));
if (written === undefined) {
  console.error(`${readmePath} has no API table markers; nothing was written`);
  process.exit(1);
}
await writeFile(readmePath, written);
console.log(`${readmePath}: API table written from src/shared/api/routes.ts`);
