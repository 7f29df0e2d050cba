import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../shared/problem';
import { PublicConfigSchema } from '../../shared/config';
import {
  ReleasesSchema,
  SearchResultsSchema,
  SectorsSchema,
  type Sectors,
} from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { openedProxies } from '../testing/opened-proxies';

// Sector and ISIC filters answered by the proxy's sector index, against the emulator.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let auth: { authorization: string };
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

async function proxy(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, env);
  opened.keep(built);
  return built;
}

/** Asks for the sectors until the index is ready, as the explorer does. */
async function readySectors(p: Proxy): Promise<Extract<Sectors, { status: 'ready' }>> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await p.app.inject({ url: `/api/sectors?${RELEASE}`, headers: auth });
    const sectors = SectorsSchema.parse(response.json());
    if (sectors.status === 'ready') {
      expect(response.statusCode).toBe(200);
      return sectors;
    }
    expect(response.statusCode).toBe(202);
    expect(response.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the sector index was never ready');
}

const apiRequests = async () =>
  (
    (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
      api_requests: number;
    }
  ).api_requests;

const idsOf = (page: { results: { products: { datasets: { id: number }[] }[] }[] }) =>
  page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)));

/**
 * The emulator's own records of datasets: the ground truth, read from its data rather than
 * through either dialect's wire shapes.
 */
function records(ids: number[]) {
  const view = emulator.state.store.view('3.12', 'cutoff');
  if (!view) throw new Error('the emulator has no 3.12 cutoff');
  return ids.map((id) => {
    const record = view.byId.get(id);
    if (!record) throw new Error(`the emulator has no dataset ${id} in 3.12 cutoff`);
    return record;
  });
}

beforeAll(async () => {
  emulator = await startTestEmulator({
    ...TEST_CLIENT,
  });
  const user = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  auth = { authorization: `Bearer ${user.access_token}` };
});
afterAll(async () => {
  await opened.closeAll();
  await emulator.close();
});

