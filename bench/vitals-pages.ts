import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DataStore } from '../src/emulator/data/store';
import { buildSpa, isSpaBuildCurrent } from '../src/launcher/spa-build';
import { emulatorConfigFromEnv } from '../src/emulator/config';
import { freePort, pointAtEmulator, type Stack } from '../src/launcher/stack';
import { emulatorChangeReports } from '../src/proxy/testing/emulator-proxy';
import { spawnEmulator } from './emulator';
import { ended, proxyProcess } from './proxy';

/**
 * What `npm run bench -- vitals` and `-- bytes` share: the routes measured, the laptop's page
 * that records its own vitals, a load that waits for a route's content, and the scripts' weight.
 */

/** Core Web Vitals' "good", and the issue's budgets. */
export const TARGETS = { lcpMs: 2500, contentMs: 3000, inpMs: 200, firstJsKb: 170, routeJsKb: 250 };

export const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SERVICE_LATENCY_MS = 150;
export const LAPTOP = {
  cpu: 4,
  latencyMs: 100,
  downBytesPerSecond: (9 * 1e6) / 8,
  upBytesPerSecond: (3 * 1e6) / 8,
};
export interface Route {
  name: string;
  path: string;
  /** What says the route's own content is in the page. */
  content: string;
}

/** What the page records of itself (`window.__vitals`), read back by readVitals. */
interface PageVitals {
  lcp: number;
  content: number | null;
  interactions: number[];
  longest: number;
  /** Each long task: when it began and how long it ran (ms). */
  tasks: [number, number][];
}

/** What the page records of itself: LCP candidates, interactions, the content's arrival. */
function recordVitals(selector: string) {
  const w = window as unknown as { __vitals: PageVitals };
  w.__vitals = { lcp: 0, content: null, interactions: [], longest: 0, tasks: [] };
  // The longest task: what a click during a load would wait for, when the load needs no click.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      w.__vitals.longest = Math.max(w.__vitals.longest, entry.duration);
      w.__vitals.tasks.push([entry.startTime, entry.duration]);
    }
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

export interface Vitals {
  lcp: number;
  content: number | null;
  interactions: number[];
  /** The longest task the page ran (ms). */
  longest: number;
  /**
   * The longest task that ended once the content was in the page (ms): what a click on the
   * page's own controls could wait for, without the explorer's start, which every route shares.
   */
  longestShown: number;
  /**
   * The content's time from the moment the address was asked for (ms), the sign-in redirect
   * included: `content` and `lcp` count from the last navigation, the identity provider's
   * redirect back to the explorer, as Chromium's own metrics do.
   */
  fromAddress: number | null;
  /** Scripts and all bytes that crossed the network, both documents of the load (see laptopPage). */
  js: number;
  total: number;
  /** The scripts asked for by the time the content was in (paths), weighed as the budget counts them: gzip. */
  scripts: string[];
  /** The scripts asked for after the content was in (a chart's code), by the time it was read. */
  later: string[];
}

async function readVitals(page: Page, askedAt = Number.NaN): Promise<Vitals> {
  const vitals = await page.evaluate(() => {
    const { lcp, content, interactions, longest, tasks } = (
      window as unknown as { __vitals: PageVitals }
    ).__vitals;
    const shown = tasks.filter(
      ([start, duration]) => content !== null && start + duration > content,
    );
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const all = resources.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
    // The route's JavaScript is what was asked for by the time its content was in the page; a
    // script asked for after (a chart's code, drawn once its data came) is counted apart, so the
    // figure does not depend on how long after the content the page is read.
    const first = (entry: PerformanceResourceTiming) =>
      content === null || entry.startTime <= content;
    const scripts = all.filter(first);
    return {
      lcp,
      content,
      interactions,
      longest,
      longestShown: Math.max(0, ...shown.map(([, duration]) => duration)),
      scripts: scripts.map((entry) => new URL(entry.name).pathname),
      later: all.filter((entry) => !first(entry)).map((entry) => new URL(entry.name).pathname),
      timeOrigin: performance.timeOrigin,
    };
  });
  const { timeOrigin, ...rest } = vitals;
  const fromAddress =
    rest.content === null || Number.isNaN(askedAt) ? null : timeOrigin + rest.content - askedAt;
  const bytes = transferred.get(page) ?? { js: Number.NaN, total: Number.NaN };
  return { ...rest, ...bytes, fromAddress };
}

/**
 * What crossed the network for a page, both documents of its load (the one that goes to the
 * identity provider and the one it sends back): all of it, and its scripts.
 */
const transferred = new WeakMap<Page, { js: number; total: number }>();

