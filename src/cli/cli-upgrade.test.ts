import { describe, expect, it } from 'vitest';
import { ChangesSchema, UpgradeCheckSchema } from '../shared/api/schemas';
import { readCsv } from '../shared/csv';
import { parseDatasetList } from '../shared/dataset-list';
import { mappingToCsv } from '../web/features/upgrade/export';
import { useCli } from '../launcher/testing/cli-session';

// The command line as a person runs it (src/launcher/testing/cli-session.ts), signed in as devon:
// the upgrade check of a list, and the mapping it writes as the browser does.
const { cli, meter, asUser } = useCli({ signedInAs: 'devon' });

describe('npx lci-explorer', () => {
  it('checks a list against another release for free', async () => {
    const charged = await meter();
    const result = await cli(['upgrade', '--from', '3.11', '--to', '3.12'], {
      input: '8279\n2989\n',
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('free, no scores are asked');
    const [header, ...rows] = result.stdout.trim().split('\n');
    expect(header).toMatch(/^line,change,same_dataset_id,3\.11_id,.*3\.12_id,.*,format$/);
    expect(rows.map((row) => row.split(',').slice(0, 1))).toEqual([['1'], ['2']]);
    expect(await meter()).toEqual(charged);
  });

  it("writes the browser's mapping: a split to all its successors, an unreadable line kept", async () => {
    // A dataset of 3.10 that ecoinvent's report 3.10 → 3.11 split in three or more.
    let changes: unknown;
    do {
      const answer = await asUser('/api/changes?version=3.11&system_model=cutoff&from=3.10');
      changes = await answer.json();
      // The releases are being read (202): ask again as the explorer does.
      if (answer.status === 202) await new Promise((resolve) => setTimeout(resolve, 200));
    } while ((changes as { status: string }).status !== 'ready');
    const ready = ChangesSchema.parse(changes);
    if (ready.status !== 'ready') throw new Error('not ready');
    const splits = new Map<number, typeof ready.rows>();
    for (const row of ready.rows)
      if (row.change === 'split' && row.basis === 'change report' && row.from)
        splits.set(row.from.id, [...(splits.get(row.from.id) ?? []), row]);
    const [splitId, parts = []] = [...splits].find(([, rows]) => rows.length >= 3) ?? [];
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const list = `${splitId}\nnot a dataset\n8279\n${splitId}\n`;
    const result = await cli(['upgrade', '--from', '3.10', '--to', '3.12'], { input: list });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('1 line(s) could not be read');
    const parsed = parseDatasetList(list);
    if (!parsed.ok) throw new Error(parsed.error);
    // The command above read the releases: the proxy answers at once.
    const check = UpgradeCheckSchema.parse(
      await (
        await asUser('/api/upgrade-check?version=3.12&system_model=cutoff&from=3.10', {
          method: 'POST',
          body: JSON.stringify({ entries: parsed.entries }),
        })
      ).json(),
    );
    if (check.status !== 'ready') throw new Error('the check is not ready');
    const browser = mappingToCsv({
      check,
      chosen: new Map(),
      indicators: [],
      scores: { of: () => ({ datasets: new Map(), scores: new Map(), answered: () => false }) },
      problems: parsed.problems,
    });
    expect(result.stdout).toBe(browser);
    const rows = readCsv(result.stdout).map((row) => row.cells);
    const [header = [], ...body] = rows;
    const column = (name: string) => header.indexOf(name);
    const split = body.filter((row) => row[0] === '1');
    expect(split.map((row) => row[column('change')])).toEqual(parts.map(() => 'split'));
    expect(split.map((row) => Number(row[column('3.12_id')])).length).toBe(parts.length);
    expect(split.every((row) => row[column('3.12_spold_file')]?.endsWith('.spold'))).toBe(true);
    expect(body.find((row) => row[0] === '2')?.[column('change')]).toBe('unreadable');
    expect(body.find((row) => row[0] === '4')?.[column('change')]).toBe('repeated');
  });
});
