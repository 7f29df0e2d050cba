import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ProxyError } from '../errors';
import { UsageLedger } from './ledger';

const tempFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'ledger-')), 'usage.jsonl');
const ledgerAt = (
  file: string | undefined,
  now = () => Date.parse('2026-06-01T00:00:00Z'),
  budget = {},
) =>
  new UsageLedger({ file, budget: { datasets: undefined, indicators: undefined, ...budget }, now });

describe('the usage ledger', () => {
  it('counts unique datasets, indicators and users, and nothing without scores', () => {
    const ledger = ledgerAt(undefined);
    ledger.record('a', [1, 2], [882]);
    ledger.record('b', [2], [882, 964]);
    ledger.record('c', [3], []);
    expect(ledger.snapshot()).toMatchObject({
      period: '2026',
      datasets: 2,
      indicators: 2,
      users: 2,
    });
  });

  it('is read back from its file after a restart', () => {
    const file = tempFile();
    const first = ledgerAt(file);
    first.record('a', [1, 2], [882]);
    first.close();
    const again = ledgerAt(file);
    expect(again.chargedIds()).toEqual({ datasets: [1, 2], indicators: [882] });
    expect(again.snapshot().users).toBe(1);
  });

  it('ignores a line torn by a crash, and the charges of earlier periods', () => {
    const file = tempFile();
    appendFileSync(
      file,
      '{"period":"2025","datasets":[9],"indicators":[1]}\n{"period":"2026","datasets":[5],"indicators":[7]}\n{"period":"2026","datas',
    );
    expect(ledgerAt(file).chargedIds()).toEqual({ datasets: [5], indicators: [7] });
  });

  it('refuses what would pass the budget, counting only new charges, at most a page of them', () => {
    const ledger = ledgerAt(undefined, undefined, { datasets: 3 });
    ledger.record('a', [1, 2], [882]);
    expect(() => ledger.assertWithinBudget([1, 2, 3], [882])).not.toThrow();
    expect(() => ledger.assertWithinBudget([4, 5], [882])).toThrow(ProxyError);
    expect(() => ledger.assertWithinBudget([4, 5, 6], [882], 1)).not.toThrow();
    expect(() => ledger.assertWithinBudget([4, 5], [])).not.toThrow();
  });

  it('starts a new period with the new year', () => {
    let now = Date.parse('2026-12-31T23:59:00Z');
    const ledger = ledgerAt(undefined, () => now);
    ledger.record('a', [1], [882]);
    now = Date.parse('2027-01-01T00:01:00Z');
    expect(ledger.snapshot()).toMatchObject({ period: '2027', datasets: 0 });
  });

  it('loses no acknowledged charge when its process is killed with SIGKILL', async () => {
    const file = tempFile();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, '../testing/ledger-writer.ts'), file],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let acknowledged = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      acknowledged = Number(line.split(' ')[1]);
      if (acknowledged >= 300) {
        child.kill('SIGKILL');
        break;
      }
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const recovered = ledgerAt(file).chargedIds().datasets;
    const missing = Array.from({ length: acknowledged }, (_, i) => i + 1).filter(
      (id) => !recovered.includes(id),
    );
    expect(missing).toEqual([]);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
  }, 30_000);
});
