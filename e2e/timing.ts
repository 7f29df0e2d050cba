/**
 * How long the journeys wait, each limit derived from the slowest step it allows. Measured with
 * `npm run test:e2e` on this project's 2-core machine, alone and beside `stress-ng --cpu 1`
 * (figures in README.md, "Tests"); a busy machine is the case these limits are for.
 */

/**
 * The slowest single step a journey waits for: signing in from a cold browser context (the
 * explorer loads, redirects to the identity provider, the callback exchanges the code, the first
 * page renders its data). 2.5 s on a quiet machine, up to 6 s with one core kept busy; 4× that
 * leaves room for a machine busier still without hiding a hang.
 */
export const STEP_TIMEOUT_MS = 25_000;

/**
 * The longest journey (two sign-ins in separate browser contexts, a search, a charged score
 * load, a shared link) takes 12 s alone on a quiet machine and up to 30 s with one core busy;
 * 4× the quiet figure is the cap. Journeys that must wait for more (the sector index of a whole
 * release, every page's accessibility scan) say so with test.slow().
 */
export const JOURNEY_TIMEOUT_MS = 60_000;

/**
 * Starting the stack: generating a full-scale data set (3 releases × 4 system models, ~2 s),
 * warming its search indexes (~1.5 s) and loading the proxy, once per run, often while the
 * machine is still busy with the build before it.
 */
export const STACK_START_TIMEOUT_MS = 90_000;

/**
 * One browser per two cores, at least one: a journey keeps a browser's renderer, the proxy and
 * the emulator busy at once, so two browsers on two cores starve each other (5 of 14 journeys
 * timed out that way). E2E_WORKERS overrides it.
 */
export function workerCount(cores: number, override: string | undefined): number {
  const chosen = override ? Number(override) : Math.floor(cores / 2);
  if (!Number.isInteger(chosen) || chosen < 0)
    throw new Error(`E2E_WORKERS must be a whole number of browsers, not “${override ?? ''}”.`);
  return Math.max(1, chosen);
}
