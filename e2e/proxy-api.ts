import { signInWithCode } from '../src/emulator/testing/sign-in-flow';

/**
 * The proxy's own API, called as the demo user from the test itself: to find datasets and to
 * read the usage ledger a journey's clicks may or may not have charged.
 */
let token: { value: Promise<string>; until: number } | undefined;

/**
 * The demo user's access token, signed in once per worker and again a minute before it
 * expires: a worker on a busy machine outlived it (a journey failed on a 401 from here).
 */
export function demoToken(): Promise<string> {
  if (!token || Date.now() >= token.until) {
    const asked = Date.now();
    const value = signInWithCode({
      emulatorOrigin: process.env.E2E_EMULATOR_URL ?? '',
      redirectOrigin: process.env.E2E_BASE_URL ?? '',
    }).then((tokens) => {
      const lifetime = (tokens as { expires_in?: number }).expires_in ?? 300;
      if (token?.value === value) token.until = asked + (lifetime - 60) * 1000;
      return tokens.access_token;
    });
    // Until it is known how long it lasts, every caller shares this sign-in; a failed one is
    // tried again by the next caller.
    token = { value, until: Number.POSITIVE_INFINITY };
    value.catch(() => {
      if (token?.value === value) token = undefined;
    });
  }
  return token.value;
}

async function call(path: string, body?: unknown): Promise<unknown> {
  const base = process.env.E2E_BASE_URL ?? '';
  const response = await fetch(`${base}${path}`, {
    headers: {
      authorization: `Bearer ${await demoToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${String(response.status)}`);
  return response.json();
}

/** A saved export's rows checked against the evidence the proxy kept (free). */
export async function checkEvidence(rows: unknown[]) {
  return (await call('/api/evidence/check', { rows })) as {
    rows: { row: number; status: string; fields: string[] }[];
  };
}

/** What this period has charged, as the proxy's ledger says. */
export async function charged() {
  return ((await call('/api/usage')) as { charged: { datasets: number[]; indicators: number[] } })
    .charged;
}

/** Dataset IDs of a search in 3.12 cutoff, in the order found. */
export async function datasetIds(query: string): Promise<number[]> {
  const page = (await call(
    `/api/datasets?version=3.12&system_model=cutoff&limit=20&query=${encodeURIComponent(query)}`,
  )) as { results: { products: { datasets: { id: number }[] }[] }[] };
  return page.results.flatMap((hit) => hit.products.flatMap((p) => p.datasets.map((d) => d.id)));
}

/** Indicator IDs of 3.12 cutoff whose category matches. */
export async function indicatorIds(category: RegExp): Promise<number[]> {
  const { indicators } = (await call('/api/indicators?version=3.12&system_model=cutoff')) as {
    indicators: { id: number; method: string; category: string }[];
  };
  return indicators
    .filter((i) => category.test(i.category) && !/ no LT$/.test(i.method))
    .map((i) => i.id);
}

const RELEASE = 'version=3.12&system_model=cutoff';

/** Every dataset ID a search in 3.12 cutoff lists, through all of its pages. */
export async function searchedIds(filters: Record<string, string>): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let from = 0; ; from += 100) {
    const query = new URLSearchParams({ ...filters, from: String(from), limit: '100' });
    const page = (await call(`/api/datasets?${RELEASE}&${query.toString()}`)) as {
      total: number;
      results: { products: { datasets: { id: number }[] }[] }[];
    };
    for (const hit of page.results)
      for (const product of hit.products)
        for (const dataset of product.datasets) ids.add(dataset.id);
    if (page.results.length === 0 || from + 100 >= page.total) return ids;
  }
}

/** The lookup by Spold UUID in 3.12 cutoff: the first page of matches and their total. */
export async function spoldLookup(uuids: Record<string, string>) {
  const query = new URLSearchParams(uuids);
  return (await call(`/api/datasets/spold?${RELEASE}&${query.toString()}`)) as {
    total: number;
    datasets: { id: number; product: string | null; product_spold_uuid: string | null }[];
  };
}