/** A page on the laptop: slowed CPU and network, recording its vitals from the first byte. */
async function laptopPage(
  context: BrowserContext,
  selector: string,
  throttled = true,
): Promise<Page> {
  const page = await context.newPage();
  // tsx (esbuild's keepNames) wraps a named function in `__name(...)`, which the page lacks: the
  // first run lost every content time to that ReferenceError.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(recordVitals, selector);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The Performance API's transfer sizes are the last document's alone, and a load's scripts
  // may all have come with the first: the network's own count takes both.
  const bytes = { js: 0, total: 0 };
  transferred.set(page, bytes);
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (new URL(event.response.url).pathname.endsWith('.js')) scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    bytes.total += event.encodedDataLength;
    if (scripts.has(event.requestId)) bytes.js += event.encodedDataLength;
  });
  if (!throttled) return page;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LAPTOP.latencyMs,
    downloadThroughput: LAPTOP.downBytesPerSecond,
    uploadThroughput: LAPTOP.upBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: LAPTOP.cpu });
  return page;
}

/**
 * Loads a route and waits for its content; then reads what the page recorded. Unthrottled and
 * `settled` (the bytes mode): read once the network is quiet, so `later` holds every script the
 * page went on to ask for.
 */
export async function load(
  context: BrowserContext,
  url: string,
  route: Route,
  { throttled = true, settled = false } = {},
): Promise<Vitals> {
  const page = await laptopPage(context, route.content, throttled);
  try {
    const askedAt = Date.now();
    await page.goto(url);
    // The content may take the release reads' time on a cold proxy: up to two minutes.
    await page.waitForSelector(route.content, { timeout: 120_000 });
    // LCP is final once the page is still: a last frame for the observer to report it.
    await page.waitForTimeout(500);
    if (settled) await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
    return await readVitals(page, askedAt);
  } finally {
    await page.close();
  }
}

/** A browser profile signed in with the identity provider, as a person's stays. */
export async function signedIn(browser: Browser, stack: Pick<Stack, 'url'>) {
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

/** The scripts a page loaded weighed as the budget counts them: the build's own `.gz` files. */
export function gzipBytes(scripts: readonly string[]): number {
  let bytes = 0;
  for (const script of new Set(scripts)) {
    const file = path.join(ROOT, 'dist', script);
    if (existsSync(`${file}.gz`)) bytes += statSync(`${file}.gz`).size;
    else if (existsSync(file)) bytes += statSync(file).size;
  }
  return bytes;
}
/** The same scripts as the build's `.br` files (what the proxy sends a browser that takes brotli). */
export function brotliBytes(scripts: readonly string[]): number {
  let bytes = 0;
  for (const script of new Set(scripts)) {
    const file = path.join(ROOT, 'dist', script);
    if (existsSync(`${file}.br`)) bytes += statSync(`${file}.br`).size;
    else if (existsSync(file)) bytes += statSync(file).size;
  }
  return bytes;
}
export const ms = (value: number) =>
  Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : 'never';
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Debian's Chromium as the bench drives it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * The explorer as a person reaches it: the proxy serving the build, and the data service (the
 * emulator, `latencyMs` away) in processes of their own, as the real service runs on other
 * machines. In one process, the emulator's work for each call (searching, writing its answers)
 * held up the proxy's: a first What changed's 464 reads were counted against the proxy.
 */
export async function stackAt(
  latencyMs: number,
  /** The proxy's settings beyond these (a side-by-side run: another build's STATIC_DIR). */
  proxyEnv: Record<string, string> = {},
): Promise<Pick<Stack, 'url' | 'close'>> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const emulator = await spawnEmulator('1', {
    EMULATOR_SPA_ORIGINS: `${url},http://127.0.0.1:${port}`,
    EMULATOR_LATENCY_MS: String(latencyMs),
  });
  try {
    const reports = await emulatorChangeReports({ origin: emulator.started.address });
    const config = emulatorConfigFromEnv({ EMULATOR_PUBLIC_ORIGIN: emulator.started.address });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'silent',
      USAGE_LEDGER_PATH: 'none',
      STATIC_DIR: path.join(ROOT, 'dist'),
      ...reports.env,
      ...proxyEnv,
    };
    pointAtEmulator(env, {
      ...config,
      client: {
        ...config.client,
        id: emulator.started.clientId,
        secret: emulator.started.clientSecret,
      },
    });
    const proxy = await proxyProcess(env, port).catch(async (error: unknown) => {
      await reports.remove();
      throw error;
    });
    return {
      url,
      async close() {
        await proxy.stopped();
        await ended(emulator.child);
        await reports.remove();
      },
    };
  } catch (error) {
    await ended(emulator.child);
    throw error;
  }
}

/**
 * Routes loaded in turn, cold, on a stack started for them: each route's content on a proxy that
 * had not read its releases (but those of the routes before it), as the issue measures the first
 * What changed and the history after it; null where the content never showed. A load that fails
 * is undefined and said to `failed` if given, else thrown.
 */
