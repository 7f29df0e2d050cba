import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const INPUTS = [
  'src/web',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const STAMP = '.build-stamp';

function* files(entry: string): Generator<string> {
  if (!existsSync(entry)) return;
  if (statSync(entry).isFile()) {
    yield entry;
    return;
  }
  for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
}

/** A hash of everything the SPA is built from: a fresh clone has no build, an edit changes it. */
function spaSourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function isSpaBuildCurrent(root: string, outDir: string): boolean {
  const stamp = path.join(outDir, STAMP);
  return (
    existsSync(path.join(outDir, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === spaSourceHash(root)
  );
}

/** Builds the SPA with Vite in a child process, so the server's memory stays its own. */
export async function buildSpa(root: string, outDir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed with exit code ${code}`)),
    );
  });
  writeFileSync(path.join(outDir, STAMP), spaSourceHash(root));
}
