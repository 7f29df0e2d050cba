import { describe, expect, it } from 'vitest';
import {
  DatasetPageSchema,
  DatasetSchema,
  IndicatorsSchema,
  ReleasesSchema,
  SearchResultsSchema,
  SectorsSchema,
  UsageSchema,
} from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator } from '../testing/emulator-proxy';
import { problemOf, useEvidenceHarness } from '../testing/evidence-harness';

// Issue 32: what the data service says is evidence, not a verdict; here, what its answers say
// (a count, a listed value, a score, an absence). Each deviation of the emulator met through the
// proxy as the explorer meets it: it works unchanged, or the answer says clearly what it is;
// never a 200 with data other than the emulator's own. Its weather and what stands in front of
// it: evidence-transport.test.ts; the same deviations through `npm run check:upstream`:
// check/evidence.test.ts.
const h = useEvidenceHarness({ start: startTestEmulator, signIn: signInWithCode });
const { proxy, get, post, faults } = h;
const problem = problemOf;
const RELEASE = 'version=3.12&system_model=cutoff';

describe('1. a count is a claim: lists are read to their end, a total that falls short is “at least”', () => {
  /** The release's activities as the service counts them with no cap. */
  const activities = async () =>
    SearchResultsSchema.parse((await get(await proxy(), `/api/datasets?${RELEASE}&limit=1`)).json())
      .total;
  const sectorsReady = async (p: Proxy) => {
    for (;;) {
      const answer = SectorsSchema.parse((await get(p, `/api/sectors?${RELEASE}`)).json());
      if (answer.status === 'ready') return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('the sector index lists every dataset of a release whose search total stops counting', async () => {
    const whole = await sectorsReady(await proxy());
    await faults({ total_cap: Math.floor((await activities()) / 2) });
    const capped = await sectorsReady(await proxy());
    expect(capped.datasets).toBe(whole.datasets);
    expect(capped.sectors).toEqual(whole.sectors);
  });

  it('a page that shows a total the service counted no further says “at least”; pages past it are there', async () => {
    const all = await activities();
    const cap = Math.floor(all / 2);
    await faults({ total_cap: cap });
    const p = await proxy();
    const first = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20`)).json(),
    );
    expect([first.total, first.total_at_least]).toEqual([cap, true]);
    const past = await get(p, `/api/datasets?${RELEASE}&limit=20&from=${cap + 20}`);
    expect(past.statusCode, past.body).toBe(200);
    const page = SearchResultsSchema.parse(past.json());
    expect(page.results).toHaveLength(20);
    expect(page.total_at_least).toBe(true);
    expect(page.total).toBeGreaterThanOrEqual(cap + 40);
    // The last page reads the end of the listing: its total is a count again.
    const last = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20&from=${all - 5}`)).json(),
    );
    expect([last.total, last.total_at_least, last.results.length]).toEqual([all, undefined, 5]);
  });

  it('the proxy’s log names the list whose total fell short, and both numbers', async () => {
    await faults({ total_cap: 50 });
    const lines: string[] = [];
    const p = await proxyOnEmulator(
      h.emulator(),
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    h.opened.keep(p);
    expect((await get(p, `/api/datasets?${RELEASE}&limit=20`)).statusCode).toBe(200);
    const warned = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warned).toContainEqual(
      expect.objectContaining({ route: 'GET /datasets', claimed: 50, listed: 51 }),
    );
  });

  it('a total the service counts in full is vouched for once, and says no more than it is', async () => {
    const p = await proxy();
    const first = SearchResultsSchema.parse(
      (await get(p, `/api/datasets?${RELEASE}&limit=20`)).json(),
    );
    expect(first.total_at_least).toBeUndefined();
  });

  it('indicators whose total stops counting: every one of them, read to the end', async () => {
    const whole = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    await faults({ total_cap: 300, indicator_paging: true });
    const capped = IndicatorsSchema.parse(
      (await get(await proxy(), `/api/indicators?${RELEASE}`)).json(),
    );
    expect(capped.indicators).toEqual(whole.indicators);
  });
});

