// Import circles, type-only imports included (ESLint's import-x/no-cycle skips those): between
// modules, and between folders side by side (one whose modules import another that imports it
// back is one folder in two places). Prints each circle and exits 1 when there is one.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['src', 'bench', 'e2e'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs'];

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext))) yield full;
  }
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.join(path.dirname(from), specifier);
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), path.join(base, 'index.ts')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Tarjan's strongly connected components: every group larger than one node is a circle. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

/**
 * A folder and the folders inside it are one part: its own modules wire or serve the inner ones
 * (src/proxy/app.ts and src/proxy/errors.ts). Circles are looked for between parts side by side.
 */
const nested = (a, b) => a === b || a.startsWith(b + path.sep) || b.startsWith(a + path.sep);

const modules = new Map();
const folders = new Map();
for (const root of ROOTS) {
  for (const file of sources(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map(({ fileName }) => resolve(file, fileName)).filter(Boolean);
    modules.set(file, new Set(targets));
    const folder = path.dirname(file);
    const edges = folders.get(folder) ?? new Set();
    // Tests read their neighbours' internals; they do not make folders one.
    if (!/\.test\.tsx?$/.test(file)) {
      for (const target of targets) {
        const other = path.dirname(target);
        if (!nested(folder, other)) edges.add(other);
      }
    }
    folders.set(folder, edges);
  }
}

const report = [
  ...circles(modules).map((group) => `modules: ${group.join(' ⇄ ')}`),
  ...circles(folders).map((group) => `folders: ${group.join(' ⇄ ')}`),
];
for (const line of report) console.error(`import circle — ${line}`);
if (report.length > 0) process.exit(1);
console.log(`import circles: none among ${modules.size} modules in ${folders.size} folders`);
