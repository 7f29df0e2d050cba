import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { textHash, type DatasetDoc } from '../../shared/matching/dataset-doc';
import type { ReportKey } from '../../shared/matching/change-report';
import { ReleaseIndex } from '../../shared/matching/release-index';
import { resolveReport } from '../../shared/matching/report-match';
import { ConfigError } from '../config';
import { startProxyProcess } from '../testing/proxy-process';
import { loadChangeReports, MAX_REPORT_BYTES } from './load-reports';

// ecoinvent's own change reports (brightway-lca/ecoinvent_migrate, CC BY 4.0), as an operator
// would put them in CHANGE_REPORTS_DIR.
const REAL = join(import.meta.dirname, 'real-reports');
const raw = async (file: string) =>
  JSON.parse(await readFile(join(REAL, file), 'utf8')) as {
    replace: unknown[];
    disaggregate: unknown[];
  };

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});
async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'change-reports-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

const changed = (a: ReportKey, b: ReportKey) =>
  (['name', 'location', 'reference product', 'unit'] as const)
    .filter((field) => a[field] !== b[field])
    .map((field) => (field === 'reference product' ? 'product' : field))
    .join(' + ');

describe('reading ecoinvent’s change reports from a folder', () => {
  it('reads every entry of the real reports, with the counts their README gives', async () => {
    const reports = await loadChangeReports(REAL);
    expect(reports.pairs.map((p) => `${p.from} → ${p.to} ${p.systemModel}`)).toEqual([
      '3.7.1 → 3.8 cutoff',
      '3.8 → 3.9 cutoff',
      '3.9 → 3.9.1 cutoff',
      '3.9.1 → 3.10 cutoff',
    ]);
    const expected = {
      '3.7.1 → 3.8': {
        replace: 255,
        disaggregate: 87,
        kinds: { 'name + product': 118, product: 63, name: 47, location: 27 },
      },
      '3.8 → 3.9': {
        replace: 485,
        disaggregate: 77,
        kinds: {
          name: 208,
          'name + product': 167,
          location: 71,
          product: 17,
          'name + location': 13,
        },
      },
      // The README's table says 1 replacement; the file holds none.
      '3.9 → 3.9.1': { replace: 0, disaggregate: 0, kinds: {} },
      '3.9.1 → 3.10': {
        replace: 517,
        disaggregate: 183,
        kinds: { name: 272, location: 146, 'name + product': 67, 'name + location': 17 },
      },
    };
    for (const pair of reports.pairs) {
      const report = reports.get(pair);
      if (!report) throw new Error('a listed report is missing');
      const file = await raw(`${report.name}.json`);
      const want = expected[`${pair.from} → ${pair.to}` as keyof typeof expected];
      expect(report.replace).toHaveLength(file.replace.length);
      expect(report.disaggregate).toHaveLength(file.disaggregate.length);
      expect([report.replace.length, report.disaggregate.length]).toEqual([
        want.replace,
        want.disaggregate,
      ]);
      const kinds: Record<string, number> = {};
      for (const entry of report.replace) {
        const kind = changed(entry.source, entry.target);
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      expect(kinds).toMatchObject(want.kinds);
      for (const entry of report.disaggregate)
        expect(entry.targets.reduce((sum, t) => sum + t.allocation, 0)).toBeCloseTo(1, 6);
    }
    // Locations move along the geography tree and its renamings, as the README lists.
    const moves: Record<string, number> = {};
    for (const entry of reports.get({ from: '3.9.1', to: '3.10', systemModel: 'cutoff' })
      ?.replace ?? [])
      if (entry.source.location !== entry.target.location) {
        const move = `${entry.source.location} → ${entry.target.location}`;
        moves[move] = (moves[move] ?? 0) + 1;
      }
    expect(moves).toMatchObject({
      'RoW → GLO': 51,
      'GLO → RoW': 24,
      'CH → RoW': 17,
      'CH → RER': 17,
      'Europe without Switzerland → RoE': 10,
      'Europe, without Russia and Turkey → Europe, without Russia and Türkiye': 8,
      'RNA → RoW': 4,
      'RNA → CA': 2,
      'CA-QC → CA': 2,
    });
  });

  it('matches each entry to datasets by names, and lists every one it cannot match', async () => {
    const reports = await loadChangeReports(REAL);
    const report = reports.get({ from: '3.9.1', to: '3.10', systemModel: 'cutoff' });
    if (!report) throw new Error('no 3.9.1 → 3.10');
    // Two releases holding the first 20 replacements and 10 splits, one split target missing.
    let id = 0;
    const doc = (key: ReportKey): DatasetDoc => ({
      id: ++id,
      activity: key.name,
      product: key['reference product'],
      unit: key.unit,
      geography: `${key.location} (${key.location})`,
      time_period: null,
      activity_type: null,
      isic_class: null,
      isic_section: null,
      sectors: [],
      description_hash: textHash(key.name),
      activity_spold_uuid: null,
      product_spold_uuid: null,
      geography_spold_uuid: null,
    });
    const replace = report.replace.slice(0, 20);
    const splits = report.disaggregate.slice(0, 10);
    const before = [...replace.map((e) => doc(e.source)), ...splits.map((e) => doc(e.source))];
    const after = [
      ...replace.map((e) => doc(e.target)),
      ...splits.flatMap((e, i) => (i === 0 ? e.targets.slice(1) : e.targets).map(doc)),
    ];
    const resolved = resolveReport(
      report,
      { from: '3.9.1', to: '3.10' },
      new ReleaseIndex(before),
      new ReleaseIndex(after),
    );
    expect(resolved.entries).toBe(517 + 183);
    expect(resolved.applied).toBe(30);
    expect(resolved.links.get(1)?.targets.map((t) => t.doc.activity)).toEqual([
      replace[0]?.target.name,
    ]);
    // Every entry that named no dataset of these releases is listed with why, none dropped.
    expect(resolved.unmatched).toHaveLength(517 + 183 - 30 + 1);
    expect(resolved.unmatched.filter((u) => u.reason.startsWith('applied in part'))).toHaveLength(
      1,
    );
    expect(resolved.unmatched[0]?.reason).toMatch(/^no dataset of 3\.9\.1 is /);
  });

  it('stops start-up with one line naming a file that is not a change report', async () => {
    const report = (name: string) => JSON.stringify({ name, replace: [], disaggregate: [] });
    const cases: [Record<string, string>, RegExp][] = [
      [{ 'a.json': '{ nope' }, /a\.json is not JSON/],
      [
        { 'b.json': JSON.stringify({ name: 'x', replace: [{ source: {} }] }) },
        /b\.json is not a change report \(replace\.0\.source\.name/,
      ],
      [{ 'c.json': report('my-report') }, /c\.json is named "my-report"/],
      [
        {
          'd.json': report('ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff'),
          'e.json': report('ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff'),
        },
        /e\.json repeats the report ecoinvent-3\.11-cutoff-ecoinvent-3\.12-cutoff/,
      ],
    ];
    for (const [files, message] of cases) {
      const attempt = loadChangeReports(await folder(files));
      await expect(attempt).rejects.toThrow(ConfigError);
      await expect(attempt).rejects.toThrow(message);
    }
    await expect(loadChangeReports('/nonexistent/reports')).rejects.toThrow(
      /CHANGE_REPORTS_DIR: cannot read/,
    );
    // Other files are not reports; no folder at all means inference only.
    const dir = await folder({
      'README.md': '# notes',
      'r.json': report('ecoinvent-3.11-apos-ecoinvent-3.12-apos'),
    });
    expect((await loadChangeReports(dir)).pairs).toEqual([
      { from: '3.11', to: '3.12', systemModel: 'apos' },
    ]);
    expect((await loadChangeReports(undefined)).pairs).toEqual([]);
  });

  it('reads regular files inside the folder only, of a bounded size, refusing anything else by name', async () => {
    const report = JSON.stringify({
      name: 'ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff',
      replace: [],
      disaggregate: [],
    });
    // A valid report outside the folder: read through a link, it would load.
    const outside = join(await folder({ 'elsewhere.json': report }), 'elsewhere.json');
    const linked = await folder({});
    await symlink(outside, join(linked, 'linked.json'));
    const passwd = await folder({});
    await symlink('/etc/passwd', join(passwd, 'passwd.json'));
    const fifo = await folder({});
    execFileSync('mkfifo', [join(fifo, 'pipe.json')]);
    const directory = await folder({});
    await mkdir(join(directory, 'sub.json'));
    // Sparse: its size without its bytes.
    const large = await folder({ 'huge.json': '' });
    await truncate(join(large, 'huge.json'), MAX_REPORT_BYTES + 1);
    const cases: [string, RegExp][] = [
      [
        linked,
        /^CHANGE_REPORTS_DIR: linked\.json is a symbolic link; only regular files inside the folder are read$/,
      ],
      [passwd, /^CHANGE_REPORTS_DIR: passwd\.json is a symbolic link/],
      [fifo, /^CHANGE_REPORTS_DIR: pipe\.json is a named pipe \(FIFO\), not a regular file/],
      [directory, /^CHANGE_REPORTS_DIR: sub\.json is a directory, not a regular file/],
      [
        large,
        /^CHANGE_REPORTS_DIR: huge\.json is 32 MB, more than the 32 MB a change report may be$/,
      ],
    ];
    for (const [dir, message] of cases) {
      // The FIFO is refused at once: nothing waits for a writer.
      const attempt = loadChangeReports(dir);
      await expect(attempt).rejects.toThrow(ConfigError);
      await expect(attempt).rejects.toThrow(message);
      await expect(attempt).rejects.not.toThrow(/root:/);
    }
  });

  it('stops the proxy with one line naming the file, no stack trace, when the folder holds a FIFO', async () => {
    const fifo = await folder({});
    execFileSync('mkfifo', [join(fifo, 'pipe.json')]);
    const started = startProxyProcess({
      DATA_API_URL: 'http://127.0.0.1:59',
      DATA_API_CLIENT_ID: 'explorer',
      DATA_API_CLIENT_SECRET: 'not-a-secret',
      AUTH_ISSUER: 'http://127.0.0.1:59/realms/explorer',
      USAGE_LEDGER_PATH: 'none',
      CHANGE_REPORTS_DIR: fifo,
    });
    await expect(started).rejects.toMatchObject({
      exitCode: 1,
      stderr: [expect.stringMatching(/^CHANGE_REPORTS_DIR: pipe\.json is a named pipe/)],
    });
  }, 30_000);
});
