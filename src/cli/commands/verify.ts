import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CheckRow, EvidenceCheck } from '../../shared/api/evidence';
import { readSavedScores, SavedScoresError } from '../../shared/scores/read';
import type { Api } from '../api';
import { CliError } from '../errors';
import type { Io } from '../io';

/** Rows sent in one check: under the route's cap and body limit, whatever the cells hold. */
const ROWS_PER_CALL = 5_000;

const WHY: Record<EvidenceCheck['rows'][number]['status'], string> = {
  match: 'as served',
  differs: 'differs from what the data service answered',
  unknown: 'cannot be vouched for: the proxy keeps no answer with this digest',
  'other service': 'cannot be vouched for: it came from another data service',
  'no evidence': 'cannot be vouched for: it carries no evidence digest',
};

/**
 * `verify FILE`: a saved scores export (CSV or JSON, the explorer's tidy layout) checked against
 * the evidence the proxy kept of the answers it came from (free). Every row that is not as
 * served is named, with what differs; the exit status is 0 only when every row is.
 */
export async function verify(api: Api, io: Io, options: { file: string; format: 'text' | 'json' }) {
  let content: string;
  try {
    content = await readFile(options.file, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${options.file}: ${(error as Error).message}`);
  }
  let saved;
  try {
    saved = readSavedScores(content);
  } catch (error) {
    if (error instanceof SavedScoresError) throw new CliError(`${options.file}: ${error.message}`);
    throw error;
  }
  if (saved.rows.length === 0) throw new CliError(`${options.file} holds no rows to check`);

  const chunks: CheckRow[][] = [];
  for (let from = 0; from < saved.rows.length; from += ROWS_PER_CALL)
    chunks.push(saved.rows.slice(from, from + ROWS_PER_CALL));
  const answers: EvidenceCheck[] = [];
  for (const [i, rows] of chunks.entries()) {
    if (chunks.length > 1) io.progress('Checking', i, chunks.length);
    answers.push(await api('evidenceCheck', { body: { rows } }));
  }
  if (chunks.length > 1) io.progress('Checking', chunks.length, chunks.length);
  const rows = answers.flatMap((answer) => answer.rows);
  const service = answers[0]?.service ?? '';
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const unsure = rows.filter((row) => row.status !== 'match');

  if (options.format === 'json') {
    io.stdout.write(
      `${JSON.stringify({ file: basename(options.file), format: saved.format, service, counts: Object.fromEntries(counts), rows }, null, 2)}\n`,
    );
  } else {
    const place = (n: number) => (saved.kind === 'csv' ? `row ${n}` : `rows[${n}]`);
    const byRow = new Map(saved.rows.map((row) => [row.row, row]));
    const lines = [
      `${basename(options.file)} (${saved.format || 'no format named'}): ${rows.length} row${rows.length === 1 ? '' : 's'} checked against the evidence kept for ${service}`,
      `  ${[...counts].map(([status, count]) => `${count} ${status}`).join(', ')}`,
      ...unsure.map((row) => {
        const what = byRow.get(row.row);
        const fields = row.fields.length > 0 ? ` (${row.fields.join(', ')})` : '';
        const of = what ? ` [dataset ${what.dataset_id}, indicator ${what.indicator_id}]` : '';
        return `${place(row.row)}${of}: ${WHY[row.status]}${fields}`;
      }),
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
  }
  if (unsure.length > 0) {
    const differ = counts.get('differs') ?? 0;
    throw new CliError(
      differ > 0
        ? `${differ} of ${rows.length} rows differ from what the data service answered`
        : `${unsure.length} of ${rows.length} rows cannot be vouched for`,
    );
  }
}
