import { describe, expect, it } from 'vitest';
import { DatasetPageSchema, DatasetSchema, UsageSchema } from '../../../shared/api/schemas';
import { ProblemSchema } from '../../../shared/problem';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import { json, serve, useScriptedService } from '../../testing/scripted-service';
import { datasetBody } from '../../testing/upstream-stub';

// Each shape issue 11 names, served by a scripted data service and read through the proxy: dataset
// objects, one or a batch, read by the field list (lists: adapter-lists.test.ts).
const { stub, token, proxy, get, upstreamPaths } = useScriptedService({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
});

describe('dataset objects', () => {
  it('reads a dataset whose impact_scores are absent, text fields null, and extra fields unknown', async () => {
    const withoutScores: Partial<ReturnType<typeof datasetBody>> = datasetBody(4125);
    delete withoutScores.impact_scores;
    stub().state.script = serve({
      '/datasets/4125': json({
        ...withoutScores,
        description: null,
        isic_class: null,
        activity_type: 'MARKET_GROUP',
        last_modified: '2025-11-05',
      }),
    });
    const response = await get(await proxy(), '/api/datasets/4125?version=3.12');
    const body = DatasetSchema.parse(response.json());
    expect(body.impact_scores).toEqual([]);
    expect(body.description).toBeNull();
    expect(body.isic_class).toBeNull();
    expect(body.activity_type).toBe('market group');
    expect(response.body).not.toContain('last_modified');
  });

  it('reads a batch page whose scores are null', async () => {
    stub().state.script = serve({
      '/datasets/batch': json({
        total: 1,
        datasets: [{ ...datasetBody(7), impact_scores: null, sectors: null }],
      }),
    });
    const p = await proxy();
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12',
      headers: { authorization: `Bearer ${token()}` },
      payload: { dataset_ids: [7] },
    });
    const body = DatasetPageSchema.parse(response.json());
    expect(body.datasets[0]?.impact_scores).toEqual([]);
    expect(body.datasets[0]?.sectors).toEqual([]);
  });

  describe('by the field list (UPSTREAM_FIELDS): null, absent and renamed are three answers', () => {
    const dataset = async (body: Record<string, unknown>, query = '', logs?: string[]) => {
      stub().state.script = serve({ '/datasets/4125': json(body) });
      return get(await proxy({}, logs), `/api/datasets/4125?version=3.12${query}`);
    };
    const without = (field: string, extra: Record<string, unknown> = {}) => {
      const body: Record<string, unknown> = { ...datasetBody(4125), ...extra };
      return Object.fromEntries(Object.entries(body).filter(([key]) => key !== field));
    };

    it('takes null where the list allows it, and refuses it where the explorer needs the field', async () => {
      expect((await dataset({ ...datasetBody(4125), time_period: null })).statusCode).toBe(200);
      const logs: string[] = [];
      const response = await dataset({ ...datasetBody(4125), geography: null }, '', logs);
      expect(response.statusCode).toBe(502);
      expect(ProblemSchema.parse(response.json()).code).toBe('upstream_shape');
      expect(logs.join('')).toContain('geography: null, which the explorer cannot do without');
    });

    it('refuses a field left out, even one that may be null: absent is not null', async () => {
      const logs: string[] = [];
      const response = await dataset(without('description'), '', logs);
      expect(response.statusCode).toBe(502);
      expect(logs.join('')).toContain('"description: absent"');
    });

    it('names both paths when a field is missing beside one it does not know', async () => {
      const logs: string[] = [];
      const response = await dataset(without('geography', { geo_label: 'Mexico (MX)' }), '', logs);
      expect(response.statusCode).toBe(502);
      expect(logs.join('')).toContain(
        'geography: absent, while geo_label is there, which the adapter does not know (renamed?)',
      );
      expect(logs.join('')).not.toContain('Mexico');
    });

    it('maps a rename it knows, and reports it', async () => {
      const logs: string[] = [];
      const response = await dataset(without('geography', { location: 'Mexico (MX)' }), '', logs);
      expect(DatasetSchema.parse(response.json()).geography).toBe('Mexico (MX)');
      expect(logs.join('')).toContain('renamed fields mapped: location → geography');
    });

    it('refuses a scored answer whose scores are absent, or whose rows are in another shape', async () => {
      const scored = '&indicator_ids=882';
      expect((await dataset(without('impact_scores'), scored)).statusCode).toBe(502);
      const logs: string[] = [];
      const other = await dataset(
        {
          ...datasetBody(4125),
          impact_scores: [
            {
              indicator_id: 882,
              value: 0.5,
              unit: 'kg',
              method: 'm',
              category: 'c',
              indicator: 'i',
            },
          ],
        },
        scored,
        logs,
      );
      expect(other.statusCode).toBe(502);
      expect(logs.join('')).toContain(
        'impact_scores[].id: absent, while impact_scores[].indicator_id',
      );
    });

    it('reads a marker as no score, and refuses a number written as text rather than guess it', async () => {
      const scored = '&indicator_ids=882';
      const row = (score: unknown) => ({
        ...datasetBody(4125),
        impact_scores: [{ id: 882, score, unit: 'kg', method: 'm', category: 'c', indicator: 'i' }],
      });
      const marked = await dataset(row('not computable'), scored);
      expect(DatasetSchema.parse(marked.json()).impact_scores[0]?.score).toBeNull();
      const logs: string[] = [];
      const text = await dataset(row('12.5'), scored, logs);
      expect(text.statusCode).toBe(502);
      expect(logs.join('')).toContain('impact_scores[].score');
      expect(logs.join('')).not.toContain('12.5');
    });
  });

  it('answers 502 upstream_shape naming the route, and logs the failing paths without values', async () => {
    stub().state.script = serve({
      '/datasets': json({
        total: 1,
        results: [
          {
            name: 'secret-activity-name',
            activity_type: 'x',
            products: [{ title: 'secret-product-title' }],
          },
        ],
      }),
    });
    const logs: string[] = [];
    const response = await get(await proxy({}, logs), '/api/datasets?version=3.12');
    expect(response.statusCode).toBe(502);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.code).toBe('upstream_shape');
    expect(problem.detail).toContain('GET /datasets');
    const logged = logs.join('');
    expect(logged).toContain(
      'results[].products[].name: absent, while results[].products[].title is there',
    );
    expect(logged).not.toContain('secret-activity-name');
    expect(logged).not.toContain('secret-product-title');
  });
});