describe('GET /api/sectors and the sector filter of /api/datasets', () => {
  it('refuses a sector search with 503 and Retry-After while the index is being built', async () => {
    const p = await proxy();
    const response = await p.app.inject({
      url: `/api/datasets?${RELEASE}&sector=Electricity`,
      headers: auth,
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(ProblemSchema.parse(response.json()).code).toBe('sector_index_building');
  });

  it('counts every dataset of the release once per ISIC section, charging nothing', async () => {
    const p = await proxy();
    const sectors = await readySectors(p);
    // Every dataset of the release, as the emulator holds it.
    const all = emulator.state.store.view('3.12', 'cutoff')?.datasets.map((d) => d.id) ?? [];
    expect(sectors.datasets).toBe(new Set(all).size);
    expect(sectors.isic_sections.reduce((sum, s) => sum + s.datasets, 0)).toBe(sectors.datasets);
    expect(sectors.sectors.map((s) => s.name)).toContain('Electricity');
    const metered = (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as {
      datasets: number;
    };
    expect(metered.datasets).toBe(0);
  });

  it('finds exactly the datasets of a sector, with totals and pages that agree', async () => {
    const p = await proxy();
    const sectors = await readySectors(p);
    const electricity = sectors.sectors.find((s) => s.name === 'Electricity');
    const search = async (params: string) => {
      const response = await p.app.inject({
        url: `/api/datasets?${RELEASE}&${params}`,
        headers: auth,
      });
      expect(response.statusCode).toBe(200);
      return SearchResultsSchema.parse(response.json());
    };
    const first = await search('sector=Electricity&limit=100');
    let found = idsOf(first);
    for (let from = 100; from < first.total; from += 100)
      found = found.concat(idsOf(await search(`sector=Electricity&limit=100&from=${from}`)));
    expect(found.length).toBe(electricity?.datasets);
    for (const record of records(found)) expect(record.sectors).toContain('Electricity');

    // Paging is over the filtered activities: page 2 of 5 is the second half of a page of 10.
    const ten = await search('sector=Electricity&limit=10');
    const secondFive = await search('sector=Electricity&limit=5&from=5');
    expect(secondFive.total).toBe(first.total);
    expect(secondFive.results).toEqual(ten.results.slice(5));
  });

  it('combines the sector and ISIC section with the query and the other filters', async () => {
    const p = await proxy();
    await readySectors(p);
    const withQuery = SearchResultsSchema.parse(
      (
        await p.app.inject({
          url: `/api/datasets?${RELEASE}&query=electricity&sector=Electricity&isic_section=${encodeURIComponent('D - Electricity, gas, steam and air conditioning supply')}&activity_type=MARKET_ACTIVITY&limit=100`,
          headers: auth,
        })
      ).json(),
    );
    const unfiltered = SearchResultsSchema.parse(
      (
        await p.app.inject({
          url: `/api/datasets?${RELEASE}&query=electricity&activity_type=MARKET_ACTIVITY&limit=100`,
          headers: auth,
        })
      ).json(),
    );
    const ids = idsOf(withQuery);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(idsOf(unfiltered)).toContain(id);
    for (const record of records(ids)) {
      expect(record.sectors).toContain('Electricity');
      expect(record.isicSection).toBe('D - Electricity, gas, steam and air conditioning supply');
      expect(record.type).toBe('market activity');
    }
  });

  it('counts each facet within the search’s results, narrowed by the other filter but not its own', async () => {
    const p = await proxy();
    await readySectors(p);
    const section = 'D - Electricity, gas, steam and air conditioning supply';
    const get = async (params: string) =>
      SearchResultsSchema.parse(
        (await p.app.inject({ url: `/api/datasets?${RELEASE}&${params}`, headers: auth })).json(),
      );
    // Every dataset the query finds, page by page, from the plain search.
    const first = await get('query=electricity&limit=100');
    let found = idsOf(first);
    for (let from = 100; from < first.total; from += 100)
      found = found.concat(idsOf(await get(`query=electricity&limit=100&from=${from}`)));
    const documented = records([...new Set(found)]);
    const tally = (names: string[]) => {
      const counts = new Map<string, number>();
      for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
      return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
    };
    const asCounts = (facets: { name: string; datasets: number }[] | undefined) =>
      Object.fromEntries((facets ?? []).map((facet) => [facet.name, facet.datasets]));

    const filtered = await get(
      `query=electricity&sector=Electricity&isic_section=${encodeURIComponent(section)}&limit=10`,
    );
    // Sectors within the chosen section, sections within the chosen sector.
    expect(asCounts(filtered.facets?.sectors)).toEqual(
      tally(
        documented.filter((r) => r.isicSection === section).flatMap((r) => [...new Set(r.sectors)]),
      ),
    );
    expect(asCounts(filtered.facets?.isic_sections)).toEqual(
      tally(documented.filter((r) => r.sectors.includes('Electricity')).map((r) => r.isicSection)),
    );
    // What the chosen facets say is what the search finds.
    const chosen = filtered.facets?.isic_sections.find((facet) => facet.name === section);
    expect(chosen?.datasets).toBe(
      documented.filter((r) => r.isicSection === section && r.sectors.includes('Electricity'))
        .length,
    );
    // A plain search is the data service's own, with no facets.
    expect(first.facets).toBeUndefined();
  });

  it('shares the search pages it reads with the search route, through the cache', async () => {
    const p = await proxy();
    await readySectors(p);
    const before = await apiRequests();
    const page = await p.app.inject({
      url: `/api/datasets?system_model=cutoff&limit=100&version=3.12&from=100`,
      headers: auth,
    });
    expect(page.statusCode).toBe(200);
    expect(await apiRequests()).toBe(before);
  });

  it('refuses a release the licence does not list, starting no build', async () => {
    const p = await proxy();
    const before = await apiRequests();
    for (const url of [
      '/api/sectors?version=9.99&system_model=cutoff',
      '/api/datasets?version=3.12&system_model=nonsense&sector=Electricity',
    ]) {
      const response = await p.app.inject({ url, headers: auth });
      expect(response.statusCode).toBe(404);
      expect(ProblemSchema.parse(response.json()).code).toBe('not_found');
    }
    // The licence's list, read once, each combination it lists tried once; nothing else.
    const listed = ReleasesSchema.parse(
      (await p.app.inject({ url: '/api/versions', headers: auth })).json(),
    );
    const combinations = listed.releases.reduce(
      (sum, entry) => sum + entry.system_models.length,
      0,
    );
    expect((await apiRequests()) - before).toBe(1 + combinations);
  });

  it('answers a sector no index knows with no results, starting no build for another release', async () => {
    const p = await proxy();
    await readySectors(p);
    const before = await apiRequests();
    for (const sector of ['🔥', 'Basket weaving']) {
      const response = await p.app.inject({
        url: `/api/datasets?version=3.11&system_model=cutoff&sector=${encodeURIComponent(sector)}`,
        headers: auth,
      });
      expect(response.statusCode).toBe(200);
      expect(SearchResultsSchema.parse(response.json())).toEqual({ total: 0, results: [] });
    }
    expect(await apiRequests()).toBe(before);
  });

  it('answers an unknown sector with no results, and refuses an empty one', async () => {
    const p = await proxy();
    await readySectors(p);
    const none = await p.app.inject({
      url: `/api/datasets?${RELEASE}&sector=Basket%20weaving`,
      headers: auth,
    });
    expect(SearchResultsSchema.parse(none.json())).toMatchObject({ total: 0, results: [] });
    const empty = await p.app.inject({ url: `/api/datasets?${RELEASE}&sector=`, headers: auth });
    expect(empty.statusCode).toBe(400);
    expect(ProblemSchema.parse(empty.json()).errors?.[0]?.field).toBe('query.sector');
  });

  it('answers 501 and reads nothing when the index is turned off', async () => {
    const p = await proxy({ SECTOR_INDEX: 'off' });
    const config = PublicConfigSchema.parse((await p.app.inject({ url: '/api/config' })).json());
    expect(config.dataService.sectorIndex).toBe(false);
    const before = await apiRequests();
    for (const url of [`/api/sectors?${RELEASE}`, `/api/datasets?${RELEASE}&sector=Electricity`]) {
      const response = await p.app.inject({ url, headers: auth });
      expect(response.statusCode).toBe(501);
      expect(ProblemSchema.parse(response.json()).code).toBe('sector_index_unavailable');
    }
    expect(await apiRequests()).toBe(before);
  });
});
