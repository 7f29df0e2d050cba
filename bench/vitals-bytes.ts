import { packagesOf } from './chunk-packages';
import { stackFloor } from './stack-floor';
import {
  brotliBytes,
  currentBuild,
  gzipBytes,
  kb,
  keepResults,
  launchChromium,
  load,
  ROOT,
  signedIn,
  stackAt,
  TARGETS,
  vitalsRoutes,
} from './vitals-pages';

/**
 * `npm run bench -- bytes`: the JavaScript columns of `npm run bench -- vitals` alone, in a
 * minute rather than a quarter of an hour. Bytes do not depend on the machine's load or the
 * network's speed, so each route is loaded once, cold (a fresh signed-in profile), without the
 * laptop's slowed CPU and network and with the data service answering at once; the scripts asked
 * for by the time the route's content is in the page are weighed as the full run weighs them
 * (what crossed the network, brotli, and the build's `.gz` files). Then what the page asked for
 * after its content (a chart's code) and, per route, the packages its scripts carry; last, the
 * least any route can send on the explorer's stack (`stack-floor.ts`); written to `bench/results/`.
 */
export async function benchBytes(): Promise<string[]> {
  await currentBuild();
  const { routes } = vitalsRoutes();
  const browser = await launchChromium();
  const stack = await stackAt(0);
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    const state = await signedIn(browser, stack);
    say(
      'JavaScript each route loads before its content, cold (as `npm run bench -- vitals` counts it)',
    );
    say(
      '  route                         | JavaScript | JS gzip | JS brotli | then, gzip | largest packages (minified)',
    );
    const packages: string[] = [];
    for (const [index, route] of routes.entries()) {
      const context = await browser.newContext({ storageState: state });
      try {
        const page = await load(context, `${stack.url}${route.path}`, route, {
          throttled: false,
          settled: true,
        });
        const gzip = gzipBytes(page.scripts);
        const budget = index === 0 ? TARGETS.firstJsKb : TARGETS.routeJsKb;
        const over = gzip > budget * 1024 ? ` (over ${budget} KB)` : '';
        const later = page.later.length === 0 ? '-' : `+${kb(gzipBytes(page.later))}`;
        const top = packagesOf(ROOT, page.scripts)
          .slice(0, 4)
          .map(([name, size]) => `${name} ${kb(size)}`)
          .join(', ');
        say(
          `  ${route.name.padEnd(29)} | ${kb(page.js).padStart(10)} | ${kb(gzip).padStart(7)} | ${kb(brotliBytes(page.scripts)).padStart(9)} | ${later.padStart(10)} | ${top}${over}`,
        );
        packages.push(
          `  ${route.name}: ${page.scripts.length} scripts${page.later.length > 0 ? `; then ${page.later.join(', ')}` : ''}`,
        );
      } finally {
        await context.close();
      }
    }
    say(
      `  "JavaScript" is what crossed the network (brotli, with headers), as the full run's column; budget ${TARGETS.firstJsKb} KB gzip on the first route, ${TARGETS.routeJsKb} KB on any`,
    );
    for (const line of packages) say(line);
    say(await stackFloor());
  } finally {
    await stack.close();
    await browser.close();
  }
  keepResults('bytes', lines);
  // Already said line by line.
  return [];
}
