import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { buildSpa } from '../src/launcher/spa-build';
import { percentile } from './stats';
import {
  currentBuild,
  firstLoads,
  type Interacted,
  interactions,
  interactOnce,
  keepResults,
  launchChromium,
  load,
  ms,
  ROOT,
  SERVICE_LATENCY_MS,
  signedIn,
  stackAt,
  type Vitals,
  vitalsRoutes,
} from './vitals-pages';

const RUNS = Number(process.env.BENCH_VITALS_RUNS ?? 7);
/** `first What changed` in BENCH_ROUTES: the route's first load, on a proxy that has read nothing. */
const FIRST = 'first ';
/** `inp typing in the geography` in BENCH_ROUTES: one of the vitals bench's interactions. */
const INP = 'inp ';

/**
 * `npm run bench -- side`: the vitals bench's cold loads for two builds side by side, the one
 * of `BENCH_BEFORE` (a commit, `HEAD` unless set) and the working tree's, alternating load by
 * load so both meet the same machine. Per route (`BENCH_ROUTES`, names' beginnings, comma
 * separated; every route unless set): median LCP and content of `BENCH_VITALS_RUNS` loads each
 * (7), and after ÷ before. A change is judged by these ratios, not by figures from runs apart,
 * which this shared machine moves by 0.3–0.7 s. `first <route>` in `BENCH_ROUTES` measures that
 * route's content on a stack started for each run, whose proxy has not read the releases (the
 * issue's first What changed and history, in that order on one stack as `vitals` has them).
 * `inp <interaction>` measures one of the vitals bench's interactions (INP, the worst event of
 * one person's page, and the longest task meanwhile). Written to `bench/results/`.
 */
export async function benchSide(): Promise<string[]> {
  const before = process.env.BENCH_BEFORE ?? 'HEAD';
  const wanted = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
  const named = (prefix: string) =>
    wanted.filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
  const [warmNames, firstNames, inpNames] = [
    wanted.filter((name) => !name.startsWith(FIRST) && !name.startsWith(INP)),
    named(FIRST),
    named(INP),
  ];
  const routes = vitalsRoutes().routes.filter(
    (route) => wanted.length === 0 || warmNames.some((name) => route.name.startsWith(name)),
  );
  const firsts = vitalsRoutes().routes.filter((route) =>
    firstNames.some((name) => route.name.startsWith(name)),
  );
  const acts = interactions().filter((interaction) =>
    inpNames.some((name) => interaction.name.startsWith(name)),
  );
  if (routes.length + firsts.length + acts.length === 0)
    throw new Error(`BENCH_ROUTES names no route: ${wanted.join(', ')}`);
  const commit = execFileSync('git', ['rev-parse', '--short', before], { cwd: ROOT })
    .toString()
    .trim();
  await currentBuild();
  // The other build: its commit checked out beside this one, with this one's packages.
  const other = mkdtempSync(path.join(tmpdir(), 'lci-side-'));
  execFileSync('git', ['worktree', 'add', '--detach', other, commit], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(other, 'node_modules'));
    await buildSpa(other, path.join(other, 'dist'));
    const sideEnv = { before: { STATIC_DIR: path.join(other, 'dist') }, after: {} };
    say(
      `Cold loads side by side, ${commit} (before) and the working tree (after), alternating, laptop profile, data service at ${SERVICE_LATENCY_MS} ms; medians of ${RUNS}`,
    );
    say(
      `  ${'route'.padEnd(29)} | ${'LCP before → after'.padStart(22)} | ratio | content before → after | ratio`,
    );
    const browser = await launchChromium();
    const stacks = {
      before: await stackAt(SERVICE_LATENCY_MS, sideEnv.before),
      after: await stackAt(SERVICE_LATENCY_MS, sideEnv.after),
    };
    try {
      const states = {
        before: await signedIn(browser, stacks.before),
        after: await signedIn(browser, stacks.after),
      };
      const sides = ['before', 'after'] as const;
      type Side = (typeof sides)[number];
      /**
       * `RUNS` of one measurement on each build, alternating, each in a context of its own,
       * after one on each that is not kept (each proxy warm for the route, as `vitals` has it).
       */
      const alternate = async <T>(
        measure: (context: BrowserContext, origin: string) => Promise<T>,
      ) => {
        const seen: Record<Side, T[]> = { before: [], after: [] };
        const once = async (side: Side) => {
          const context = await browser.newContext({ storageState: states[side] });
          try {
            return await measure(context, stacks[side].url);
          } finally {
            await context.close();
          }
        };
        for (const side of sides) await once(side);
        for (let run = 0; run < RUNS; run++)
          for (const side of run % 2 === 0 ? sides : [...sides].reverse())
            seen[side].push(await once(side));
        return seen;
      };
      for (const route of routes) {
        const seen = await alternate((context, origin) =>
          load(context, `${origin}${route.path}`, route),
        );
        const median = (side: Side, pick: (v: Vitals) => number | null) =>
          percentile(
            seen[side].map((v) => pick(v) ?? Number.POSITIVE_INFINITY),
            0.5,
          );
        const pair = (pick: (v: Vitals) => number | null) => {
          const [b, a] = [median('before', pick), median('after', pick)];
          return `${`${ms(b)} → ${ms(a)}`.padStart(22)} | ${(a / b).toFixed(2).padStart(5)}`;
        };
        say(`  ${route.name.padEnd(29)} | ${pair((v) => v.lcp)} | ${pair((v) => v.content)}`);
      }
      for (const interaction of acts) {
        const seen = await alternate((context, origin) =>
          interactOnce(context, origin, interaction),
        );
        const pair = (pick: (i: Interacted) => number) => {
          const [b, a] = sides.map((side) => percentile(seen[side].map(pick), 0.5)) as [
            number,
            number,
          ];
          // A load with no interaction in it (the comparison's) has no INP: 0, and no ratio.
          return `${b.toFixed(0)} → ${a.toFixed(0)} ms (${b > 0 ? (a / b).toFixed(2) : '—'})`;
        };
        say(
          `  INP ${interaction.name}: ${pair((i) => i.inp)}, longest task ${pair((i) => i.longest)}, once the content showed ${pair((i) => i.longestShown)}; every run before ${seen.before.map((i) => i.inp.toFixed(0)).join(', ')}, after ${seen.after.map((i) => i.inp.toFixed(0)).join(', ')}`,
        );
      }
      if (firsts.length > 0) {
        const content = {
          before: [] as (number | null | undefined)[][],
          after: [] as (number | null | undefined)[][],
        };
        for (let run = 0; run < RUNS; run++)
          for (const side of run % 2 === 0 ? sides : [...sides].reverse())
            content[side].push(await firstLoads(browser, firsts, { proxyEnv: sideEnv[side] }));
        for (const [i, route] of firsts.entries()) {
          const [b, a] = sides.map((side) =>
            percentile(
              content[side].map((loads) => loads[i] ?? Number.POSITIVE_INFINITY),
              0.5,
            ),
          ) as [number, number];
          say(
            `  first ${route.name.padEnd(23)} | content on a proxy that has not read the releases ${ms(b)} → ${ms(a)} | ${(a / b).toFixed(2)}`,
          );
        }
      }
    } finally {
      await stacks.before.close();
      await stacks.after.close();
      await browser.close();
    }
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', other], { cwd: ROOT, stdio: 'ignore' });
    rmSync(other, { recursive: true, force: true });
  }
  keepResults('vitals-side', lines);
  return [];
}
