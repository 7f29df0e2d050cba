import { systemModelLabel, type ReleaseRef } from './versions';

/**
 * A citation of ecoinvent data as ecoinvent asks it to be cited: the dataset (its generator is
 * not in the data API, so the publisher stands first, then activity name, geography, system
 * model and the version of the database, as ecoinvent's recommended form), the reference
 * product, the Dataset ID and ecoSpold file name that find it again, the ecoQuery address of the
 * dataset and of the release, and the access date; with the database's own reference (Wernet
 * et al. 2016), which ecoinvent asks for in any work using it. As text, RIS and BibTeX, built
 * from the same fields so the three say the same.
 */

interface CitedDataset {
  id: number;
  activity: string | null;
  product: string | null;
  geography: string | null;
  /** The reference product's unit. */
  unit: string | null;
  activity_spold_uuid: string | null;
  product_spold_uuid: string | null;
  /** The service's ecoQuery address of the dataset, where it gives one. */
  url?: string | null;
}

export interface CitationInput {
  release: ReleaseRef;
  /** The release's date where the service gives it (YYYY-MM-DD…): the citation's year. */
  releaseDate?: string | null;
  dataset: CitedDataset;
  /** When the data was accessed: the scores' retrieval, or now for documentation alone. */
  accessed: Date;
}

export interface Citation {
  text: string;
  ris: string;
  bibtex: string;
  /** The ecoQuery addresses of the (first) dataset's documentation and of its release. */
  ecoQuery: { dataset: string; release: string };
  /** A file name for the downloads, without extension. */
  file: string;
  /** Datasets the view shows that are not cited here (a long list is cited up to `MAX_CITED`). */
  omitted: number;
}

/**
 * Datasets cited at most in one citation: a list of hundreds is not cited dataset by dataset in
 * one dialog or report; how many are left out is said with it.
 */
export const MAX_CITED = 20;

const ECOQUERY = 'https://ecoquery.ecoinvent.org';

/** The database's reference, as ecoinvent's "How do I cite ecoinvent?" gives it. */
const DATABASE = {
  authors: [
    'Wernet, G.',
    'Bauer, C.',
    'Steubing, B.',
    'Reinhard, J.',
    'Moreno-Ruiz, E.',
    'Weidema, B.',
  ],
  year: 2016,
  title: 'The ecoinvent database version 3 (part I): overview and methodology',
  journal: 'The International Journal of Life Cycle Assessment',
  volume: '21',
  issue: '9',
  pages: '1218–1230',
  doi: '10.1007/s11367-016-1087-8',
};

