import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf?url';
import type { Report } from './model';
import { renderPdf } from './pdf-document';

/**
 * The report as a PDF file. This module, pdf-lib and the font (about 750 KB, fetched from the
 * explorer itself) are loaded only when someone asks for a PDF: import it dynamically.
 */
export async function reportPdf(report: Report): Promise<Blob> {
  const response = await fetch(fontUrl);
  if (!response.ok) throw new Error(`the report's font could not be loaded (${response.status})`);
  const bytes = await renderPdf(report, await response.arrayBuffer());
  return new Blob([new Uint8Array(bytes)], { type: 'application/pdf' });
}
