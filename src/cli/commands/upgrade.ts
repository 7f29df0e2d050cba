import type { ListEntry } from '../../shared/api/routes';
import type { Api } from '../api';
import type { Io } from '../io';
import { writeTable, type Format } from '../output';

export interface UpgradeOptions {
  from: string;
  to: string;
  systemModel: string;
  entries: ListEntry[];
  format: Format;
  out: string | undefined;
}

/**
 * Which datasets of a list from one release hold in another (free: documentation only): the
 * explorer's upgrade check, with the proxy reading the releases first when it has not yet.
 */
export async function upgrade(api: Api, io: Io, options: UpgradeOptions) {
  io.say(
    `Checking ${options.entries.length} entries from ${options.from} against ${options.to} ${options.systemModel}: free, no scores are asked.`,
  );
  // The proxy reads a release whole the first time it is compared (free calls).
  let listing = false;
  const check = await api(
    'upgradeCheck',
    {
      query: { version: options.to, system_model: options.systemModel, from: options.from },
      body: { entries: options.entries },
    },
    ({ answer, status }) => {
      const progress = answer as { done?: unknown; total?: unknown; code?: unknown } | undefined;
      if (status === 429)
        io.say(
          progress?.code === 'local_work_busy'
            ? 'The explorer is busy with other large answers; waiting as it asks.'
            : 'Your request limit is reached; waiting as the explorer asks.',
        );
      else if (typeof progress?.done !== 'number' || typeof progress.total !== 'number') return;
      else if (progress.total > 0)
        io.progress('Reading the releases (datasets)', progress.done, progress.total);
      else if (!listing) {
        listing = true;
        io.say('The explorer is reading the releases once (free): listing their datasets…');
      }
    },
  );
  if (check.status !== 'ready') return;
  const counts = Object.entries(check.counts)
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${verdict}`)
    .join(', ');
  io.say(`Verdicts: ${counts}.`);
  const { from, to } = check;
  await writeTable(
    {
      header: [
        'line',
        'verdict',
        `${from}_id`,
        `${from}_activity`,
        `${from}_product`,
        `${from}_geography`,
        `${to}_id`,
        `${to}_activity`,
        `${to}_product`,
        `${to}_geography`,
        'matched_by',
        'source',
        'changed_fields',
        'candidates',
      ],
      rows: check.results.map((result) => [
        result.line,
        result.verdict,
        result.source?.id ?? '',
        result.source?.activity ?? '',
        result.source?.product ?? '',
        result.source?.geography ?? '',
        result.target?.id ?? '',
        result.target?.activity ?? '',
        result.target?.product ?? '',
        result.target?.geography ?? '',
        result.how ?? '',
        // Where the verdict comes from: ecoinvent's change reports, or documentation alone.
        result.source === null
          ? ''
          : result.reports.length > 0
            ? result.reports.join('; ')
            : 'inferred from documentation',
        result.fields.join(' '),
        result.candidates.map((candidate) => candidate.dataset.id).join(' '),
      ]),
      about: { from, to, system_model: check.system_model, checked_at: new Date().toISOString() },
    },
    options.format,
    options.out,
    io,
  );
}
