import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../../shared/api/calls';
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
    const answers = (await python(snippet('python', [scored, check], url))) as unknown[];
    expect(DatasetSchema.parse(answers[0]).id).toBe(8279);
    const verdicts = UpgradeCheckSchema.parse(answers[1]);
    expect(verdicts).toMatchObject({ status: 'ready', from: '3.11', to: '3.12' });
    if (verdicts.status !== 'ready') throw new Error('the check was not finished');
    expect(verdicts.results.map((result) => result.line)).toEqual([1, 2]);
    expect(verdicts.results[1]?.verdict).toBe('not in source');
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
