import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DataStore } from '../src/emulator/data/store';
import { buildSpa, isSpaBuildCurrent } from '../src/launcher/spa-build';
import { startStack, type Stack } from '../src/launcher/stack';
import { percentile } from './stats';

/**
 * `npm run bench -- vitals`: what a person on a mid-range laptop over a real network sees of
 * each page, as Core Web Vitals measure it: Chromium with the CPU slowed 4×, 100 ms round trips
 * and 9/3 Mbps (the 75th-percentile web user), the data service answering in 150 ms, the proxy
 * already warm. Per route, cold (a fresh profile: nothing in the browser's cache, signed in
 * with the identity provider's session) and warm (the same profile again): largest contentful
 * paint, the moment the route's content is in the page, and the bytes of JavaScript and in all.
 * Then the interaction to next paint of typing in the indicator filter and the geography
 * chooser and of loading a 20 × 100 comparison, and the first What changed and history on a
 * proxy that has not read the releases yet. Medians of three; nothing here is asserted.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3);
const SERVICE_LATENCY_MS = 150;
const LAPTOP = {
  cpu: 4,
  latencyMs: 100,
  downBytesPerSecond: (9 * 1e6) / 8,
  upBytesPerSecond: (3 * 1e6) / 8,
};
/** Core Web Vitals' "good", and the issue's budgets. */
const TARGETS = { lcpMs: 2500, contentMs: 3000, inpMs: 200, firstJsKb: 170, routeJsKb: 250 };

interface Route {
  name: string;
  path: string;
  /** What says the route's own content is in the page. */
  content: string;
}

