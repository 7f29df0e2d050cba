// Prints one closing line, "tests: N passed, N failed", from the Vitest and Playwright JSON reports.
import { existsSync, readFileSync } from 'node:fs';

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const unit = read('reports/vitest.json');
const e2e = read('reports/playwright.json');

let passed = 0;
let failed = 0;
let skipped = 0;
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
}
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
}
const parts = [
  unit
    ? `unit+integration ${unit.numPassedTests}/${unit.numTotalTests}`
    : 'unit+integration not run',
];
parts.push(
  e2e
    ? `journeys ${e2e.stats.expected + e2e.stats.flaky}/${e2e.stats.expected + e2e.stats.flaky + e2e.stats.unexpected}` +
        // A journey that passed only on its retry passed, but is named: it is flaky and needs a look.
        (e2e.stats.flaky ? `, ${e2e.stats.flaky} only on a retry` : '')
    : 'journeys not run',
);
console.log(`(${parts.join(', ')})`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
