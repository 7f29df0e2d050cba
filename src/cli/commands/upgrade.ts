import type { ListEntry } from '../../shared/api/routes';
import type { ListProblem } from '../../shared/dataset-list';
import { MAPPING_FORMAT, mappingHeader, mappingRows } from '../../shared/exports/mapping';
import { ENTRY_CHANGES } from '../../shared/matching/words';
import type { Api } from '../api';
import type { Io } from '../io';
import { writeTable, type Format } from '../output';

export interface UpgradeOptions {
  from: string;
  to: string;
  systemModel: string;
  entries: ListEntry[];
  /** Lines of the list that were not checked, written into the mapping with why. */
  problems: ListProblem[];
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
  const counts = ENTRY_CHANGES.map(
    (change) =>
      [change, check.results.filter((result) => result.change === change).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([change, count]) => `${count} ${change}`);
  if (options.problems.length > 0)
    counts.push(`${options.problems.length} not checked (unreadable or repeated)`);
  io.say(`What became of them: ${counts.join(', ')}.`);
  const { from, to } = check;
  // The mapping the explorer's upgrade check exports, row for row (src/shared/exports/mapping.ts).
  await writeTable(
    {
      header: mappingHeader(from, to),
      rows: mappingRows({ check, problems: options.problems }).map((row) => row.cells),
      format: MAPPING_FORMAT,
      about: { from, to, system_model: check.system_model, checked_at: new Date().toISOString() },
    },
    options.format,
    options.out,
    io,
  );
}
