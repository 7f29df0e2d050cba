import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { liftFileSizeLimit, startProxyProcess } from '../testing/proxy-process';

// The evidence folder meeting a full disk for real (a file-size limit on a proxy process of its
// own): scored answers whose evidence cannot be kept are refused, as the ledger refuses them.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let user: { authorization: string };
let ids: number[] = [];
const RELEASE = 'version=3.12&system_model=cutoff';

const apiRequests = async () =>
  ((await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as { api_requests: number })
    .api_requests;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT });
  user = {
    authorization: `Bearer ${
      (await signInWithCode({ emulatorOrigin: emulator.origin, redirectOrigin: 'http://spa.test' }))
        .access_token
    }`,
  };
  const search = await proxyOnEmulator(emulator);
  const page = SearchResultsSchema.parse(
    (await search.app.inject({ url: `/api/datasets?${RELEASE}&limit=40`, headers: user })).json(),
  );
  await search.app.close();
  ids = page.results.flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)));
});
afterAll(async () => {
  await emulator.close();
});

describe('an evidence folder that cannot grow', () => {
  it('refuses scored calls with 503 before they are sent, and serves them again once it can', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'evidence-')), 'kept');
    const proxy = await startProxyProcess(
      {
        DATA_API_URL: emulator.origin,
        DATA_API_TOKEN_URL: `${emulator.origin}/realms/ecoinvent/protocol/openid-connect/token`,
        ...TEST_CLIENT,
        AUTH_ISSUER: `${emulator.origin}/realms/explorer`,
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'warn',
        USAGE_LEDGER_PATH: 'none',
        EVIDENCE_DIR: dir,
      },
      { fileSizeLimit: 1_500 },
    );
    const scored = async (id: number) => {
      const response = await fetch(
        `${proxy.origin}/api/datasets/${id}?${RELEASE}&indicator_ids=882`,
        { headers: user },
      );
      return { status: response.status, code: ((await response.json()) as { code?: string }).code };
    };
    const readiness = async () => (await fetch(`${proxy.origin}/readyz`)).status;
    try {
      const answers = [];
      for (const id of ids.slice(0, 20)) {
        answers.push(await scored(id));
        if (answers.at(-1)?.status !== 200) break;
      }
      expect(answers[0]?.status).toBe(200);
      expect(answers.at(-1)).toEqual({ status: 503, code: 'evidence_unavailable' });
      expect(await readiness()).toBe(503);
      // While it cannot be kept, nothing more goes to the data service.
      const calls = await apiRequests();
      expect(await scored(ids[25] ?? 0)).toEqual({ status: 503, code: 'evidence_unavailable' });
      expect(await apiRequests()).toBe(calls);
      expect(proxy.stdout.join('\n')).toMatch(/THE EVIDENCE FOLDER CANNOT BE WRITTEN/);

      const [command, ...args] = liftFileSizeLimit(proxy.pid);
      execFileSync(command, args);
      await expect.poll(readiness, { timeout: 10_000, interval: 200 }).toBe(200);
      expect((await scored(ids[26] ?? 0)).status).toBe(200);
      // Every line in the folder is whole: a failed write left no fragment.
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl')))
        for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean))
          expect(() => JSON.parse(line) as unknown).not.toThrow();
    } finally {
      await proxy.stop();
    }
  }, 60_000);
});