export async function firstLoads(
  browser: Browser,
  routes: readonly Route[],
  {
    proxyEnv = {},
    failed,
  }: { proxyEnv?: Record<string, string>; failed?: (route: Route, error: unknown) => void } = {},
): Promise<(number | null | undefined)[]> {
  const fresh = await stackAt(SERVICE_LATENCY_MS, proxyEnv);
  try {
    const state = await signedIn(browser, fresh);
    const contents: (number | null | undefined)[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ storageState: state });
      try {
        contents.push((await load(context, `${fresh.url}${route.path}`, route)).content);
      } catch (error) {
        if (!failed) throw error;
        failed(route, error);
        contents.push(undefined);
      } finally {
        await context.close();
      }
    }
    return contents;
  } finally {
    await fresh.close();
  }
}

/** The routes measured, the first where `/` lands; the datasets and indicators they use. */
export function vitalsRoutes() {
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
  return { routes, someDatasets, indicators };
}

/** One of the interactions: a route, and what a person does there once it shows. */
export interface Interaction {
  name: string;
  route: Route;
  act: (page: Page) => Promise<void>;
}

/**
 * What one interaction cost: its worst event, as INP reports it, and the longest task meanwhile,
 * of the whole load and from the content's showing on.
 */
export interface Interacted {
  inp: number;
  longest: number;
  longestShown: number;
}

/** Typing in the indicator filter and the geography chooser, and loading a 20 × 100 comparison. */
export function interactions(): Interaction[] {
  const { routes, someDatasets, indicators } = vitalsRoutes();
  const byName = (name: string) => routes.find((r) => r.name === name) as Route;
  const ds = someDatasets.slice(0, 20);
  const ind = indicators.slice(0, 100).map((i) => i.id);
  return [
    {
      name: 'typing in the indicator filter',
      route: byName('indicators'),
      act: async (page) => {
        await page
          .getByRole('textbox', { name: /filter/i })
          .first()
          .click();
        await page.keyboard.type('climate change GWP100', { delay: 120 });
      },
    },
    {
      // Clicked the moment the results show, before the page is idle, as an eager person does.
      name: 'typing in the geography chooser',
      route: byName('dataset search'),
      act: async (page) => {
        await page.getByRole('combobox', { name: 'Geography' }).click();
        await page.keyboard.type('germany', { delay: 120 });
      },
    },
    {
      name: `loading a ${ds.length} × ${ind.length} comparison`,
      route: {
        name: 'compare',
        path: `/3.12/cutoff/compare?ds=${ds.join(',')}&ind=${ind.join(',')}`,
        content: 'table[aria-label="Comparison"]',
      },
      act: async (page) => {
        const load = page.getByRole('button', { name: 'Load scores' });
        if (await load.isVisible()) await load.click();
        // Every row drawn has a score in every column: all 100 rows in a build that draws the
        // table whole, the rows near the screen in one that draws only those (aria-busy off).
        await page.waitForFunction(
          (columns) => {
            const table = document.querySelector('table[aria-label="Comparison"]');
            if (!table || table.getAttribute('aria-busy') === 'true') return false;
            const rows = table.querySelectorAll('tbody tr:not([aria-hidden])').length;
            const scored = table.querySelectorAll('tbody [aria-label*="exactly"]').length;
            return rows > 0 && scored === rows * columns;
          },
          ds.length,
          { timeout: 120_000 },
        );
      },
    },
  ];
}

/** One interaction on a page of its own at `origin`, on the laptop profile. */
export async function interactOnce(
  context: BrowserContext,
  origin: string,
  interaction: Interaction,
): Promise<Interacted> {
  const page = await laptopPage(context, interaction.route.content);
  try {
    await page.goto(`${origin}${interaction.route.path}`);
    await page.waitForSelector(interaction.route.content, { timeout: 120_000 });
    await interaction.act(page);
    // The last interaction's paint is reported after it: a moment for the observer.
    await page.waitForTimeout(500);
    const vitals = await readVitals(page);
    return {
      inp: Math.max(0, ...vitals.interactions),
      longest: vitals.longest,
      longestShown: vitals.longestShown,
    };
  } finally {
    await page.close();
  }
}

/** The built SPA, built again first when its sources changed. */
export async function currentBuild() {
  if (!isSpaBuildCurrent(ROOT, path.join(ROOT, 'dist')))
    await buildSpa(ROOT, path.join(ROOT, 'dist'));
}

/** Keeps a suite's lines under `bench/results/`, named by the suite and the minute, and says where. */
export function keepResults(suite: string, lines: readonly string[]) {
  const results = path.join(ROOT, 'bench', 'results');
  mkdirSync(results, { recursive: true });
  const file = path.join(
    results,
    `${suite}-${new Date().toISOString().slice(0, 16).replace(':', '')}.txt`,
  );
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`  (written to ${path.relative(ROOT, file)})`);
}
