import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EvidenceCheckSchema } from '../../shared/api/evidence';
import { DatasetSchema, SearchResultsSchema } from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { connectRedis } from '../redis/connection';
import { proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { startRedisServer, type RedisServer } from '../testing/redis-server';
import { openedProxies } from '../testing/opened-proxies';

// Instances sharing a real redis-server: the evidence one keeps, another vouches for.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let redis: RedisServer;
let user: { authorization: string };
const opened = openedProxies();
const RELEASE = 'version=3.12&system_model=cutoff';

async function instance(env: Record<string, string> = {}) {
  const built = await proxyOnEmulator(emulator, { REDIS_URL: redis.url, ...env });
  opened.keep(built);
  return built;
}

const rowsOfAnswer = async (on: Proxy, id: number, row: number) => {
  const response = await on.app.inject({
    url: `/api/datasets/${id}?${RELEASE}&indicator_ids=882`,
    headers: user,
  });
  const dataset = DatasetSchema.parse(response.json());
  return dataset.impact_scores.map((score) => ({
    row,
    service: dataset.provenance?.service ?? null,
    version: '3.12',
    system_model: 'cutoff',
    dataset_id: dataset.id,
    activity_uuid: dataset.activity_spold_uuid,
    product_uuid: dataset.product_spold_uuid,
    indicator_id: score.id,
    score: score.score,
    unit: score.unit,
    retrieved_at: dataset.provenance?.retrieved_at ?? null,
    digest: dataset.provenance?.digest ?? null,
  }));
};
const check = async (on: Proxy, rows: unknown[]) =>
  EvidenceCheckSchema.parse(
    (
      await on.app.inject({
        method: 'POST',
        url: '/api/evidence/check',
        headers: user,
        payload: { rows },
      })
    ).json(),
  );

beforeAll(async () => {
  [emulator, redis] = await Promise.all([
    startTestEmulator({ ...TEST_CLIENT }),
    startRedisServer(),
  ]);
  const signedIn = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  user = { authorization: `Bearer ${signedIn.access_token}` };
});
afterEach(async () => {
  await opened.closeAll();
  const cleaner = await connectRedis(redis.url, { warn: () => undefined, info: () => undefined });
  await cleaner.redis.flushall();
  await cleaner.close();
});
afterAll(async () => {
  await redis.stop();
  await emulator.close();
});

describe('evidence shared by several instances (REDIS_URL)', () => {
  it('is vouched for by an instance that did not serve it', async () => {
    const [a, b] = [await instance(), await instance()];
    const rows = await rowsOfAnswer(a, 8279, 2);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (!row) throw new Error('a row expected');
    const answer = await check(b, [row, { ...row, row: 3, score: (row.score ?? 0) + 1 }]);
    expect(answer.rows.map(({ row: n, status, fields }) => ({ n, status, fields }))).toEqual([
      { n: 2, status: 'match', fields: [] },
      { n: 3, status: 'differs', fields: ['score'] },
    ]);
  });

  it('keeps no more than EVIDENCE_MAX_RECORDS answers, dropping the oldest', async () => {
    const on = await instance({ EVIDENCE_MAX_RECORDS: '4' });
    const search = SearchResultsSchema.parse(
      (await on.app.inject({ url: `/api/datasets?${RELEASE}&limit=20`, headers: user })).json(),
    );
    const ids = search.results
      .flatMap((a) => a.products.flatMap((p) => p.datasets.map((d) => d.id)))
      .slice(0, 6);
    expect(ids).toHaveLength(6);
    const rows = [];
    for (const [i, id] of ids.entries()) rows.push(...(await rowsOfAnswer(on, id, i + 2)));
    const answer = await check(on, rows);
    expect(answer.rows.map((row) => row.status)).toEqual([
      'unknown',
      'unknown',
      'match',
      'match',
      'match',
      'match',
    ]);
    const kept = await connectRedis(redis.url, { warn: () => undefined, info: () => undefined });
    expect(await kept.redis.zcard('lci:evidence:order')).toBe(4);
    expect((await kept.redis.keys('lci:evidence:record:*')).length).toBe(4);
    await kept.close();
  });
});
