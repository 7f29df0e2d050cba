import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citeDataset } from '../../../shared/citation';
import type { Report } from './model';
import { renderPdf } from './pdf-document';

// The PDF read back as a person's tools read it: poppler's pdftotext.
const font = readFileSync(
  createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
);
const textOf = (pdf: Uint8Array) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-')), 'report.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
};
/** Text without its line breaks and spaces, as a wrapped line leaves it. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

const citation = citeDataset({
  release: { version: '3.12', systemModel: 'cutoff' },
  releaseDate: null,
  dataset: {
    id: 4711,
    activity: 'market for electricity, high voltage',
    product: 'electricity, high voltage',
    geography: 'Türkiye (TR)',
    unit: 'kWh',
    activity_spold_uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000002',
  },
  accessed: new Date('2026-11-28T12:00:00Z'),
});

const rows = Array.from({ length: 70 }, (_, i) => [
  `Method ${i % 3}`,
  'climate change → total',
  `global warming potential (GWP100) #${900 + i}`,
  (i + 1) * 1.234567e-9 * (i % 2 === 0 ? 1 : -1),
  'kg CO₂-Eq',
]);
const report: Report = {
  title: 'market for electricity, high voltage, Türkiye (TR)',
  subtitle: 'Impact scores · ecoinvent 3.12 cutoff · Dataset ID 4711',
  releases: [{ version: '3.12', systemModel: 'cutoff' }],
  licenceHolder: 'Zürich Ökobilanz AG',
  link: 'http://localhost:8080/3.12/cutoff/datasets/4711?ind=900',
  made: new Date('2026-11-28T12:00:00Z'),
  tables: [
    {
      title: 'Impact scores',
      header: ['Method', 'Category', 'Indicator', 'Score', 'Unit'],
      rows,
      widths: [2, 2, 4, 2, 1.5],
    },
  ],
  charts: [
    {
      title: 'Scores',
      unit: 'kg CO₂-Eq',
      bars: rows.slice(0, 5).map((row) => ({ label: String(row[2]), value: Number(row[3]) })),
    },
  ],
  provenance: [
    ['Data service', 'demo data'],
    ['Evidence digests', `sha256:${'0123456789abcdef'.repeat(4)}`],
  ],
  citation,
};

describe('the report as PDF', () => {
  it('reads back as text: every value exact, Unicode names, the marking on every page, provenance and citation', async () => {
    const pdf = await renderPdf(report, font);
    const text = textOf(pdf);
    const pages = text.split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages)
      expect(squeezed(page)).toContain(squeezed('Calculated data of ecoinvent 3.12'));
    expect(text).toContain('Türkiye (TR)');
    expect(squeezed(text)).toContain(squeezed('climate change → total'));
    expect(text).toContain('kg CO₂-Eq');
    expect(text).toContain('Zürich Ökobilanz AG');
    for (const row of rows) expect(text).toContain(String(row[3]));
    expect(squeezed(text)).toContain(squeezed(`sha256:${'0123456789abcdef'.repeat(4)}`));
    for (const paragraph of citation.text.split('\n\n'))
      expect(squeezed(text)).toContain(squeezed(paragraph));
    // Only the characters used are embedded: a page of text is kilobytes, not the font's 750 KB.
    expect(pdf.byteLength).toBeLessThan(120_000);
  });

  it('says so when the licence holder is not named', async () => {
    const text = textOf(await renderPdf({ ...report, licenceHolder: null }, font));
    expect(squeezed(text)).toContain(squeezed('not named: the operator sets LICENCE_HOLDER'));
  });
});
