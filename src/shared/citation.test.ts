import { describe, expect, it } from 'vitest';
import {
  citeDataset,
  citeDatasets,
  geographyShortname,
  MAX_CITED,
  type CitationInput,
} from './citation';

const input: CitationInput = {
  release: { version: '3.12', systemModel: 'cutoff' },
  releaseDate: '2025-04-15',
  dataset: {
    id: 8279,
    activity: 'market for electricity, low voltage',
    product: 'electricity, low voltage',
    geography: 'Mexico (MX)',
    unit: 'kWh',
    activity_spold_uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000002',
    url: null,
  },
  accessed: new Date('2026-11-28T23:30:00Z'),
};
const FILE = 'aaaaaaaa-0000-4000-8000-000000000001_bbbbbbbb-0000-4000-8000-000000000002.spold';
const DATASET_URL = 'https://ecoquery.ecoinvent.org/3.12/cutoff/dataset/8279/documentation';

/** RIS records as tag → values, one map per record. */
function readRis(text: string) {
  const records: Map<string, string[]>[] = [];
  let record = new Map<string, string[]>();
  for (const line of text.split('\r\n').filter(Boolean)) {
    const match = /^([A-Z][A-Z0-9]) {2}- ?(.*)$/.exec(line);
    if (!match) throw new Error(`not a RIS line: ${line}`);
    const [, tag = '', value = ''] = match;
    if (tag === 'ER') {
      records.push(record);
      record = new Map();
    } else record.set(tag, [...(record.get(tag) ?? []), value]);
  }
  return records;
}

