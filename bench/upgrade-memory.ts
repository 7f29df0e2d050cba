import { performance } from 'node:perf_hooks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many checks are sent at once, how many lines each has, and the one ID they repeat. */
const CHECKS = 24;
const LINES = 10_000;
const ID = 8279;

export interface UpgradeLoad {
  checks: number;
  lines: number;
  /** Answers that said "not now" (429, or 202 while releases are read), each waited out. */
  refused: number;
  seconds: number;
  peakMb: number;
  startMb: number;
}

/**
 * One user sends 24 upgrade checks of 10 000 lines at once, each naming the same dataset (the
 * adversarial pass's load), as a browser asks (gzip accepted); each waits out a 429 or 202 as
 * its Retry-After says and asks again until it has its answer. Measures the proxy's resident
 * memory meanwhile.
 */
export async function upgradeChecksAtOnce(
  origin: string,
  authorization: string,
  rss: () => number,
): Promise<UpgradeLoad> {
  const url = `${origin}/api/upgrade-check?version=3.12&system_model=cutoff&from=3.11`;
  const body = (lines: number) =>
    JSON.stringify({
      entries: Array.from({ length: lines }, (_, i) => ({ line: i + 1, kind: 'id', id: ID })),
    });
  const headers = {
    authorization,
    'content-type': 'application/json',
    'accept-encoding': 'gzip',
  };
  let refused = 0;
  const check = async (text: string) => {
    for (;;) {
      const response = await fetch(url, { method: 'POST', headers, body: text });
      await response.arrayBuffer();
      if (response.status === 200) return;
      if (response.status !== 429 && response.status !== 202)
        throw new Error(`upgrade check: ${response.status}`);
      refused++;
      await sleep(Math.min(5, Number(response.headers.get('retry-after') ?? '1')) * 1000);
    }
  };
  // The releases read first, so the load measures the checks, not the reading.
  await check(body(1));
  refused = 0;
  const startMb = rss();
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rss())), 50);
  const t0 = performance.now();
  try {
    const text = body(LINES);
    await Promise.all(Array.from({ length: CHECKS }, () => check(text)));
  } finally {
    clearInterval(sampler);
  }
  peakMb = Math.max(peakMb, rss());
  return {
    checks: CHECKS,
    lines: LINES,
    refused,
    seconds: (performance.now() - t0) / 1000,
    peakMb,
    startMb,
  };
}
