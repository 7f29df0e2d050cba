import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatScore } from '../format';
import {
  cellText,
  reportMarking,
  type Report,
  type ReportCell,
  type ReportChart,
  type ReportTable,
} from './model';

/**
 * A report as a PDF, written in the browser (and in tests) with pdf-lib: every character in one
 * embedded Unicode font (DejaVu Sans, subset to what the report uses), so names such as
 * “Türkiye”, arrows and subscripts survive and the PDF reads back as text. Plain layout: A4,
 * the title, the marking on every page, tables with wrapped cells, bar charts, the provenance
 * and the citation.
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const DIM = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.82, 0.84, 0.87);
const SHADE = rgb(0.94, 0.95, 0.96);
const BAR = rgb(0.07, 0.6, 0.55);

class Writer {
  private page: PDFPage;
  private y = A4.height - MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly footer: string,
  ) {
    this.page = this.addPage();
  }

  /** A new page, with the marking at its foot. */
  private addPage(): PDFPage {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    // The marking on every page, so a page taken out of the report still says what it is.
    let y = MARGIN - 14;
    for (const line of this.wrap(this.footer, WIDTH, 7)) {
      page.drawText(line, { x: MARGIN, y, size: 7, font: this.font, color: DIM });
      y -= 9;
    }
    return page;
  }

  /** Room for `height` more on this page, else a new one. */
  need(height: number) {
    if (this.y - height < MARGIN + 12) this.page = this.addPage();
  }

  /** Lines of at most `width`, broken at spaces, and within words too long for a line. */
  wrap(text: string, width: number, size: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/(\s+)/)) {
        const tried = line + word;
        if (this.font.widthOfTextAtSize(tried, size) <= width) {
          line = tried;
          continue;
        }
        if (line.trim() !== '') lines.push(line.trimEnd());
        line = word.trimStart();
        while (this.font.widthOfTextAtSize(line, size) > width) {
          let cut = line.length - 1;
          while (cut > 1 && this.font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  text(text: string, options: { size?: number; color?: typeof INK; gap?: number } = {}) {
    const size = options.size ?? 9;
    const leading = size * 1.3;
    for (const line of this.wrap(text, WIDTH, size)) {
      this.need(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y,
        size,
        font: this.font,
        color: options.color ?? INK,
      });
    }
    this.y -= options.gap ?? 4;
  }

  heading(text: string) {
    this.need(40);
    this.y -= 8;
    this.text(text, { size: 12, gap: 4 });
  }

  table(table: ReportTable) {
    this.heading(table.title);
    const size = 8;
    const leading = size * 1.25;
    const weights = table.widths ?? table.header.map(() => 1);
    const total = weights.reduce((sum, w) => sum + w, 0);
    const widths = weights.map((w) => (w / total) * WIDTH);
    const row = (cells: readonly ReportCell[], shaded: boolean) => {
      // A number is never broken over lines: where it does not fit, it is set smaller.
      const sizes = cells.map((cell, i) =>
        typeof cell === 'number'
          ? Math.min(
              size,
              (size * ((widths[i] ?? 0) - 6)) / this.font.widthOfTextAtSize(cellText(cell), size),
            )
          : size,
      );
      const wrapped = cells.map((cell, i) =>
        typeof cell === 'number'
          ? [cellText(cell)]
          : this.wrap(cellText(cell), (widths[i] ?? 0) - 6, size),
      );
      const height = Math.max(...wrapped.map((lines) => lines.length)) * leading + 4;
      this.need(height);
      if (shaded)
        this.page.drawRectangle({
          x: MARGIN,
          y: this.y - height,
          width: WIDTH,
          height,
          color: SHADE,
        });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        lines.forEach((line, n) =>
          this.page.drawText(line, {
            x: x + 3,
            y: this.y - (n + 1) * leading,
            size: sizes[i] ?? size,
            font: this.font,
            color: INK,
          }),
        );
        x += widths[i] ?? 0;
      });
      this.y -= height;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + WIDTH, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    };
    row(table.header, true);
    for (const cells of table.rows) row(cells, false);
    this.y -= 6;
  }

  chart(chart: ReportChart) {
    this.heading(`${chart.title} (${chart.unit})`);
    const size = 8;
    const labelWidth = WIDTH * 0.42;
    const valueWidth = 70;
    const plot = WIDTH - labelWidth - valueWidth - 8;
    const values = chart.bars.map((bar) => bar.value);
    const low = Math.min(0, ...values);
    const high = Math.max(0, ...values);
    const span = high - low || 1;
    const zero = MARGIN + labelWidth + 4 + ((0 - low) / span) * plot;
    for (const bar of chart.bars) {
      const lines = this.wrap(bar.label, labelWidth - 4, size);
      const height = Math.max(lines.length * size * 1.25, 12) + 4;
      this.need(height);
      lines.forEach((line, n) =>
        this.page.drawText(line, {
          x: MARGIN,
          y: this.y - (n + 1) * size * 1.25,
          size,
          font: this.font,
          color: INK,
        }),
      );
      const length = (Math.abs(bar.value) / span) * plot;
      const x = bar.value < 0 ? zero - length : zero;
      this.page.drawRectangle({
        x,
        y: this.y - 11,
        width: Math.max(length, 0.5),
        height: 8,
        color: BAR,
      });
      this.page.drawText(formatScore(bar.value), {
        x: MARGIN + labelWidth + plot + 12,
        y: this.y - 10,
        size,
        font: this.font,
        color: INK,
      });
      this.y -= height;
    }
    this.y -= 6;
  }
}

/** The report as PDF bytes; `font` is a TrueType font with the report's characters. */
export async function renderPdf(
  report: Report,
  font: ArrayBuffer | Uint8Array,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(font, { subset: true });
  const marking = reportMarking(report);
  doc.setTitle(report.title);
  doc.setSubject(marking);
  doc.setCreator('LCI Explorer');
  doc.setProducer('LCI Explorer (pdf-lib)');
  doc.setCreationDate(report.made);

  const out = new Writer(doc, embedded, marking);
  out.text(report.title, { size: 16, gap: 2 });
  out.text(report.subtitle, { size: 10, color: DIM, gap: 6 });
  out.text(marking, { size: 9, gap: 4 });
  out.text(
    `Made ${report.made.toISOString()} from ${report.link} (the link opens for colleagues on the licence only).`,
    {
      size: 8,
      color: DIM,
      gap: 6,
    },
  );
  for (const table of report.tables) out.table(table);
  for (const chart of report.charts) out.chart(chart);
  out.heading('Provenance');
  for (const [label, value] of report.provenance)
    out.text(`${label}: ${String(value)}`, { size: 8, gap: 1 });
  out.heading('How to cite');
  for (const paragraph of report.citation.text.split('\n\n'))
    out.text(paragraph, { size: 8, gap: 5 });
  return doc.save();
}
