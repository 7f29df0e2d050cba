import { readFile } from 'node:fs/promises';
import type { ListEntry } from '../shared/api/routes';
import { describeEntry, parseDatasetList, type ListProblem } from '../shared/dataset-list';
import {
  DEFAULT_SYSTEM_MODEL,
  LATEST,
  ReleaseSegmentSchema,
  type ReleaseRef,
} from '../shared/versions';
import type { Api } from './api';
import { CliError, usageError } from './errors';
import type { Io } from './io';

/**
 * The list a command works on: `--ids 8279,2989`, `--ids-file ids.txt` (`-` for stdin), or
 * stdin when something is piped in. Read as the explorer's upgrade check reads a pasted list
 * (IDs, Spold UUIDs, ecoSpold file names, or a CSV with named columns).
 */
export async function readEntries(
  options: {
    ids: string | undefined;
    idsFile: string | undefined;
    /**
     * Check the lines that can be read and keep the others with why (the upgrade check, which
     * is free), instead of asking nothing (scores, which are charged).
     */
    keepUnreadable?: boolean;
  },
  io: Io,
): Promise<{ entries: ListEntry[]; problems: ListProblem[]; source: string }> {
  let text: string;
  let source: string;
  if (options.ids !== undefined) {
    text = options.ids.split(/[\s,;]+/).join('\n');
    source = '--ids';
  } else if (options.idsFile !== undefined && options.idsFile !== '-') {
    try {
      text = await readFile(options.idsFile, 'utf8');
    } catch (error) {
      throw new CliError(
        `cannot read ${options.idsFile}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
    source = options.idsFile;
  } else if (options.idsFile === '-' || !io.stdinIsTerminal) {
    text = await io.readStdin();
    source = 'stdin';
  } else {
    throw usageError('give the datasets: --ids 8279,2989, --ids-file ids.txt, or a list on stdin');
  }
  const parsed = parseDatasetList(text);
  if (!parsed.ok) throw new CliError(`${source}: ${parsed.error}`);
  const malformed = parsed.problems.filter((problem) => problem.kind === 'malformed');
  for (const problem of malformed.slice(0, 5))
    io.say(`${source}: line ${problem.line}: ${problem.message}`);
  if (malformed.length > 0 && !options.keepUnreadable)
    throw new CliError(
      `${source}: ${malformed.length} line(s) could not be read; nothing was asked`,
    );
  if (malformed.length > 0)
    io.say(
      `${source}: ${malformed.length} line(s) could not be read; they are in the output with why, unchecked.`,
    );
  const repeated = parsed.problems.length - malformed.length;
  if (repeated > 0) io.say(`${source}: ${repeated} repeated line(s) taken once.`);
  if (parsed.entries.length === 0) throw new CliError(`${source}: no datasets in the list`);
  return { entries: parsed.entries, problems: parsed.problems, source };
}

/** Dataset IDs only: scores are asked by ID. */
export function datasetIds(entries: readonly ListEntry[], source: string): number[] {
  const other = entries.find((entry) => entry.kind !== 'id');
  if (other)
    throw new CliError(
      `${source}: line ${other.line} is ${describeEntry(other)}, not a Dataset ID; the upgrade command finds datasets by UUID or name`,
    );
  return entries.flatMap((entry) => (entry.kind === 'id' ? [entry.id] : []));
}

/** A list of integers such as `964,882`. */
export function parseIdList(value: string, option: string): number[] {
  const parts = value.split(/[\s,;]+/).filter(Boolean);
  const ids = parts.map(Number);
  if (parts.length === 0 || ids.some((id) => !Number.isInteger(id) || id <= 0))
    throw usageError(`${option} takes positive whole numbers separated by commas, such as 964,882`);
  return [...new Set(ids)];
}

/** `3.12/cutoff`, `3.12` (cutoff) or `latest/apos`, as written. */
export function parseRelease(value: string, option: string): ReleaseRef {
  const [version = '', systemModel = DEFAULT_SYSTEM_MODEL, ...rest] = value.split('/');
  if (
    rest.length > 0 ||
    !ReleaseSegmentSchema.safeParse(version).success ||
    !ReleaseSegmentSchema.safeParse(systemModel).success
  )
    throw usageError(`${option} is a release such as 3.12/cutoff, not “${value}”`);
  return { version, systemModel };
}

/**
 * The release as the licence lists it, `latest` made concrete: every answer written says which
 * release it is, so a file never claims "latest" once a newer release is out.
 */
export async function listedRelease(api: Api, release: ReleaseRef): Promise<ReleaseRef> {
  const versions = await api('versions');
  const version = release.version === LATEST ? versions.latest : release.version;
  if (version === null) throw new CliError('the licence holds no release');
  const listed = versions.releases.find((entry) => entry.version === version);
  if (!listed?.system_models.includes(release.systemModel)) {
    const offered = versions.releases
      .flatMap((entry) => entry.system_models.map((model) => `${entry.version}/${model}`))
      .join(', ');
    throw new CliError(
      `${version}/${release.systemModel} is not a release of the licence; it lists ${offered}`,
    );
  }
  return { version, systemModel: release.systemModel };
}
