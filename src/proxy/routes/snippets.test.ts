import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../shared/api/calls';
import { priceBody, ScorePriceSchema, type ScorePrice } from '../../shared/api/price';
import { scoreRequestsOf } from '../../shared/api/snippet-price';
import { snippet } from '../../shared/api/snippets';
import { DatasetPageSchema, DatasetSchema, UpgradeCheckSchema } from '../../shared/api/schemas';
import { signInProgram } from '../../emulator/testing/device-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';

// "Copy as code" snippets run as written, by Debian's curl and python3, against a real proxy.
const run = promisify(execFile);
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let url: string;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  proxy = await proxyOnEmulator(emulator);
  await proxy.app.listen({ host: '127.0.0.1', port: 0 });
  const address = proxy.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  token = (await signInProgram({ emulatorOrigin: emulator.origin, username: 'maria' }))
    .access_token;
});
afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
});

const env = () => ({ PATH: process.env.PATH ?? '', LCI_EXPLORER_TOKEN: token });
const curl = async (code: string) =>
  JSON.parse((await run('bash', ['-c', code], { env: env() })).stdout) as unknown;
const python = async (code: string) =>
  JSON.parse((await run('python3', ['-c', code], { env: env() })).stdout) as unknown;

const release = { version: '3.12', system_model: 'cutoff' };

/** The bill of some calls as the dialog prices it when the code is copied. */
async function priceOf(calls: Parameters<typeof scoreRequestsOf>[0]): Promise<ScorePrice> {
  const response = await fetch(`${url}/api/scores/price`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(priceBody(scoreRequestsOf(calls))),
  });
  return ScorePriceSchema.parse(await response.json());
}
const meter = async () =>
  (await (await fetch(`${emulator.origin}/_emulator/ledger`)).json()) as { dataset_ids: number[] };

describe('Copy as code', () => {
  const scored = apiCall('dataset', {
    params: { id: 8279 },
    query: { ...release, indicator_ids: [882, 964] },
  });
  const batch = apiCall('batch', {
    query: { ...release, from: 0, limit: 2 },
    body: { dataset_ids: [8279, 2989], indicator_ids: [882] },
  });

  it('says when a call is charged, and how to get a token', () => {
    const text = snippet('python', [scored], url);
    expect(text).toContain(
      "# Charged: scores add their datasets and indicators to this licence period's bill",
    );
    expect(text).toContain('export LCI_EXPLORER_TOKEN="$(npx lci-explorer token)"');
    expect(snippet('curl', [apiCall('versions')], url)).not.toContain('Charged');
  });

  it('runs the curl snippet as copied: a GET with scores, then a POST with a body', async () => {
    const one = DatasetSchema.parse(await curl(snippet('curl', [scored], url)));
    expect(one.impact_scores.map((score) => score.id)).toEqual([882, 964]);
    const page = DatasetPageSchema.parse(await curl(snippet('curl', [batch], url)));
    expect(page.datasets.map((dataset) => dataset.id)).toEqual([8279, 2989]);
    expect(page.datasets[0]?.impact_scores[0]?.score).toBe(one.impact_scores[0]?.score);
  });

  it('runs the Python snippet as copied, several calls at once, waiting out a 202', async () => {
    const check = apiCall('upgradeCheck', {
      query: { ...release, from: '3.11' },
      body: {
        entries: [
          { line: 1, kind: 'id', id: 8279 },
          // Quotes of both kinds and a backslash survive the trip into the code and back.
          {
            line: 2,
            kind: 'names',
            activity: `O'Neil "heat" \\ pump`,
            product: 'heat',
            geography: 'CH',
          },
        ],
      },
    });
    const copied = { price: await priceOf([scored, check]) };
    const answers = (await python(snippet('python', [scored, check], url, copied))) as unknown[];
    expect(DatasetSchema.parse(answers[0]).id).toBe(8279);
    const verdicts = UpgradeCheckSchema.parse(answers[1]);
    expect(verdicts).toMatchObject({ status: 'ready', from: '3.11', to: '3.12' });
    if (verdicts.status !== 'ready') throw new Error('the check was not finished');
    expect(verdicts.results.map((result) => result.line)).toEqual([1, 2]);
    expect(verdicts.results[1]?.verdict).toBe('not in source');
  });

  it('states the bill priced when copied, and runs when it still holds', async () => {
    const one = apiCall('dataset', {
      params: { id: 7773 },
      query: { ...release, indicator_ids: [964] },
    });
    const price = await priceOf([one]);
    expect(price.free).toBe(false);
    const code = snippet('python', [one], url, { price });
    expect(code).toContain(
      `# Charged: running this adds ${price.summary} to this licence period's bill (priced when copied).`,
    );
    const { stdout, stderr } = await run('python3', ['-c', code], { env: env() });
    expect(DatasetSchema.parse(JSON.parse(stdout)).impact_scores.map((s) => s.id)).toEqual([964]);
    expect(stderr).toContain(`This adds to this period's bill: ${price.summary}`);
    // Now paid for: the same code copied again says so, and runs.
    const paid = await priceOf([one]);
    expect(snippet('r', [one], url, { price: paid })).toContain(
      '# Already charged this period: running this adds nothing to the bill (priced when copied).',
    );
    expect(snippet('curl', [one], url, { price: paid })).toContain("/api/scores/price' >&2");
  });

  it('stops before loading anything when running it would add more than its comment says', async () => {
    const fresh = apiCall('batch', {
      query: { ...release, from: 0, limit: 2 },
      body: { dataset_ids: [3961, 5285], indicator_ids: [964] },
    });
    // Copied when nothing was new (another user's price, say): the bill has grown since.
    const stale = { ...(await priceOf([fresh])) };
    stale.adds = { datasets: [], indicators: [], user: false };
    for (const code of [
      snippet('python', [fresh], url, { price: stale }),
      snippet('python', [fresh], url),
    ]) {
      const failure: unknown = await run('python3', ['-c', code], { env: env() }).catch(
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({
        stderr: expect.stringContaining(
          'Not loaded: running this now adds 2 new datasets',
        ) as string,
      });
    }
    expect((await meter()).dataset_ids).not.toContain(3961);
    expect((await meter()).dataset_ids).not.toContain(5285);
  });

  it('stops with the proxy’s answer when a call fails', async () => {
    const bad = snippet(
      'python',
      [apiCall('dataset', { params: { id: 2_000_000_000 }, query: release })],
      url,
    );
    await expect(run('python3', ['-c', bad], { env: env() })).rejects.toMatchObject({
      stderr: expect.stringContaining('HTTP 404') as string,
    });
  });
});
