import { execFile } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DatasetPageSchema, SearchResultsSchema, UsageSchema } from '../shared/api/schemas';
import { ScorePriceSchema } from '../shared/api/price';
import { readCsv, toCsv } from '../shared/csv';
import { scoresCsv } from '../web/features/scores/csv';
import { approveDevice } from '../emulator/testing/device-flow';
import { userIdFor } from '../proxy/auth/user-auth';
import { useCli } from '../launcher/testing/cli-session';

// The command line as a person runs it: a process of its own (no terminal attached, as in a
// script), signed in by device code, against a real proxy and emulator
// (src/launcher/testing/cli-session.ts). Here one person's session, from sign-in through scores to
// sign-out; the upgrade check: cli-upgrade.test.ts; mistakes: cli-mistakes.test.ts.
const {
  start,
  cli,
  codeShown,
  credentialsFile,
  credentials,
  url,
  home,
  emulator,
  transcript,
  tokensSeen,
  meter,
  realmRefresh,
  asUser,
} = useCli();

describe('npx lci-explorer', () => {
  it('signs in by device code: the person approves in a browser, the tokens stay private', async () => {
    const login = start(['login']);
    const code = await codeShown(login);
    expect(login.stderr()).toContain(`open ${emulator().origin}/realms/explorer/device`);
    await approveDevice({ emulatorOrigin: emulator().origin, userCode: code, username: 'devon' });
    const result = await login.done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Signed in at ${url()} as devon.`);

    const file = await stat(credentialsFile());
    expect(file.mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(credentialsFile()))).mode & 0o777).toBe(0o700);
    await credentials();
  });

  it('says what scores would add to the bill, and charges nothing unasked', async () => {
    const result = await cli([
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids',
      '8279,2989',
      '--indicators',
      '964',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Scores of 2 datasets × 1 indicator in 3.12 cutoff (1 call). This adds to this period's bill: 2 new datasets, 1 new indicator and you as a user.",
    );
    expect(result.stderr.trim().split('\n').at(-1)).toMatch(
      /^lci-explorer: this adds .* --yes to accept$/,
    );
    expect(result.stdout).toBe('');
    expect((await meter()).dataset_ids).toEqual([]);
    // The bill is the proxy's price for the same set, which the explorer's pages state too.
    const price = ScorePriceSchema.parse(
      await (
        await asUser('/api/scores/price', {
          method: 'POST',
          body: JSON.stringify({
            requests: [
              {
                version: '3.12',
                system_model: 'cutoff',
                dataset_ids: [8279, 2989],
                indicator_ids: [964],
              },
            ],
          }),
        })
      ).json(),
    );
    expect(result.stderr).toContain(`This adds to this period's bill: ${price.summary}.`);
  });

  it('fetches scores with --yes, exact, charged to the user on the usage and the meter', async () => {
    const result = await cli(
      ['scores', '--release', '3.12/cutoff', '--indicators', '964', '--yes'],
      {
        input: '# my datasets\n8279\n2989\n',
      },
    );
    expect(result.code).toBe(0);
    const [header = '', ...rows] = result.stdout.trim().split('\n');
    // The browser's scores export has the very same columns, so one script reads both.
    expect(header).toBe(scoresCsv({ version: '3.12', systemModel: 'cutoff' }, []).trim());
    expect(header).toBe(
      'version,system_model,dataset_id,activity,product,geography,reference_unit,indicator_id,method,category,indicator,score,unit,score_note,activity_uuid,product_uuid,file_name,service,retrieved_at,explorer_version,evidence_digest,format',
    );
    const column = header.split(',').indexOf('score');
    const cells = readCsv(rows.join('\n')).map((row) => row.cells);
    expect(cells.every((row) => row.at(-1) === 'lci-explorer.scores/2')).toBe(true);
    // Every row says where it came from: the dataset's file, the service, when, and its digest.
    const names = header.split(',');
    for (const row of cells) {
      const cell = (name: string) => row[names.indexOf(name)] ?? '';
      expect(cell('file_name')).toBe(`${cell('activity_uuid')}_${cell('product_uuid')}.spold`);
      expect(cell('service')).toBe(`${new URL(emulator().origin).host}/v0`);
      expect(Date.parse(cell('retrieved_at'))).toBeGreaterThan(0);
      expect(cell('explorer_version')).toMatch(/^\d+\.\d+\.\d+/);
      expect(cell('evidence_digest')).toMatch(/^sha256:[0-9a-f]{64}$/);
    }
    // The same numbers the proxy answers (already charged: asking again costs nothing).
    const page = DatasetPageSchema.parse(
      await (
        await asUser('/api/datasets/batch?version=3.12&system_model=cutoff&limit=2', {
          method: 'POST',
          body: JSON.stringify({ dataset_ids: [8279, 2989], indicator_ids: [964] }),
        })
      ).json(),
    );
    const expected = page.datasets.map((d) => `${d.id}:${String(d.impact_scores[0]?.score)}`);
    expect(cells.map((row) => `${row[2] ?? ''}:${row[column] ?? ''}`)).toEqual(expected);

    const meterNow = await meter();
    expect(meterNow.dataset_ids).toEqual([2989, 8279]);
    expect(meterNow.user_ids).toEqual([userIdFor(`${emulator().origin}/realms/explorer`, 'devon')]);
    const usage = await cli(['usage', '--format', 'json']);
    expect(UsageSchema.parse(JSON.parse(usage.stdout)).charges).toEqual([
      expect.objectContaining({
        mine: true,
        newUser: true,
        // One call per set, whatever order it was typed in (the planner sorts, so pages and
        // programs share one cached answer).
        datasets: [2989, 8279],
        indicators: [964],
      }),
    ]);
    const text = await cli(['usage']);
    expect(text.stdout).toContain(
      'Your requests added 2 dataset(s) and 1 indicator(s) in 1 charge(s):',
    );
  });

  it('pages a long list, shows its progress and names the datasets the release lacks', async () => {
    const ids: number[] = [];
    for (const from of [0, 100]) {
      const search = SearchResultsSchema.parse(
        await (
          await asUser(`/api/datasets?version=3.12&system_model=cutoff&limit=100&from=${from}`)
        ).json(),
      );
      ids.push(
        ...search.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))),
      );
    }
    const asked = [...new Set(ids)].slice(0, 150);
    expect(asked).toHaveLength(150);
    const listFile = path.join(home(), 'ids.txt');
    await writeFile(listFile, [...asked, 2_000_000_000].join('\n'));
    const result = await cli([
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids-file',
      listFile,
      '--indicators',
      '964',
      '--format',
      'json',
      '--yes',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('(2 calls)');
    expect(result.stderr).toContain('Score calls: 2 of 2 (100 %)');
    expect(result.stderr).toContain(
      'Not in 3.12 cutoff, so not in the output: 1 dataset(s): 2000000000',
    );
    const answer = JSON.parse(result.stdout) as {
      version: string;
      datasets_not_in_release: number[];
      rows: { dataset_id: number; score: number }[];
    };
    expect(answer.version).toBe('3.12');
    expect(answer.datasets_not_in_release).toEqual([2_000_000_000]);
    expect(answer.rows.map((row) => row.dataset_id)).toEqual(asked);
    expect(answer.rows.every((row) => typeof row.score === 'number')).toBe(true);
    expect((await meter()).dataset_ids).toHaveLength(new Set([...asked, 8279, 2989]).size);
  });

  it('verifies a saved export against the evidence the proxy kept, naming the row changed', async () => {
    const out = path.join(home(), 'verify.csv');
    const scored = ['scores', '--release', '3.12/cutoff', '--yes', '--ids', '8279,2989'];
    expect((await cli([...scored, '--indicators', '964,882', '--out', out])).code).toBe(0);
    const asSaved = await cli(['verify', out]);
    expect(asSaved.code).toBe(0);
    expect(asSaved.stdout).toContain('4 rows checked');
    expect(asSaved.stdout).toContain('4 match');

    // One score changed by hand, in the file's third row (the header is row 1).
    const table = readCsv(await readFile(out, 'utf8')).map((row) => row.cells);
    const scoreAt = (table[0] ?? []).indexOf('score');
    const changed = table.map((cells, i) =>
      i === 2 ? cells.map((cell, c) => (c === scoreAt ? String(Number(cell) * 2) : cell)) : cells,
    );
    await writeFile(out, toCsv(changed));
    const edited = await cli(['verify', out]);
    expect(edited.code).toBe(1);
    expect(edited.stdout).toMatch(/^row 3 \[dataset \d+, indicator \d+\]: differs .*\(score\)$/m);
    expect(edited.stdout.match(/^row /gm)).toHaveLength(1);
    expect(edited.stderr).toContain('1 of 4 rows differ from what the data service answered');

    // The JSON export, one row's time changed: named by its place in `rows`.
    const json = path.join(home(), 'verify.json');
    expect(
      (await cli([...scored, '--indicators', '964', '--format', 'json', '--out', json])).code,
    ).toBe(0);
    const saved = JSON.parse(await readFile(json, 'utf8')) as { rows: Record<string, unknown>[] };
    const second = saved.rows[1];
    if (second) second.retrieved_at = '2020-01-01T00:00:00.000Z';
    await writeFile(json, JSON.stringify(saved));
    const answer = await cli(['verify', json, '--format', 'json']);
    expect(answer.code).toBe(1);
    const report = JSON.parse(answer.stdout) as {
      rows: { row: number; status: string; fields: string[] }[];
    };
    expect(report.rows.map(({ row, status, fields }) => ({ row, status, fields }))).toEqual([
      { row: 0, status: 'match', fields: [] },
      { row: 1, status: 'differs', fields: ['retrieved_at'] },
    ]);

    // A script's token in the environment is used as it is, with no sign-in kept here.
    const elsewhere = { XDG_CONFIG_HOME: path.join(home(), 'no-sign-in') };
    const { session } = await credentials();
    const byToken = await cli(['verify', json], {
      env: { ...elsewhere, LCI_EXPLORER_TOKEN: session.accessToken },
    });
    expect(byToken.stdout).toContain('rows[1] [dataset');
    const badToken = await cli(['verify', json], {
      env: { ...elsewhere, LCI_EXPLORER_TOKEN: 'not-a-token' },
    });
    expect(badToken.code).toBe(1);
    expect(badToken.stderr).toMatch(/^lci-explorer: LCI_EXPLORER_TOKEN was refused/);

    // Not a scores export: said in one line, nothing sent.
    const other = path.join(home(), 'other.csv');
    await writeFile(other, 'a,b\n1,2\n');
    const refused = await cli(['verify', other]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^lci-explorer: .*other\.csv: The CSV is not a scores export/,
    );
    expect((await cli(['verify'])).code).toBe(2);
    // Nine CLI processes, each starting Node and tsx: about 2 s apiece with a core kept busy, so
    // the 20 s default ran out once on a clean clone beside other work.
  }, 60_000);

  it('writes XLSX that a spreadsheet reads with the same numbers', async () => {
    const out = path.join(home(), 'scores.xlsx');
    const result = await cli([
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids',
      '8279',
      '--indicators',
      '964',
      '--format',
      'xlsx',
      '--out',
      out,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('already charged this period, nothing more to pay');
    // Read as a spreadsheet program would: the workbook's first sheet, row 2, the score (L).
    const { stdout } = await promisify(execFile)('python3', [
      '-c',
      `import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
sheet = z.read('xl/worksheets/sheet1.xml').decode()
print(re.search(r'<c r="C2"[^>]*><v>([^<]+)</v>', sheet).group(1), re.search(r'<c r="L2"[^>]*><v>([^<]+)</v>', sheet).group(1))`,
      out,
    ]);
    const csv = await cli([
      'scores',
      '--release',
      '3.12/cutoff',
      '--ids',
      '8279',
      '--indicators',
      '964',
    ]);
    const [csvHeader = [], csvRow = []] = readCsv(csv.stdout).map((row) => row.cells);
    expect(stdout.trim()).toBe(`8279 ${csvRow[csvHeader.indexOf('score')] ?? ''}`);
  });

  it('renews an expired sign-in with its refresh token, one process at a time', async () => {
    const before = await credentials();
    await writeFile(
      credentialsFile(),
      JSON.stringify({
        ...before.file,
        sessions: { [url()]: { ...before.session, expiresAt: 0 } },
      }),
      { mode: 0o600 },
    );
    // Another run is renewing (its lock is held): neither of these may renew meanwhile.
    const lock = path.join(path.dirname(credentialsFile()), 'credentials.lock');
    await writeFile(lock, '', { flag: 'wx' });
    const runs = [start(['token']), start(['token'])];
    // Time for both to start (Node and tsx, about 0.5 s each here) and reach the lock.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await credentials()).session.expiresAt).toBe(0);
    await rm(lock);
    const [a, b] = await Promise.all([runs[0]?.done, runs[1]?.done]);
    if (!a || !b) throw new Error('two runs were started');
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout).toBe(b.stdout);
    const after = await credentials();
    expect(a.stdout.trim()).toBe(after.session.accessToken);
    expect(after.session.accessToken).not.toBe(before.session.accessToken);
    expect(after.session.expiresAt).toBeGreaterThan(Date.now());
    // The refresh token was used once and rotated: the old one is spent.
    expect(after.session.refreshToken).not.toBe(before.session.refreshToken);
    expect((await realmRefresh(before.session.refreshToken)).status).toBe(400);
  });

  it('signs out: the sign-in is given back and forgotten', async () => {
    const { session } = await credentials();
    const result = await cli(['logout']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Signed out of ${url()} (devon).`);
    await expect(stat(credentialsFile())).rejects.toThrow(/ENOENT/);
    expect((await realmRefresh(session.refreshToken)).status).toBe(400);
    const after = await cli(['usage']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain(
      `not signed in at ${url()}: run \`npx lci-explorer login --url ${url()}\``,
    );

    // Nothing the command line printed along the way held a token.
    expect(tokensSeen().size).toBeGreaterThan(2);
    for (const token of tokensSeen()) expect(transcript()).not.toContain(token);
  });
});
