/**
 * Reads an XLSX workbook back as a spreadsheet program would see it, for tests: each sheet by
 * name, its rows of cells, a number cell as a number. Web APIs only (DataView, DecompressionStream),
 * so unit tests and journeys both use it.
 */
export type Workbook = Map<string, (string | number | null)[][]>;

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const body = new Response(bytes).body;
  if (!body) throw new Error('No bytes to inflate.');
  return new Response(body.pipeThrough(new DecompressionStream('deflate-raw'))).text();
}

/** The zip's files by name, from its central directory. */
async function unzip(buffer: ArrayBuffer): Promise<Map<string, string>> {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('Not a zip file: no end of central directory.');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, string>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(new Uint8Array(buffer, at + 46, nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = new Uint8Array(buffer, start, size);
    files.set(name, method === 0 ? decoder.decode(data) : await inflate(data));
    at += 46 + skip;
  }
  return files;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** "C" → 2, "AA" → 26: a cell reference's column. */
function column(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? 'A';
  let n = 0;
  for (let i = 0; i < letters.length; i++) n = n * 26 + letters.charCodeAt(i) - 64;
  return n - 1;
}

export async function readXlsx(buffer: ArrayBuffer): Promise<Workbook> {
  const files = await unzip(buffer);
  const shared = [
    ...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g),
  ].map(([, item = '']) =>
    unescape([...item.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const names = [
    ...(files.get('xl/workbook.xml') ?? '').matchAll(/<sheet [^>]*name="([^"]*)"/g),
  ].map(([, name = '']) => unescape(name));
  const workbook: Workbook = new Map();
  names.forEach((name, index) => {
    const xml = files.get(`xl/worksheets/sheet${index + 1}.xml`) ?? '';
    const rows = [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map(([, row = '']) => {
      const cells: (string | number | null)[] = [];
      for (const [, attributes = '', body = ''] of row.matchAll(
        /<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g,
      )) {
        const reference = /r="([A-Z]+)\d+"/.exec(attributes)?.[1] ?? 'A';
        const type = /t="([^"]*)"/.exec(attributes)?.[1];
        const value = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        const inline = /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1];
        const cell =
          type === 's'
            ? (shared[Number(value)] ?? null)
            : type === 'inlineStr' || type === 'str'
              ? unescape(inline ?? value ?? '')
              : value === undefined
                ? null
                : Number(value);
        cells[column(reference)] = cell;
      }
      return Array.from(cells, (cell) => cell ?? null);
    });
    workbook.set(name, rows);
  });
  return workbook;
}
