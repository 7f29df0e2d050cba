import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What a build's scripts are made of: each chunk's minified characters summed by the package
 * (or, for the explorer's own code, the folder) they came from, read from the source maps the
 * build writes beside them (`dist/assets/*.js.map`). Tells which library a route carries.
 */

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One line of a source map's `mappings`: each segment's generated column and source index. */
function segments(line: string, state: { source: number }): { column: number; source: number }[] {
  const out: { column: number; source: number }[] = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0] ?? 0;
    if (fields.length > 1) state.source += fields[1] ?? 0;
    out.push({ column, source: fields.length > 1 ? state.source : -1 });
  }
  return out;
}

/** Where a source belongs: its npm package, or the explorer's folder two levels under src/web. */
function owner(source: string): string {
  const at = source.lastIndexOf('node_modules/');
  if (at >= 0) {
    const parts = source.slice(at + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source);
  }
  const own = /src\/(web|shared)\/([^/]+)(\/[^/]+)?/.exec(source);
  return own
    ? `(own) src/${own[1]}/${own[2]}${own[3] && !own[3].includes('.') ? own[3] : ''}`
    : '(other)';
}

/** The characters of one built script by owner; empty when the build wrote no map for it. */
function chunkPackages(file: string): Map<string, number> {
  const sizes = new Map<string, number>();
  if (!existsSync(`${file}.map`)) return sizes;
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
    sources: string[];
    mappings: string;
  };
  const code = readFileSync(file, 'utf8').split('\n');
  const state = { source: 0 };
  map.mappings.split(';').forEach((line, index) => {
    const length = code[index]?.length ?? 0;
    const list = segments(line, state);
    list.forEach((segment, i) => {
      const end = list[i + 1]?.column ?? length;
      const name = segment.source < 0 ? '(glue)' : owner(map.sources[segment.source] ?? '');
      sizes.set(name, (sizes.get(name) ?? 0) + Math.max(0, end - segment.column));
    });
  });
  return sizes;
}

/** The scripts' characters by owner, largest first. */
export function packagesOf(root: string, scripts: readonly string[]): [string, number][] {
  const total = new Map<string, number>();
  for (const script of new Set(scripts))
    for (const [name, size] of chunkPackages(path.join(root, 'dist', script)))
      total.set(name, (total.get(name) ?? 0) + size);
  return [...total].sort((a, b) => b[1] - a[1]);
}
