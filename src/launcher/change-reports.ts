import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { changeReport, reportPairs } from '../emulator/data/change-reports';
import type { DataStore } from '../emulator/data/store';

/**
 * The emulator's change reports, as its `/change-reports` route publishes them, written to a
 * folder of their own for the proxy to read (`CHANGE_REPORTS_DIR`), as an operator puts
 * ecoinvent's there for the real service: the same reader takes both.
 */
export async function writeEmulatorReports(
  store: DataStore,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lci-explorer-change-reports-'));
  for (const pair of reportPairs()) {
    const report = changeReport(store, pair);
    if (report) await writeFile(join(dir, `${report.name}.json`), JSON.stringify(report));
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
