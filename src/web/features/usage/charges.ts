import type { Charge, ExplorerPage, Usage } from '../../../shared/api/schemas';
import type { ExportTable, PageExport } from '../../lib/table-export';

/** A charge's release as one word a filter and a link can hold: `3.12 cutoff`. */
export const chargeRelease = (release: Charge['release']): string =>
  release ? `${release.version} ${release.system_model}` : '';

/** A dataset whose scores were returned in more than one release this period. */
export interface AskedAgain {
  id: number;
  /** "3.11 cutoff", "3.12 cutoff", in the order the usage lists them. */
  releases: string[];
}

/**
 * Datasets returned in more than one release this period, and how many more datasets the bill
 * would count if the service billed an ID again in each other release (its documents do not say).
 */
export function askedInSeveralReleases(usage: Usage): { datasets: AskedAgain[]; upTo: number } {
  const releases = new Map<number, string[]>();
  for (const served of usage.charged.releases)
    for (const id of served.datasets)
      releases.set(id, [...(releases.get(id) ?? []), chargeRelease(served)]);
  const datasets = [...releases]
    .filter(([, names]) => names.length > 1)
    .map(([id, names]) => ({ id, releases: names }))
    .sort((a, b) => a.id - b.id);
  return {
    datasets,
    upTo: datasets.reduce((sum, dataset) => sum + dataset.releases.length - 1, 0),
  };
}

/** What the usage page narrows its charges to; '' (or undefined) for any. */
export interface UsageFilter {
  /** `mine`, another user's label (admins only see those), or '' for everyone. */
  user: string;
  dataset: number | undefined;
  /** A release as `releaseKey` spells it. */
  release: string;
}

/** The charges a filter keeps, in their order (newest first, as the proxy lists them). */
export function filterCharges(charges: readonly Charge[], filter: UsageFilter): Charge[] {
  return charges.filter(
    (charge) =>
      (filter.user === '' ||
        (filter.user === 'mine' ? charge.mine : charge.user === filter.user && !charge.mine)) &&
      (filter.dataset === undefined ||
        charge.datasets.includes(filter.dataset) ||
        (charge.maybe?.datasets.includes(filter.dataset) ?? false)) &&
      (filter.release === '' || chargeRelease(charge.release) === filter.release),
  );
}

/** The releases and other users the charges name, for the filters' choices. */
export function chargeChoices(charges: readonly Charge[]): { releases: string[]; users: string[] } {
  const releases = new Set<string>();
  const users = new Set<string>();
  for (const charge of charges) {
    if (charge.release) releases.add(chargeRelease(charge.release));
    if (!charge.mine) users.add(charge.user);
  }
  return { releases: [...releases].sort().reverse(), users: [...users].sort() };
}

const PAGES: Record<ExplorerPage, string> = {
  dataset: 'Dataset page',
  compare: 'Compare',
  history: 'Across releases',
  upgrade: 'Upgrade check',
  other: 'Another page',
};

/**
 * Where a charge came from: a page of the explorer, or a script (a token of another client of
 * the sign-in service, such as the command line); unknown in charges kept before it was.
 */
export function chargeSource(charge: Charge): string {
  if (charge.client === 'program') return 'from a script';
  if (charge.client === 'unknown' && charge.page === 'other') return 'not recorded';
  return PAGES[charge.page];
}

/** The names of datasets and indicators where known, by release; undefined where not (yet). */
export interface ChargeNames {
  dataset: (release: string, id: number) => string | undefined;
  indicator: (release: string, id: number) => string | undefined;
}

export const NO_NAMES: ChargeNames = { dataset: () => undefined, indicator: () => undefined };

/**
 * The charges as an export: one row per thing a call added to the bill (a dataset, an indicator,
 * the user), so a spreadsheet can count and filter them; datasets whose answer never came are
 * `unconfirmed`, never `charged`.
 */
export function chargesTable(charges: readonly Charge[], names: ChargeNames): ExportTable {
  const rows: (string | number | null)[][] = [];
  for (const charge of charges) {
    const release = chargeRelease(charge.release);
    const common = [
      charge.at,
      charge.mine ? 'you' : charge.user,
      chargeSource(charge),
      charge.release?.version ?? null,
      charge.release?.system_model ?? null,
    ];
    for (const id of charge.datasets)
      rows.push([...common, 'dataset', id, names.dataset(release, id) ?? null, 'charged', null]);
    if (charge.maybe)
      for (const id of charge.maybe.datasets)
        rows.push([
          ...common,
          'dataset',
          id,
          names.dataset(release, id) ?? null,
          'unconfirmed',
          `at most ${String(charge.maybe.count)} of these ${String(charge.maybe.datasets.length)} charged`,
        ]);
    for (const id of charge.indicators)
      rows.push([
        ...common,
        'indicator',
        id,
        names.indicator(release, id) ?? null,
        'charged',
        null,
      ]);
    if (charge.newUser) rows.push([...common, 'user', null, null, 'charged', null]);
  }
  return {
    sheet: 'Charges',
    format: 'lci-explorer.usage/1',
    header: [
      'at',
      'user',
      'from',
      'version',
      'system_model',
      'kind',
      'id',
      'name',
      'status',
      'note',
    ],
    rows,
  };
}

/** The export of the charges shown, and the query that made them. */
export function usageExport(
  usage: Usage,
  charges: readonly Charge[],
  filter: UsageFilter,
  names: ChargeNames,
  link: string,
): PageExport {
  return {
    tables: [chargesTable(charges, names)],
    query: {
      title: `Charges of the licence period ${usage.period_start} to ${usage.period_end}`,
      link,
      fields: [
        ['Period start', usage.period_start],
        ['Period end', usage.period_end],
        [
          'User',
          filter.user === '' ? 'everyone shown' : filter.user === 'mine' ? 'you' : filter.user,
        ],
        ['Dataset ID', filter.dataset ?? 'any'],
        ['Release', filter.release === '' ? 'any' : filter.release],
        ['Charges', charges.length],
        ['Charges this period, listed or not', usage.charges_total],
        ['Datasets charged this period (everyone)', usage.datasets],
        ['Indicators charged this period (everyone)', usage.indicators],
        ['Users this period', usage.users],
        [
          'Datasets asked for in more than one release (may be billed again in each)',
          askedInSeveralReleases(usage).datasets.length,
        ],
      ],
    },
  };
}
