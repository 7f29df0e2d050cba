import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { buildSpa, isSpaBuildCurrent } from '../src/launcher/spa-build';
import { DataStore } from '../src/emulator/data/store';
import { startStack } from '../src/launcher/stack';
import { emulatorStats } from './emulator';
import { percentile } from './stats';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 5;

/** Milliseconds from the end of the named API response to `ready()` holding, in the page's clock. */
async function afterData(
  page: Page,
  url: string,
  api: string,
  ready: (selector: string) => boolean,
  selector: string,
): Promise<number> {
  await page.goto(url);
  // A function, not a string: the explorer's CSP forbids eval, as it should.
  await page.waitForFunction(ready, selector, { polling: 'raf', timeout: 60_000 });
  const rendered = await page.evaluate(() => performance.now());
  const responseEnd = await page.evaluate(
    (fragment) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes(fragment))
        .map((entry) => (entry as unknown as { responseEnd: number }).responseEnd)
        .at(-1) ?? Number.NaN,
    api,
  );
  return rendered - responseEnd;
}

/** The SPA in Chromium: first route's JavaScript, and render times after the data arrives. */
export async function benchWeb(): Promise<string[]> {
  if (!isSpaBuildCurrent(ROOT, path.join(ROOT, 'dist')))
    await buildSpa(ROOT, path.join(ROOT, 'dist'));
  const stack = await startStack({
    env: {
      ...process.env,
      PORT: '0',
      EMULATOR_PORT: '0',
      LOG_LEVEL: 'silent',
      USAGE_LEDGER_PATH: 'none',
      DATA_API_URL: undefined,
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    const encodings = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && url.origin === new URL(stack.url).origin) {
        scripts.add(url.pathname);
        encodings.add(response.headers()['content-encoding'] ?? 'none');
      }
    });
    // Signing in, as a person does it: a signed-out visit reaches the identity provider's form,
    // the password brings back the page asked for, and a reload signs in again silently.
    const overview = page.getByRole('table', { name: 'Releases and system models' });
    const visited = performance.now();
    await page.goto(`${stack.url}/3.12/cutoff`);
    await page.getByLabel('Username').waitFor();
    const toForm = performance.now() - visited;
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo');
    const submitted = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await overview.waitFor();
    const toPage = performance.now() - submitted;
    const reloads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const reloaded = performance.now();
      await page.reload();
      await overview.waitFor();
      reloads.push(performance.now() - reloaded);
    }
    const sizeOf = (compress: (content: Buffer) => Buffer) =>
      [...scripts].reduce(
        (sum, file) => sum + compress(readFileSync(path.join(ROOT, 'dist', file))).length,
        0,
      );
    const firstRouteGzip = sizeOf((content) => gzipSync(content, { level: 9 }));
    // The largest files of the first route, to see at once what a change of its size came from.
    const largest = [...scripts]
      .map((file) => ({
        file: path.basename(file),
        gzip: gzipSync(readFileSync(path.join(ROOT, 'dist', file)), { level: 9 }).length,
      }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 6)
      .map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)}`)
      .join(', ');
    const firstRouteBrotli = sizeOf((content) => brotliCompressSync(content));

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const catalogue: number[] = [];
    const dataset: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Each run is a fresh page load (tokens live in memory, so it signs in silently again).
      catalogue.push(
        await afterData(
          page,
          `${stack.url}/3.12/cutoff/indicators?q=climate%20change`,
          '/api/indicators',
          (selector) => document.querySelectorAll(selector).length > 0,
          '[role=listitem] input[type=checkbox]',
        ),
      );
      dataset.push(
        await afterData(
          page,
          `${stack.url}/3.12/cutoff/datasets/8279`,
          '/api/datasets/8279',
          (selector) => document.querySelectorAll(selector).length > 0,
          'table[aria-label="Dataset documentation"]',
        ),
      );
    }
    // A 20 × 100 comparison: from the click on "Load scores" to the full table, and the upstream
    // calls it took (the emulator's own counter).
    const release = DataStore.forScale(1).view('3.12', 'cutoff');
    const ds = (release?.datasets ?? [])
      .filter((_, i) => i % 997 === 0)
      .slice(0, 20)
      .map((d) => d.id);
    const ind = (release?.indicators ?? [])
      .filter((i) => !/ no LT$/.test(i.method))
      .slice(0, 100)
      .map((i) => i.id);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${stack.url}/3.12/cutoff/compare?ds=${ds.join(',')}&ind=${ind.join(',')}`);
    await page.getByRole('button', { name: 'Load scores' }).waitFor();
    await page.getByRole('table', { name: 'Comparison' }).waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const stats = async () => (await emulatorStats(stack.emulatorUrl ?? '')).api_requests;
    const before = await stats();
    if (process.env.BENCH_PROFILE) await cdp.send('Profiler.enable');
    if (process.env.BENCH_PROFILE) await cdp.send('Profiler.start');
    const clicked = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Load scores' }).click();
    await page.waitForFunction(
      (expected) => {
        const table = document.querySelector('table[aria-label="Comparison"]');
        return (
          table !== null &&
          table.querySelectorAll('tbody [aria-label*="exactly"]').length === expected
        );
      },
      ds.length * ind.length,
      { polling: 'raf', timeout: 60_000 },
    );
    const rendered = await page.evaluate(() => performance.now());
    if (process.env.BENCH_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      mkdirSync('/tmp/pprof', { recursive: true });
      writeFileSync('/tmp/pprof/comparison.cpuprofile', JSON.stringify(profile));
    }
    const batchEnd = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/datasets/batch'))
        .map((entry) => (entry as unknown as { responseEnd: number }).responseEnd)
        .reduce((a, b) => Math.max(a, b), 0),
    );
    const upstreamCalls = (await stats()) - before;

    return [
      'Explorer in Chromium (4× CPU throttling for render times)',
      `  first route's JavaScript: ${(firstRouteGzip / 1024).toFixed(1)} KB gzip, ${(firstRouteBrotli / 1024).toFixed(1)} KB brotli over ${scripts.size} files (target ≤ 250 KB), served with content-encoding ${[...encodings].join(', ')}`,
      `    largest (KB gzip): ${largest}`,
      `  sign-in: identity provider's form ${toForm.toFixed(0)} ms after a signed-out visit, first page ${toPage.toFixed(0)} ms after the password; a reload with a live session shows the page again in ${percentile(reloads, 0.5).toFixed(0)} ms (median of ${RUNS})`,
      `  indicator catalogue usable after its data: median ${percentile(catalogue, 0.5).toFixed(0)} ms, max ${Math.max(...catalogue).toFixed(0)} ms over ${RUNS} loads (target ≤ 1 500 ms)`,
      `  dataset page shown after its data: median ${percentile(dataset, 0.5).toFixed(0)} ms, max ${Math.max(...dataset).toFixed(0)} ms (target ≤ 1 000 ms)`,
      `  comparison ${ds.length} × ${ind.length}: table complete ${(rendered - batchEnd).toFixed(0)} ms after its data (target ≤ 2 000 ms), ${(rendered - clicked).toFixed(0)} ms after the click, ${upstreamCalls} upstream call${upstreamCalls === 1 ? '' : 's'}`,
    ];
  } finally {
    await browser.close();
    await stack.close();
  }
}