/** `Mexico (MX)` → `MX`: the geography's short name, as ecoinvent's citations use it. */
export function geographyShortname(geography: string | null): string | null {
  if (geography === null) return null;
  return /\(([^()]+)\)\s*$/.exec(geography)?.[1] ?? geography;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The ecoQuery address of a dataset in a release, unless the service gave its own. */
function ecoQueryOf(release: ReleaseRef, dataset: CitedDataset) {
  const base = `${ECOQUERY}/${encodeURIComponent(release.version)}/${encodeURIComponent(release.systemModel)}`;
  return {
    dataset: dataset.url ?? `${base}/dataset/${dataset.id}/documentation`,
    release: `${base}/search`,
  };
}

/** BibTeX's special characters, escaped outside URLs. */
const tex = (value: string) => value.replace(/[\\{}%$#&_~^]/g, (c) => `\\${c}`);
/** RIS lines hold one value each: no line breaks inside. */
const ris = (value: string) => value.replace(/\s+/g, ' ').trim();

/** One dataset's entry in each form, without the database's reference. */
function entryOf({ release, releaseDate, dataset, accessed }: CitationInput) {
  const activity = dataset.activity ?? `Dataset ${dataset.id}`;
  const product = dataset.product ?? 'reference product not given';
  const productWithUnit = dataset.unit ? `${product} (${dataset.unit})` : product;
  const geography = geographyShortname(dataset.geography) ?? 'geography not given';
  const model = systemModelLabel(release.systemModel);
  const database = `ecoinvent database version ${release.version}`;
  const file =
    dataset.activity_spold_uuid && dataset.product_spold_uuid
      ? `${dataset.activity_spold_uuid}_${dataset.product_spold_uuid}.spold`
      : null;
  const year = /^\d{4}/.exec(releaseDate ?? '')?.[0] ?? null;
  const day = accessed.toISOString().slice(0, 10);
  const [yyyy = '', mm = '', dd = ''] = day.split('-');
  const spoken = `${Number(dd)} ${MONTHS[Number(mm) - 1] ?? mm} ${yyyy}`;
  const links = ecoQueryOf(release, dataset);
  const identifiers = `Dataset ID ${dataset.id}; ecoSpold file ${file ?? 'not given'}`;
  const title = `${activity}, ${geography}`;
  const key = `ecoinvent-${release.version}-${release.systemModel}-${dataset.id}`.replace(
    /[^A-Za-z0-9.:-]/g,
    '-',
  );

  const text = `ecoinvent${year ? ` (${year})` : ''}. ${title}, ${model} (${release.systemModel}), ${database}. Reference product: ${productWithUnit}. ${identifiers}. Available at: ${links.dataset} (release: ${links.release}) [Accessed ${spoken}].`;
  const risLines: [string, string][] = [
    ['TY', 'DATA'],
    ['AU', 'ecoinvent'],
    ['TI', title],
    ['T2', `${database}, ${model}`],
    ...(year ? [['PY', year] as [string, string]] : []),
    ['ET', release.version],
    ['PB', 'ecoinvent'],
    ['DB', 'ecoinvent'],
    ['KW', `system model: ${release.systemModel}`],
    ['N1', `Reference product: ${productWithUnit}. ${identifiers}. Release: ${links.release}`],
    ['UR', links.dataset],
    ['Y2', `${yyyy}/${mm}/${dd}`],
    ['ER', ''],
  ];
  const bibtex = [
    `@misc{${key},`,
    field('author', '{ecoinvent}'),
    field('title', `{${tex(activity)}}, {${tex(geography)}}`),
    field('howpublished', tex(`${database}, ${model} (${release.systemModel})`)),
    ...(year ? [field('year', year)] : []),
    field('version', tex(release.version)),
    field('publisher', 'ecoinvent'),
    field(
      'note',
      tex(`Reference product: ${productWithUnit}. ${identifiers}. Release: `) +
        `\\url{${links.release}}`,
    ),
    field('url', links.dataset),
    field('urldate', day),
    '}',
  ].join('\n');
  return { text, risLines, bibtex, links, key };
}

const field = (name: string, value: string) => `  ${name} = {${value}},`;
const risOf = (lines: readonly (readonly [string, string])[]) =>
  lines.map(([tag, value]) => `${tag}  - ${ris(value)}`.trimEnd()).join('\r\n');

const WERNET_TEXT = `${DATABASE.authors.slice(0, -1).join(', ')}, and ${DATABASE.authors.at(-1) ?? ''}, ${DATABASE.year}. ${DATABASE.title}. ${DATABASE.journal}, ${DATABASE.volume}(${DATABASE.issue}), pp.${DATABASE.pages}. https://doi.org/${DATABASE.doi}`;
const [FIRST_PAGE = '', LAST_PAGE = ''] = DATABASE.pages.split('–');
const WERNET_RIS = risOf([
  ['TY', 'JOUR'],
  ...DATABASE.authors.map((author): [string, string] => ['AU', author]),
  ['PY', String(DATABASE.year)],
  ['TI', DATABASE.title],
  ['T2', DATABASE.journal],
  ['VL', DATABASE.volume],
  ['IS', DATABASE.issue],
  ['SP', FIRST_PAGE],
  ['EP', LAST_PAGE],
  ['DO', DATABASE.doi],
  ['ER', ''],
]);
const WERNET_BIBTEX = [
  '@article{wernet2016ecoinvent,',
  field('author', DATABASE.authors.map(tex).join(' and ')),
  field('title', `{${tex(DATABASE.title)}}`),
  field('journal', tex(DATABASE.journal)),
  field('year', String(DATABASE.year)),
  field('volume', DATABASE.volume),
  field('number', DATABASE.issue),
  field('pages', DATABASE.pages.replace('–', '--')),
  field('doi', DATABASE.doi),
  '}',
].join('\n');

/**
 * Several datasets (a comparison, a history, a list) cited together: each dataset's entry in the
 * order given, each once, and the database's reference once, in each form. Past `MAX_CITED`
 * datasets the rest are left out: the text says how many, BibTeX in an `@comment` (RIS has no
 * place for a remark outside a record; the dialog says it beside it), and `omitted` counts them.
 */
export function citeDatasets(inputs: readonly CitationInput[]): Citation {
  const seen = new Set<string>();
  const unique = inputs.filter((input) => {
    const key = `${input.release.version}|${input.release.systemModel}|${input.dataset.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const entries = unique.slice(0, MAX_CITED).map(entryOf);
  const omitted = unique.length - entries.length;
  const [first] = entries;
  if (!first) throw new Error('nothing to cite');
  const left =
    omitted === 0
      ? []
      : [
          `${omitted} more dataset${omitted === 1 ? '' : 's'} of this view not cited here (at most ${MAX_CITED} are): cite them from their own pages or the tidy export.`,
        ];
  return {
    text: [...entries.map((entry) => entry.text), ...left, `Database: ${WERNET_TEXT}`].join('\n\n'),
    ris: `${[...entries.map((entry) => risOf(entry.risLines)), WERNET_RIS].join('\r\n')}\r\n`,
    bibtex: `${[...entries.map((entry) => entry.bibtex), ...left.map((line) => `@comment{${tex(line)}}`), WERNET_BIBTEX].join('\n\n')}\n`,
    ecoQuery: first.links,
    file: entries.length === 1 ? first.key : `ecoinvent-citations-${entries.length}-datasets`,
    omitted,
  };
}

/** One dataset cited, with the database's reference. */
export const citeDataset = (input: CitationInput): Citation => citeDatasets([input]);