/** What the page records of itself: LCP candidates, interactions, the content's arrival. */
function recordVitals(selector: string) {
  const w = window as unknown as {
    __vitals: { lcp: number; content: number | null; interactions: number[]; longest: number };
  };
  w.__vitals = { lcp: 0, content: null, interactions: [], longest: 0 };
  // The longest task: what a click during a load would wait for, when the load needs no click.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__vitals.longest = Math.max(w.__vitals.longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[])
      if ((entry.interactionId ?? 0) > 0) w.__vitals.interactions.push(entry.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  // No named function here: tsx wraps those in a helper the page does not have (see laptopPage).
  new MutationObserver(() => {
    if (w.__vitals.content === null && document.querySelector(selector))
      w.__vitals.content = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

interface Vitals {
  lcp: number;
  content: number | null;
  interactions: number[];
  /** The longest task the page ran (ms). */
  longest: number;
  js: number;
  total: number;
  /** The scripts the page loaded (paths), to weigh as the budget counts them: gzip. */
  scripts: string[];
}

async function readVitals(page: Page): Promise<Vitals> {
  return page.evaluate(() => {
    const { lcp, content, interactions, longest } = (
      window as unknown as {
        __vitals: { lcp: number; content: number | null; interactions: number[]; longest: number };
      }
    ).__vitals;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    const scripts = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    const js = scripts.reduce((sum, entry) => sum + entry.transferSize, 0);
    const total =
      resources.reduce((sum, entry) => sum + entry.transferSize, 0) +
      (navigation?.transferSize ?? 0);
    return {
      lcp,
      content,
      interactions,
      longest,
      js,
      total,
      scripts: scripts.map((entry) => new URL(entry.name).pathname),
    };
  });
}

/** A page on the laptop: slowed CPU and network, recording its vitals from the first byte. */
async function laptopPage(context: BrowserContext, selector: string): Promise<Page> {
  const page = await context.newPage();
  // tsx (esbuild's keepNames) wraps a named function in `__name(...)`, which the page lacks: the
  // first run lost every content time to that ReferenceError.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(recordVitals, selector);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LAPTOP.latencyMs,
    downloadThroughput: LAPTOP.downBytesPerSecond,
    uploadThroughput: LAPTOP.upBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LAPTOP.cpu });
  return page;
}

/** Loads a route and waits for its content; then reads what the page recorded. */
async function load(context: BrowserContext, url: string, route: Route): Promise<Vitals> {
  const page = await laptopPage(context, route.content);
  try {
    await page.goto(url);
    // The content may take the release reads' time on a cold proxy: up to two minutes.
    await page.waitForSelector(route.content, { timeout: 120_000 });
    // LCP is final once the page is still: a last frame for the observer to report it.
    await page.waitForTimeout(500);
    return await readVitals(page);
  } finally {
    await page.close();
  }
}

/** A browser profile signed in with the identity provider, as a person's stays. */
async function signedIn(browser: Browser, stack: Stack) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.url}/3.12/cutoff`);
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('table', { name: 'Releases and system models' }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

const median = (values: readonly number[]) => percentile(values, 0.5);

/** The scripts a page loaded weighed as the budget counts them: the build's own `.gz` files. */
function gzipBytes(scripts: readonly string[]): number {
  let bytes = 0;
  for (const script of new Set(scripts)) {
    const file = path.join(ROOT, 'dist', script);
    if (existsSync(`${file}.gz`)) bytes += statSync(`${file}.gz`).size;
    else if (existsSync(file)) bytes += statSync(file).size;
  }
  return bytes;
}
const ms = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'never');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function stackAt(latencyMs: number) {
  return startStack({
    env: {
      ...process.env,
      PORT: '0',
      EMULATOR_PORT: '0',
      LOG_LEVEL: 'silent',
      USAGE_LEDGER_PATH: 'none',
      EMULATOR_LATENCY_MS: String(latencyMs),
      DATA_API_URL: undefined,
    },
  });
}

export async function benchVitals(): Promise<string[]> {
  if (!isSpaBuildCurrent(ROOT, path.join(ROOT, 'dist')))
    await buildSpa(ROOT, path.join(ROOT, 'dist'));
  const release = DataStore.forScale(1).view('3.12', 'cutoff');
  const datasets = release?.datasets ?? [];
  const indicators = (release?.indicators ?? []).filter((i) => !/ no LT$/.test(i.method));
  const someDatasets = datasets.filter((_, i) => i % 997 === 0).map((d) => d.id);
  const routes: Route[] = [
    {
      // Where `/` lands: the first route of a first visit.
      name: 'release overview',
      path: '/3.12/cutoff',
      content: 'table[aria-label="Releases and system models"]',
    },
    {
      name: 'indicators',
      path: '/3.12/cutoff/indicators',
      content: '[role=listitem] input[type=checkbox]',
    },
    {
      name: 'dataset search',
      path: '/3.12/cutoff/datasets?q=electricity%20high%20voltage',
      content: 'table[aria-label="Search results"] tbody tr',
    },
    {
      name: 'dataset page',
      path: '/3.12/cutoff/datasets/8279',
      content: 'table[aria-label="Dataset documentation"]',
    },
    {
      name: 'compare',
      path: `/3.12/cutoff/compare?ds=${someDatasets.slice(0, 4).join(',')}&ind=${indicators
        .slice(0, 3)
        .map((i) => i.id)
        .join(',')}`,
      content: 'table[aria-label="Comparison"]',
    },
    {
      name: 'What changed (3.11 → 3.12)',
      path: '/3.12/cutoff/changes?from=3.11',
      content: 'table[aria-label^="Changed datasets"] tbody tr',
    },
    {
      name: 'history',
      path: '/3.12/cutoff/datasets/8279/history',
      content: 'table[aria-label$="across releases"] tbody tr',
    },
  ];

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const lines: string[] = [];
  // Each figure as it is measured (a run takes minutes), and all of them kept under bench/results.
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  // One measurement that fails (a selector the page no longer has) is said, not the end of the run.
  const attempt = async (what: string, measure: () => Promise<void>) => {
    try {
      await measure();
    } catch (error) {
      say(
        `  ${what}: failed, ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
      );
    }
  };
  say(
    `Pages on a mid-range laptop (CPU 4× slower, ${LAPTOP.latencyMs} ms round trips, 9/3 Mbps), data service at ${SERVICE_LATENCY_MS} ms; median of ${RUNS}`,
  );
  try {
    // The first What changed and history, while a fresh proxy reads the releases.
    const fresh = await stackAt(SERVICE_LATENCY_MS);
    try {
      const state = await signedIn(browser, fresh);
      for (const route of routes.filter((r) => /What changed|history/.test(r.name))) {
        await attempt(`first ${route.name}`, async () => {
          const context = await browser.newContext({ storageState: state });
          const first = await load(context, `${fresh.url}${route.path}`, route).finally(() =>
            context.close(),
          );
          say(
            `  first ${route.name} on a proxy that has not read the releases: content at ${first.content === null ? 'never' : ms(first.content)} (target ≤ 6 s)`,
          );
        });
      }
    } finally {
      await fresh.close();
    }

    const stack = await stackAt(SERVICE_LATENCY_MS);
    try {
      const state = await signedIn(browser, stack);
      // The proxy warm, as the issue measures: every route once, releases read.
      {
        const context = await browser.newContext({ storageState: state });
        for (const route of routes)
          await attempt(`warming ${route.name}`, async () => {
            await load(context, `${stack.url}${route.path}`, route);
          });
        await context.close();
      }
      say(
        '  route                         | cold LCP | cold content | warm LCP | warm content | JavaScript | JS gzip | all bytes',
      );
      const overBudget: string[] = [];
      for (const [index, route] of routes.entries()) {
        await attempt(route.name, async () => {
          const cold: Vitals[] = [];
          const warm: Vitals[] = [];
          for (let run = 0; run < RUNS; run++) {
            const context = await browser.newContext({ storageState: state });
            try {
              cold.push(await load(context, `${stack.url}${route.path}`, route));
              warm.push(await load(context, `${stack.url}${route.path}`, route));
            } finally {
              await context.close();
            }
          }
          const content = (list: Vitals[]) =>
            median(list.map((v) => v.content ?? Number.POSITIVE_INFINITY));
          const gzip = median(cold.map((v) => gzipBytes(v.scripts)));
          const budget = index === 0 ? TARGETS.firstJsKb : TARGETS.routeJsKb;
          if (gzip > budget * 1024) overBudget.push(`${route.name} ${kb(gzip)} > ${budget} KB`);
          say(
            `  ${route.name.padEnd(29)} | ${ms(median(cold.map((v) => v.lcp))).padStart(8)} | ${ms(content(cold)).padStart(12)} | ${ms(median(warm.map((v) => v.lcp))).padStart(8)} | ${ms(content(warm)).padStart(12)} | ${kb(median(cold.map((v) => v.js))).padStart(10)} | ${kb(gzip).padStart(7)} | ${kb(median(cold.map((v) => v.total))).padStart(9)}`,
          );
        });
      }
      say(
        `  targets: LCP ≤ ${ms(TARGETS.lcpMs)}, content ≤ ${ms(TARGETS.contentMs)} cold; JavaScript (gzip, cold) ≤ ${TARGETS.firstJsKb} KB on the first route (${routes[0]?.name}), ≤ ${TARGETS.routeJsKb} KB on any; "JavaScript" is what crossed the network (brotli)`,
      );
      say(
        overBudget.length === 0
          ? '  JavaScript budget: every route within it'
          : `  JavaScript budget: over on ${overBudget.join('; ')}`,
      );

      // Interactions: the worst of each, as INP reports it (one person's page: the maximum).
      const context = await browser.newContext({ storageState: state });
      const inp = (name: string, route: Route, act: (page: Page) => Promise<void>) =>
        attempt(`INP ${name}`, async () => {
          const samples: number[] = [];
          const longest: number[] = [];
          for (let run = 0; run < RUNS; run++) {
            const page = await laptopPage(context, route.content);
            try {
              await page.goto(`${stack.url}${route.path}`);
              await page.waitForSelector(route.content, { timeout: 120_000 });
              await act(page);
              // The last interaction's paint is reported after it: a moment for the observer.
              await page.waitForTimeout(500);
              const vitals = await readVitals(page);
              samples.push(Math.max(0, ...vitals.interactions));
              longest.push(vitals.longest);
            } finally {
              await page.close();
            }
          }
          // No interaction at all (the comparison loads without a click): the longest task
          // stands for what a click meanwhile would have waited.
          say(
            `  INP ${name}: ${median(samples).toFixed(0)} ms, longest task ${median(longest).toFixed(0)} ms (target ≤ ${TARGETS.inpMs} ms)`,
          );
        });
      const byName = (name: string) => routes.find((r) => r.name === name) as Route;
      await inp('typing in the indicator filter', byName('indicators'), async (page) => {
        await page
          .getByRole('textbox', { name: /filter/i })
          .first()
          .click();
        await page.keyboard.type('climate change GWP100', { delay: 120 });
      });
      await inp('typing in the geography chooser', byName('dataset search'), async (page) => {
        await page.getByRole('combobox', { name: 'Geography' }).click();
        await page.keyboard.type('germany', { delay: 120 });
      });
      const ds = someDatasets.slice(0, 20);
      const ind = indicators.slice(0, 100).map((i) => i.id);
      await inp(
        `loading a ${ds.length} × ${ind.length} comparison`,
        {
          name: 'compare',
          path: `/3.12/cutoff/compare?ds=${ds.join(',')}&ind=${ind.join(',')}`,
          content: 'table[aria-label="Comparison"]',
        },
        async (page) => {
          const load = page.getByRole('button', { name: 'Load scores' });
          if (await load.isVisible()) await load.click();
          await page.waitForFunction(
            (expected) =>
              document.querySelectorAll(
                'table[aria-label="Comparison"] tbody [aria-label*="exactly"]',
              ).length === expected,
            ds.length * ind.length,
            { timeout: 120_000 },
          );
        },
      );
      await context.close();
    } finally {
      await stack.close();
    }
  } finally {
    await browser.close();
  }
  const results = path.join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = path.join(
    results,
    `vitals-${new Date().toISOString().slice(0, 16).replace(':', '')}.txt`,
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`  (written to ${path.relative(ROOT, file)})`);
  // Already said line by line.
  return [];
}