describe('2. listed values are tried before they are trusted', () => {
  const releases = async (p: Proxy) => ReleasesSchema.parse((await get(p, '/api/versions')).json());

  it('system models listed by their long names: read as the codes the data routes take', async () => {
    await faults({ versions_vocabulary: 'names' });
    const p = await proxy();
    const listed = await releases(p);
    expect(listed.releases.find((r) => r.version === '3.12')?.system_models.sort()).toEqual(
      ['EN15804', 'apos', 'consequential', 'cutoff'].sort(),
    );
    // The pages the explorer opens with them work: the sector index is for a listed release.
    const sectors = await get(p, `/api/sectors?${RELEASE}`);
    expect(sectors.statusCode, sectors.body).toBeLessThan(300);
  });

  it('names no known name makes work: never offered, and named', async () => {
    await faults({ versions_vocabulary: 'other' });
    const listed = await releases(await proxy());
    const latest = listed.releases.find((r) => r.version === '3.12');
    expect(latest?.system_models).toEqual([]);
    expect(latest?.refused).toContain('Cut-off (by classification)');
    expect(listed.latest).toBeNull();
  });

  it('a probe that times out concludes nothing: that combination stays as listed', async () => {
    await faults({
      versions_vocabulary: 'other',
      slow_calls: { rate: 1, ms: 3000, match: 'APOS' },
    });
    const listed = await releases(await proxy({ UPSTREAM_TIMEOUT_MS: '1000' }));
    const latest = listed.releases.find((r) => r.version === '3.12');
    expect(latest?.system_models).toEqual(['APOS']);
    expect(latest?.refused).not.toContain('APOS');
  });
});

describe('3. a score the service does not give is “no score”', () => {
  const SCORED = `/api/datasets/8279?${RELEASE}&indicator_ids=882&indicator_ids=990`;
  const scoresOf = (body: unknown) =>
    Object.fromEntries(DatasetSchema.parse(body).impact_scores.map((row) => [row.id, row.score]));

  it.each(['null', 'nan', 'marker', 'absent'] as const)(
    'sent as %s: that indicator has no score, the other its own, billed as the service bills it',
    async (as) => {
      const plain = scoresOf((await get(await proxy(), SCORED)).json());
      await fetch(`${h.emulator().origin}/_emulator/reset`, { method: 'POST' });
      await faults({ missing_score: { indicator: 882, as } });
      const p = await proxy();
      const response = await get(p, SCORED);
      expect(response.statusCode, response.body).toBe(200);
      expect(scoresOf(response.json())).toEqual({ 882: null, 990: plain[990] });
      const row = DatasetSchema.parse(response.json()).impact_scores.find((r) => r.id === 882);
      expect(row).toMatchObject({ method: 'CML v4.8 2016', unit: 'kg CO2-Eq' });
      // The proxy's usage counts what the service's ledger counts.
      const ledger = (await (await fetch(`${h.emulator().origin}/_emulator/ledger`)).json()) as {
        indicator_ids: number[];
      };
      const usage = UsageSchema.parse((await get(p, '/api/usage')).json());
      expect([...usage.charged.indicators].sort()).toEqual(ledger.indicator_ids);
    },
  );

  it('in a batch too: no score for that indicator in every dataset, the others untouched', async () => {
    await faults({ missing_score: { indicator: 882, as: 'null' } });
    const p = await proxy();
    const ids = SearchResultsSchema.parse((await get(p, `/api/datasets?${RELEASE}&limit=5`)).json())
      .results.flatMap((hit) =>
        hit.products.flatMap((product) => product.datasets.map((d) => d.id)),
      )
      .slice(0, 5);
    const response = await post(p, `/api/datasets/batch?${RELEASE}&limit=5`, {
      dataset_ids: ids,
      indicator_ids: [882, 990],
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const dataset of DatasetPageSchema.parse(response.json()).datasets) {
      const scores = Object.fromEntries(dataset.impact_scores.map((row) => [row.id, row.score]));
      expect(scores[882]).toBeNull();
      expect(typeof scores[990]).toBe('number');
    }
  });
});

describe('7. absence said another way is read so only where the check confirmed it', () => {
  const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

  it.each(['null', 'empty'] as const)(
    '“no such dataset” as 200 %s, the convention set: not in this release, on every route',
    async (as) => {
      await faults({ absent_as: as });
      const p = await proxy({ DATA_API_ABSENT_AS: as });
      const one = await get(p, `/api/datasets/99999999?${RELEASE}`);
      expect(one.statusCode, one.body).toBe(404);
      expect(problem(one).code).toBe('not_found');
      const spold = await get(
        p,
        `/api/datasets/spold?${RELEASE}&activity_spold_uuid=${UNKNOWN_UUID}`,
      );
      expect(spold.json()).toEqual({ total: 0, datasets: [] });
      const batch = await post(p, `/api/datasets/batch?${RELEASE}`, { dataset_ids: [99999999] });
      expect(batch.statusCode).toBe(404);
      // A dataset that is there is still read as it is.
      expect(DatasetSchema.parse((await get(p, `/api/datasets/8279?${RELEASE}`)).json()).id).toBe(
        8279,
      );
    },
  );

  it('the same words without the convention confirmed: a 502 naming them and the setting', async () => {
    await faults({ absent_as: 'null' });
    const response = await get(
      await proxy({ DATA_API_ABSENT_AS: '404' }),
      `/api/datasets/99999999?${RELEASE}`,
    );
    expect(response.statusCode).toBe(502);
    expect(problem(response).detail).toContain('answered GET /datasets/{id} with 200 and null');
    expect(problem(response).detail).toContain('DATA_API_ABSENT_AS=null');
  });
});
