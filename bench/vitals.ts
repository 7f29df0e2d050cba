import { percentile } from './stats';
import {
  currentBuild,
  firstLoads,
  keepResults,
  gzipBytes,
  type Interacted,
  interactions,
  interactOnce,
  kb,
  LAPTOP,
  launchChromium,
  load,
  ms,
  SERVICE_LATENCY_MS,
  signedIn,
  stackAt,
  TARGETS,
  type Vitals,
  vitalsRoutes,
} from './vitals-pages';

/**
 * `npm run bench -- vitals`: what a person on a mid-range laptop over a real network sees of
 * each page, as Core Web Vitals measure it: Chromium with the CPU slowed 4×, 100 ms round trips
 * and 9/3 Mbps (the 75th-percentile web user), the data service answering in 150 ms, the proxy
 * already warm. Per route, cold (a fresh profile: nothing in the browser's cache, signed in
 * with the identity provider's session) and warm (the same profile again): largest contentful
 * paint, the moment the route's content is in the page, and the bytes of JavaScript and in all.
 * Then the interaction to next paint of typing in the indicator filter and the geography
 * chooser and of loading a 20 × 100 comparison, and the first What changed and history on a
 * proxy that has not read the releases yet (a stack started for each run). Medians of three;
 * nothing here is asserted.
 */

const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 3);
const median = (values: readonly number[]) => percentile(values, 0.5);

export async function benchVitals(): Promise<string[]> {
  await currentBuild();
  const { routes } = vitalsRoutes();

  const browser = await launchChromium();
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
        '  route                         | cold LCP | cold content | from address | warm LCP | warm content | JavaScript | JS gzip | all bytes',
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
          const fromAddress = median(cold.map((v) => v.fromAddress ?? Number.POSITIVE_INFINITY));
          say(
            `  ${route.name.padEnd(29)} | ${ms(median(cold.map((v) => v.lcp))).padStart(8)} | ${ms(content(cold)).padStart(12)} | ${ms(fromAddress).padStart(12)} | ${ms(median(warm.map((v) => v.lcp))).padStart(8)} | ${ms(content(warm)).padStart(12)} | ${kb(median(cold.map((v) => v.js))).padStart(10)} | ${kb(gzip).padStart(7)} | ${kb(median(cold.map((v) => v.total))).padStart(9)}`,
          );
        });
      }
      say(
        `  targets: LCP ≤ ${ms(TARGETS.lcpMs)}, content ≤ ${ms(TARGETS.contentMs)} cold, both counted as Chromium counts them, from the identity provider's redirect back ("from address" counts from the address asked for, the way to the identity provider included); JavaScript (gzip, cold) ≤ ${TARGETS.firstJsKb} KB on the first route (${routes[0]?.name}), ≤ ${TARGETS.routeJsKb} KB on any; "JavaScript" is what crossed the network (brotli)`,
      );
      say(
        overBudget.length === 0
          ? '  JavaScript budget: every route within it'
          : `  JavaScript budget: over on ${overBudget.join('; ')}`,
      );

      // Interactions: the worst of each, as INP reports it (one person's page: the maximum).
      const context = await browser.newContext({ storageState: state });
      for (const interaction of interactions())
        await attempt(`INP ${interaction.name}`, async () => {
          const samples: Interacted[] = [];
          for (let run = 0; run < RUNS; run++)
            samples.push(await interactOnce(context, stack.url, interaction));
          // No interaction at all (the comparison loads without a click): the longest task
          // stands for what a click meanwhile would have waited, of the whole load (the
          // explorer's start included) and once the page's content showed.
          say(
            `  INP ${interaction.name}: ${median(samples.map((s) => s.inp)).toFixed(0)} ms, longest task ${median(samples.map((s) => s.longest)).toFixed(0)} ms, once the content showed ${median(samples.map((s) => s.longestShown)).toFixed(0)} ms (target ≤ ${TARGETS.inpMs} ms)`,
          );
        });
      await context.close();
    } finally {
      await stack.close();
    }

    // The first What changed and history, while a fresh proxy reads the releases: a stack
    // started for each run, What changed then history on it, the median and every run said.
    // Last, in a browser that has settled: measured first, right after Chromium started, the
    // first run took 8.63 s against 6.11 and 6.51 s for the next two.
    const reading = routes.filter((r) => /What changed|history/.test(r.name));
    const firsts = new Map(reading.map((route) => [route.name, [] as number[]]));
    for (let run = 0; run < RUNS; run++) {
      const contents = await firstLoads(browser, reading, {
        failed: (route, error) =>
          say(
            `  first ${route.name}: failed, ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`,
          ),
      });
      for (const [i, route] of reading.entries()) {
        const content = contents[i];
        if (content !== undefined)
          firsts.get(route.name)?.push(content ?? Number.POSITIVE_INFINITY);
      }
    }
    for (const [name, contents] of firsts)
      say(
        `  first ${name} on a proxy that has not read the releases: content at ${ms(median(contents))} (target ≤ 6 s; runs ${contents.map(ms).join(', ')})`,
      );
  } finally {
    await browser.close();
  }
  keepResults('vitals', lines);
  // Already said line by line.
  return [];
}
