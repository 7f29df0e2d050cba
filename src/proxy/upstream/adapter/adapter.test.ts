import { describe, expect, it } from 'vitest';
import { DatasetPageSchema } from '../../../shared/api/schemas';
import { PublicConfigSchema } from '../../../shared/config';
import { ProblemSchema } from '../../../shared/problem';
import { signInWithCode } from '../../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../../emulator/testing/start';
import { proxyConfigFromEnv } from '../../config';
import { json, serve, useScriptedService } from '../../testing/scripted-service';
import { datasetBody } from '../../testing/upstream-stub';

// Each shape issue 11 names, served by a scripted data service and read through the proxy: its
// refusals, the Spold lookup, and the shapes it was found to send (the lists:
// adapter-lists.test.ts; dataset objects: adapter-datasets.test.ts).
const { stub, realm, proxy, get, upstreamPaths } = useScriptedService({
  start: () => startTestEmulator(),
  signIn: signInWithCode,
});

describe('403 answers, told apart by their detail', () => {
  it('passes a licence refusal on with the service’s words, capped and plain', async () => {
    const long = `Your license does not include version 3.12 <b>${'x'.repeat(500)}`;
    stub().state.script = serve({ '/indicators': () => ({ status: 403, body: { detail: long } }) });
    const problem = ProblemSchema.parse(
      (await get(await proxy(), '/api/indicators?version=3.12')).json(),
    );
    expect(problem).toMatchObject({ status: 403, code: 'not_licensed' });
    expect(problem.detail).toContain('Your license does not include version 3.12');
    expect(problem.detail).not.toContain('<b>');
    expect((problem.detail ?? '').length).toBeLessThan(450);
  });

  it('gives a usage limit its own code', async () => {
    stub().state.script = serve({
      '/datasets/5': () => ({
        status: 403,
        body: { detail: 'License limit reached: 10000 unique datasets per period' },
      }),
    });
    const response = await get(await proxy(), '/api/datasets/5?version=3.12&indicator_ids=882');
    const problem = ProblemSchema.parse(response.json());
    expect(problem).toMatchObject({ status: 403, code: 'usage_limit_reached' });
    expect(problem.detail).toContain('10000 unique datasets per period');
  });

  it('fetches a new token once and tries again when a 403 says the token was rejected', async () => {
    let refused = false;
    stub().state.script = serve({
      '/indicators': () => {
        if (refused) return undefined;
        refused = true;
        return { status: 403, body: { detail: 'Invalid or expired token' } };
      },
    });
    const before = stub().tokenRequests.length;
    const response = await get(await proxy(), '/api/indicators?version=3.12');
    expect(response.statusCode).toBe(200);
    expect(stub().tokenRequests.length - before).toBe(2);
    expect(upstreamPaths().filter((url) => url.startsWith('/v0/indicators'))).toHaveLength(2);
  });
});

describe('the Spold lookup', () => {
  it('calls the route DATA_API_SPOLD_ROUTE names', async () => {
    stub().state.script = serve({
      '/datasets/by-spold': json({ results: [datasetBody(3)] }),
    });
    const uuid = '00000000-0000-4000-8000-000000000001';
    const response = await get(
      await proxy({ DATA_API_SPOLD_ROUTE: '/datasets/by-spold' }),
      `/api/datasets/spold?version=3.12&activity_spold_uuid=${uuid}`,
    );
    expect(DatasetPageSchema.parse(response.json())).toMatchObject({
      total: 1,
      datasets: [{ id: 3 }],
    });
    expect(upstreamPaths().at(-1)).toBe(
      `/v0/datasets/by-spold?activity_spold_uuid=${uuid}&system_model=cutoff&version=3.12`,
    );
  });

  it('takes the service’s 404 for “no match” as an empty page, which the browser need not log as a failure', async () => {
    stub().state.script = serve({
      '/datasets/spold': () => ({
        status: 404,
        body: { detail: 'No dataset matches these Spold UUIDs' },
      }),
    });
    const response = await get(
      await proxy(),
      '/api/datasets/spold?version=3.12&geography_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(200);
    expect(DatasetPageSchema.parse(response.json())).toEqual({ total: 0, datasets: [] });
  });

  it('passes on any other failure of the lookup', async () => {
    stub().state.script = serve({
      '/datasets/spold': () => ({ status: 403, body: { detail: 'Not licensed for this version' } }),
    });
    const response = await get(
      await proxy(),
      '/api/datasets/spold?version=3.12&product_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(403);
    expect(ProblemSchema.parse(response.json()).code).toBe('not_licensed');
  });

  it('says plainly that there is no lookup when the service has none, and asks it nothing', async () => {
    const p = await proxy({ DATA_API_SPOLD_ROUTE: 'none' });
    const config = PublicConfigSchema.parse((await p.app.inject({ url: '/api/config' })).json());
    expect(config.dataService.spoldLookup).toBe(false);
    const response = await get(
      p,
      '/api/datasets/spold?version=3.12&activity_spold_uuid=00000000-0000-4000-8000-000000000001',
    );
    expect(response.statusCode).toBe(501);
    expect(ProblemSchema.parse(response.json()).code).toBe('spold_lookup_unavailable');
    expect(upstreamPaths()).toEqual([]);
    // A Dataset ID keeps working.
    expect((await get(p, '/api/datasets/8279?version=3.12')).statusCode).toBe(200);
  });

  it('refuses a setting that is not a path of the API', () => {
    expect(() =>
      proxyConfigFromEnv({
        DATA_API_URL: stub().origin,
        DATA_API_CLIENT_ID: 'p',
        DATA_API_CLIENT_SECRET: 's',
        AUTH_ISSUER: realm().origin,
        DATA_API_SPOLD_ROUTE: '/../admin',
      }),
    ).toThrow(/DATA_API_SPOLD_ROUTE/);
  });
});

describe('which shapes the service sent', () => {
  it('logs each route’s variant once and reports them at /readyz', async () => {
    stub().state.script = serve({
      '/versions': json([{ version: '3.12', system_model: 'cutoff' }]),
      '/indicators': json([{ id: 1, method: 'A', category: 'b', indicator: 'c', unit: 'kg' }]),
    });
    const logs: string[] = [];
    const p = await proxy({}, logs);
    await get(p, '/api/indicators');
    await get(p, '/api/indicators?version=3.12&system_model=cutoff');
    const variants = logs.filter((line) => line.includes('answer shape'));
    // /versions, what its listed combinations met on the data routes, /indicators.
    expect(variants).toHaveLength(3);
    expect(variants.join('')).toContain('a bare list, one entry per version × system model');
    expect(variants.join('')).toContain('every listed combination taken by the data routes');
    const ready = (await p.app.inject({ url: '/readyz' })).json<{
      upstream: Record<string, string>;
    }>();
    expect(ready.upstream['GET /indicators']).toBe('a flat list, in one answer');
  });
});