describe('a scored batch of 100 asked in pages of DATA_API_PAGE_SIZE', () => {
  const scored = (id: number) => ({
    ...datasetBody(id),
    impact_scores: [
      { id: 882, score: 1.5, unit: 'kg CO2-Eq', method: 'm', category: 'c', indicator: 'i' },
    ],
  });

  it('asks each part once, one after the other, and counts the whole page when a later part fails', async () => {
    stub().state.script = serve({
      '/datasets/batch': (url) =>
        url.searchParams.get('from') === '0'
          ? { body: { total: 100, datasets: Array.from({ length: 50 }, (_, i) => scored(i + 1)) } }
          : { status: 503, body: { detail: 'Service Unavailable' } },
    });
    const p = await proxy({ DATA_API_PAGE_SIZE: '50' });
    const response = await p.app.inject({
      method: 'POST',
      url: '/api/datasets/batch?version=3.12&limit=100',
      headers: { authorization: `Bearer ${token()}` },
      payload: { dataset_ids: Array.from({ length: 100 }, (_, i) => i + 1), indicator_ids: [882] },
    });
    expect(response.statusCode).toBe(503);
    // Scored: never asked again, however busy the service says it is.
    expect(upstreamPaths().filter((path) => path.includes('/datasets/batch'))).toHaveLength(2);
    // The first part's 50 datasets were charged by the service: the ledger holds at least them.
    const usage = UsageSchema.parse(
      (
        await p.app.inject({ url: '/api/usage', headers: { authorization: `Bearer ${token()}` } })
      ).json(),
    );
    expect(usage.datasets).toBeGreaterThanOrEqual(50);
  });
});
