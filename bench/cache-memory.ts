/**
 * Child process of `npm run bench -- memory` (run with --expose-gc): fills a response cache of
 * BENCH_CACHE_MB with real answers (pages of 100 dataset documents from a proxy, each also
 * gzipped as a browser asks for it) far past its cap, and reports the memory it holds, measured
 * after a full garbage collection, against the cap. One JSON line.
 */
import { gzipOf } from '../src/proxy/cache/compressed';
import { ResponseCache } from '../src/proxy/cache/response-cache';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const origin = process.env.BENCH_PROXY ?? '';
const authorization = process.env.BENCH_TOKEN ?? '';
const capBytes = Number(process.env.BENCH_CACHE_MB ?? '16') * 1024 * 1024;
const release = 'version=3.12&system_model=cutoff';

/** Heap and external memory after full collections, with time between for finalizers to run. */
const held = async () => {
  for (let pass = 0; pass < 3; pass++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};
const ids: number[] = [];
for (let from = 0, total = 1; from < total; from += 100) {
  const page = (await (
    await fetch(`${origin}/api/datasets?${release}&limit=100&from=${from}`, {
      headers: { authorization },
    })
  ).json()) as {
    total: number;
    results: { products: { datasets: { id: number }[] }[] }[];
  };
  total = page.total;
  ids.push(...page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id))));
}
const documents = (chunk: number[]) =>
  fetch(`${origin}/api/datasets/batch?${release}&limit=100`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ dataset_ids: chunk }),
  }).then((response) => response.text());
// The fetch machinery is set up before the measuring starts.
await documents(ids.slice(0, 1));
let produced = 0;
/** Asks every page through the cache, and its gzip; returns how many answers it kept. */
async function fill(cache: ResponseCache): Promise<number> {
  for (let at = 0; at < ids.length; at += 100) {
    const chunk = ids.slice(at, at + 100);
    const answer = await cache.getOrProduce(
      String(at),
      async () => {
        const body = await documents(chunk);
        produced += Buffer.byteLength(body);
        return body;
      },
      { store: true },
    );
    await gzipOf(answer);
  }
  return cache.size.entries;
}
const holder: { cache?: ResponseCache } = { cache: new ResponseCache(capBytes) };
const entries = await fill(holder.cache ?? new ResponseCache(0));
// What the cache holds is what is freed when it goes (the fetch machinery's own buffers stay).
const withCache = await held();
delete holder.cache;
const heldBytes = withCache - (await held());
process.stdout.write(
  `${JSON.stringify({ capBytes, producedBytes: produced, heldBytes, entries })}\n`,
);
