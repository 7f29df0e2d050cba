import { parseArgs } from 'node:util';
import { PublicConfigSchema } from '../shared/config';
import { createApi, type Api } from './api';
import { scores } from './commands/scores';
import { upgrade } from './commands/upgrade';
import { usage } from './commands/usage';
import { verify } from './commands/verify';
import { configDir, CredentialStore } from './credentials';
import { CliError, usageError } from './errors';
import { readJson, send } from './http';
import { datasetIds, listedRelease, parseIdList, parseRelease, readEntries } from './inputs';
import { processIo, type Io } from './io';
import { FORMATS, type Format } from './output';
import { accessToken, logIn, logOut } from './sign-in';

const HELP = `lci-explorer: the explorer's data from a terminal, signed in as you, through its proxy

Usage: npx lci-explorer <command> [options]

  login                 sign in by device code: open the address shown, enter the code
  logout                sign out (the sign-in is given back and deleted here)
  token                 print a current access token, for scripts:
                          export LCI_EXPLORER_TOKEN="$(npx lci-explorer token)"
  scores                scores of datasets × indicators in one release (charged)
      --release 3.12/cutoff   the release (default latest/cutoff)
      --ids 8279,2989         Dataset IDs; or --ids-file ids.txt; or a list on stdin
      --indicators 964,882    indicator IDs
      --format csv|json|xlsx  (default csv) --out file  (default stdout)
      --yes                   accept the charge without being asked (unattended runs)
  upgrade               which datasets of a list still hold in another release (free)
      --from 3.10 --to 3.12 [--system-model cutoff] < ids.txt
      --format csv|json|xlsx  --out file
  usage                 this period's charges and budget [--format text|json]
  verify FILE           check a saved scores export (CSV or JSON) against the evidence the
                        proxy kept of its answers (free): names every row that differs or
                        cannot be vouched for; exit status 0 only when every row is as served
      --format text|json

Options for every command:
  --url URL             the explorer (default: $LCI_EXPLORER_URL, else the last signed in
                        to, else http://localhost:8080)
  --help

With LCI_EXPLORER_TOKEN set, commands use that access token as it is (never renewed)
instead of the sign-in kept by login.

Scores cost money: each command says what it adds to this period's bill before charging.
Answers go to stdout; progress and messages to stderr. Exit status 0 only on success.`;

const OPTIONS = {
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  release: { type: 'string' },
  ids: { type: 'string' },
  'ids-file': { type: 'string' },
  indicators: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string', short: 'o' },
  yes: { type: 'boolean', short: 'y' },
  from: { type: 'string' },
  to: { type: 'string' },
  'system-model': { type: 'string' },
} as const;

/** Which options each command reads; any other is a mistake worth saying. */
const ACCEPTS: Record<string, readonly string[]> = {
  login: [],
  logout: [],
  token: [],
  scores: ['release', 'ids', 'ids-file', 'indicators', 'format', 'out', 'yes'],
  upgrade: ['from', 'to', 'system-model', 'ids', 'ids-file', 'format', 'out'],
  usage: ['format'],
  verify: ['format'],
};

/** Commands that take one positional argument (a file). */
const TAKES_FILE = new Set(['verify']);

function baseUrl(given: string | undefined, last: string | undefined): string {
  const value = given ?? process.env.LCI_EXPLORER_URL ?? last ?? 'http://localhost:8080';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`--url is an address such as http://localhost:8080, not “${value}”`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usageError(`--url must be http or https, not ${url.protocol}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function formatOf(value: string | undefined, allowed: readonly string[], fallback: string) {
  const format = value ?? fallback;
  if (!allowed.includes(format)) throw usageError(`--format is one of ${allowed.join(', ')}`);
  return format;
}

/** The proxy's API as the signed-in user; without a sign-in only where sign-in is off. */
async function connect(url: string, store: CredentialStore): Promise<Api> {
  // A token in the environment (a script's, a CI job's) goes first, as the snippets use it.
  const given = process.env.LCI_EXPLORER_TOKEN?.trim();
  if (given) return createApi(url, undefined, given);
  if (await store.session(url)) return createApi(url, store);
  const config = await readJson(
    await send(`${url}/api/config`, { headers: { accept: 'application/json' } }),
    PublicConfigSchema,
    `${url}/api/config`,
  );
  if (config.auth.mode === 'none') return createApi(url, undefined);
  throw new CliError(`not signed in at ${url}: run \`npx lci-explorer login --url ${url}\``);
}

