import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { readCsv } from '../src/shared/csv';
import { readXlsx } from '../src/web/testing/read-xlsx';

/** The file a button downloads. */
export async function downloaded(page: Page, button: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return file;
}

/** A downloaded XLSX, read back sheet by sheet. */
export async function workbook(file: Download) {
  const bytes = readFileSync(await file.path());
  return readXlsx(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** A downloaded CSV's rows, read as the explorer reads pasted lists (quoted cells whole). */
export async function csvCells(file: Download): Promise<string[][]> {
  return readCsv(readFileSync(await file.path(), 'utf8')).map((row) => row.cells);
}