describe('citing a dataset as ecoinvent asks', () => {
  it('as text: publisher, activity, geography short name, system model, database version, product, IDs, ecoQuery and access date', () => {
    const cited = citeDataset(input);
    const [dataset, database] = cited.text.split('\n\n');
    expect(dataset).toBe(
      `ecoinvent (2025). market for electricity, low voltage, MX, Allocation cut-off by classification (cutoff), ecoinvent database version 3.12. Reference product: electricity, low voltage (kWh). Dataset ID 8279; ecoSpold file ${FILE}. Available at: ${DATASET_URL} (release: https://ecoquery.ecoinvent.org/3.12/cutoff/search) [Accessed 28 November 2026].`,
    );
    expect(database).toMatch(
      /^Database: Wernet, G\., .*and Weidema, B\., 2016\. The ecoinvent database version 3 \(part I\)/,
    );
    expect(cited.ecoQuery).toEqual({
      dataset: DATASET_URL,
      release: 'https://ecoquery.ecoinvent.org/3.12/cutoff/search',
    });
  });

  it('as RIS: a data record with the same fields, and the database’s article', () => {
    const [data, article] = readRis(citeDataset(input).ris);
    expect(data?.get('TY')).toEqual(['DATA']);
    expect(data?.get('TI')).toEqual(['market for electricity, low voltage, MX']);
    expect(data?.get('T2')).toEqual([
      'ecoinvent database version 3.12, Allocation cut-off by classification',
    ]);
    expect(data?.get('PY')).toEqual(['2025']);
    expect(data?.get('ET')).toEqual(['3.12']);
    expect(data?.get('UR')).toEqual([DATASET_URL]);
    expect(data?.get('Y2')).toEqual(['2026/11/28']);
    expect(data?.get('N1')?.[0]).toContain(`Dataset ID 8279; ecoSpold file ${FILE}`);
    expect(data?.get('N1')?.[0]).toContain('electricity, low voltage (kWh)');
    expect(article?.get('TY')).toEqual(['JOUR']);
    expect(article?.get('AU')).toHaveLength(6);
    expect(article?.get('DO')).toEqual(['10.1007/s11367-016-1087-8']);
  });

  it('as BibTeX: balanced braces, TeX specials escaped outside URLs, Unicode kept', () => {
    const bibtex = citeDataset({
      ...input,
      dataset: {
        ...input.dataset,
        activity: 'heat production, natural gas → 100% “efficient” & co',
        geography: 'Türkiye (TR)',
      },
    }).bibtex;
    let depth = 0;
    for (const c of bibtex.replace(/\\[{}]/g, '')) {
      depth += c === '{' ? 1 : c === '}' ? -1 : 0;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
    expect(bibtex).toMatch(/^@misc\{ecoinvent-3\.12-cutoff-8279,$/m);
    expect(bibtex).toContain(
      'title = {{heat production, natural gas → 100\\% “efficient” \\& co}, {TR}},',
    );
    expect(bibtex).toContain(`url = {${DATASET_URL}},`);
    expect(bibtex).toContain('urldate = {2026-11-28},');
    expect(bibtex).toContain('year = {2025},');
    // The file name's underscore escaped in the note, where TeX would read it as a subscript.
    expect(bibtex).toContain(FILE.replace('_', '\\_'));
    expect(bibtex).toMatch(/^@article\{wernet2016ecoinvent,$/m);
  });

  it('uses the service’s own ecoQuery address, leaves out a year it does not know, and says what is missing', () => {
    const cited = citeDataset({
      ...input,
      releaseDate: null,
      dataset: {
        ...input.dataset,
        url: 'https://ecoquery.ecoinvent.org/3.12/cutoff/dataset/99/documentation',
        activity_spold_uuid: null,
        product: null,
      },
    });
    expect(cited.text).toMatch(/^ecoinvent\. market for electricity/);
    expect(cited.text).toContain('ecoSpold file not given');
    expect(cited.text).toContain('Reference product: reference product not given (kWh)');
    expect(cited.ecoQuery.dataset).toBe(
      'https://ecoquery.ecoinvent.org/3.12/cutoff/dataset/99/documentation',
    );
    expect(cited.bibtex.split('@article')[0]).not.toContain('year =');
    expect(readRis(cited.ris)[0]?.has('PY')).toBe(false);
  });

  it('cites several datasets together, each once in order and the database once, in every form', () => {
    const other = { ...input, dataset: { ...input.dataset, id: 2989, geography: 'Türkiye (TR)' } };
    const cited = citeDatasets([input, other]);
    expect(cited.text.split('\n\n').map((entry) => entry.slice(0, 60))).toEqual([
      expect.stringContaining(', MX,'),
      expect.stringContaining(', TR,'),
      expect.stringMatching(/^Database: Wernet/),
    ]);
    expect(readRis(cited.ris).map((record) => record.get('TY')?.[0])).toEqual([
      'DATA',
      'DATA',
      'JOUR',
    ]);
    expect(cited.bibtex.match(/^@\w+\{[^,]+,$/gm)).toEqual([
      '@misc{ecoinvent-3.12-cutoff-8279,',
      '@misc{ecoinvent-3.12-cutoff-2989,',
      '@article{wernet2016ecoinvent,',
    ]);
    expect(cited.file).toBe('ecoinvent-citations-2-datasets');
  });

  it('reads the geography’s short name from its display form', () => {
    expect(geographyShortname('Rest-of-World (RoW)')).toBe('RoW');
    expect(geographyShortname('Europe, without Switzerland (Europe without Switzerland)')).toBe(
      'Europe without Switzerland',
    );
    expect(geographyShortname('GLO')).toBe('GLO');
    expect(geographyShortname(null)).toBeNull();
  });

  it('cites a dataset shown twice once, and past the cap says how many are left out', () => {
    const many = Array.from({ length: MAX_CITED + 3 }, (_, i) => ({
      ...input,
      dataset: { ...input.dataset, id: 1000 + i },
    }));
    const cited = citeDatasets([input, input, ...many]);
    expect(readRis(cited.ris).filter((record) => record.get('TY')?.[0] === 'DATA')).toHaveLength(
      MAX_CITED,
    );
    expect(cited.omitted).toBe(4);
    expect(cited.text).toContain(
      `4 more datasets of this view not cited here (at most ${MAX_CITED} are)`,
    );
    expect(cited.bibtex).toMatch(/^@comment\{4 more datasets/m);
    expect(cited.bibtex.match(/^@misc\{/gm)).toHaveLength(MAX_CITED);
    expect(citeDatasets([input, input]).omitted).toBe(0);
    expect(citeDatasets([input, input]).file).toBe('ecoinvent-3.12-cutoff-8279');
  });
});