async function run(argv: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  const [command, ...extra] = positionals;
  if (values.help || command === undefined || command === 'help') {
    io.stdout.write(`${HELP}\n`);
    return;
  }
  const accepted = ACCEPTS[command];
  if (!accepted) throw usageError(`unknown command “${command}”; see --help`);
  const files = TAKES_FILE.has(command) ? 1 : 0;
  if (extra.length > files)
    throw usageError(`unexpected “${extra.slice(files).join(' ')}”; see --help`);
  const given = Object.keys(values).filter((name) => name !== 'url' && name !== 'help');
  const stray = given.find((name) => !accepted.includes(name));
  if (stray) throw usageError(`${command} takes no --${stray}; see --help`);

  const store = new CredentialStore(configDir(process.env));
  const url = baseUrl(values.url, (await store.read()).last);

  switch (command) {
    case 'login': {
      const user = await logIn(url, store, io);
      io.say(`Signed in at ${url} as ${user}.`);
      return;
    }
    case 'logout': {
      const session = await logOut(url, store);
      io.say(session ? `Signed out of ${url} (${session.user}).` : `Not signed in at ${url}.`);
      return;
    }
    case 'token': {
      io.stdout.write(`${await accessToken(url, store)}\n`);
      return;
    }
    case 'usage': {
      const format = formatOf(values.format, ['text', 'json'], 'text') as 'text' | 'json';
      await usage(await connect(url, store), io, format);
      return;
    }
    case 'verify': {
      const [file] = extra;
      if (!file) throw usageError('verify needs a file: npx lci-explorer verify scores.csv');
      const format = formatOf(values.format, ['text', 'json'], 'text') as 'text' | 'json';
      await verify(await connect(url, store), io, { file, format });
      return;
    }
    case 'scores': {
      if (!values.indicators)
        throw usageError('scores needs --indicators, such as --indicators 964');
      const indicatorIds = parseIdList(values.indicators, '--indicators');
      const format = formatOf(values.format, FORMATS, 'csv') as Format;
      const release = parseRelease(values.release ?? 'latest', '--release');
      const { entries, source } = await readEntries(
        { ids: values.ids, idsFile: values['ids-file'] },
        io,
      );
      const api = await connect(url, store);
      await scores(api, io, {
        release: await listedRelease(api, release),
        datasetIds: datasetIds(entries, source),
        indicatorIds,
        format,
        out: values.out,
        yes: values.yes ?? false,
      });
      return;
    }
    case 'upgrade': {
      if (!values.from || !values.to) throw usageError('upgrade needs --from and --to releases');
      const systemModel = values['system-model'] ?? 'cutoff';
      const from = parseRelease(`${values.from}/${systemModel}`, '--from');
      const to = parseRelease(`${values.to}/${systemModel}`, '--to');
      const format = formatOf(values.format, FORMATS, 'csv') as Format;
      const { entries, problems } = await readEntries(
        { ids: values.ids, idsFile: values['ids-file'], keepUnreadable: true },
        io,
      );
      const api = await connect(url, store);
      const target = await listedRelease(api, to);
      const source = await listedRelease(api, from);
      await upgrade(api, io, {
        from: source.version,
        to: target.version,
        systemModel,
        entries,
        problems,
        format,
        out: values.out,
      });
      return;
    }
  }
}

/** One line on stderr for any failure, and a non-zero exit; a token is never in it. */
export async function main() {
  const io = processIo();
  try {
    await run(process.argv.slice(2), io);
  } catch (error) {
    const known = error instanceof CliError;
    const parseProblem = (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    const message = (error as Error).message.split('\n')[0] ?? 'failed';
    io.say(`lci-explorer: ${message}${parseProblem ? '; see --help' : ''}`);
    process.exitCode = known ? error.exitCode : parseProblem ? 2 : 1;
  }
}
