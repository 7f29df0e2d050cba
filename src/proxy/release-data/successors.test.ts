import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../shared/api/routes';
import { UpgradeCheckSchema, type UpgradeResult } from '../../shared/api/schemas';
import { DatasetSuccessorsSchema, type DatasetSuccessors } from '../../shared/api/successors';
import { ProblemSchema } from '../../shared/problem';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { emulatorChangeReports, proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { whenReady } from '../testing/when-ready';

// What a dataset of another release became in the one shown, asked of every dataset of whole
// release pairs that the newer (or older) release lacks, by ID and by ecoSpold file name: the
// answer must be the upgrade check's verdict for that dataset, whole, every time. A tenth of the
// real size, the demo's change reports loaded as `npm start` loads them.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let auth: { authorization: string };
let reports: Awaited<ReturnType<typeof emulatorChangeReports>>;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_SCALE: '0.1' });
  reports = await emulatorChangeReports(emulator);
  // Hundreds of keys from one user, each asked of every release: more than a person's limits.
  proxy = await proxyOnEmulator(emulator, {
    ...reports.env,
    RATE_LIMIT_PER_MINUTE: '100000',
    USER_FREE_CALLS_PER_HOUR: '10000000',
  });
  const user = await signInWithCode({
    emulatorOrigin: emulator.origin,
    redirectOrigin: 'http://spa.test',
  });
  auth = { authorization: `Bearer ${user.access_token}` };
});
afterAll(async () => {
  await proxy.app.close();
  await emulator.close();
  await reports.remove();
});

const records = (version: string) => emulator.state.store.view(version, 'cutoff')?.datasets ?? [];
const fileOf = (record: { activityUuid: string; productUuid: string }) =>
  `${record.activityUuid}_${record.productUuid}.spold`;

const ask = (version: string, key: string) =>
  proxy.app.inject({
    url: `/api/datasets/successors?version=${version}&system_model=cutoff&key=${encodeURIComponent(key)}`,
    headers: auth,
  });
const successors = async (version: string, key: string) =>
  (
    await whenReady<DatasetSuccessors>(
      () => ask(version, key),
      (body) => DatasetSuccessorsSchema.parse(body),
    )
  ).answer;

/** The upgrade check's verdicts for a list, by line. */
async function upgradeCheck(from: string, to: string, entries: ListEntry[]) {
  const { answer } = await whenReady(
    () =>
      proxy.app.inject({
        method: 'POST',
        url: `/api/upgrade-check?version=${to}&system_model=cutoff&from=${from}`,
        headers: auth,
        payload: { entries },
      }),
    (body) => UpgradeCheckSchema.parse(body),
  );
  return answer;
}

/** A verdict as the answer for one key gives it: the check's, on line 1 of a list of one. */
const asOne = (result: UpgradeResult): UpgradeResult => ({ ...result, line: 1 });

describe.each([
  ['3.11', '3.12'],
  ['3.10', '3.12'],
  ['3.12', '3.11'],
])('every dataset of %s that %s lacks', (older, newer) => {
  it('is followed from the nearest release that has it, to the upgrade check’s very verdict', async () => {
    const here = new Set(records(newer).map((record) => record.id));
    const lacking = records(older).filter((record) => !here.has(record.id));
    expect(lacking.length).toBeGreaterThan(20);
    // Between 3.10 and 3.12 a dataset 3.11 still has is followed from 3.11, the nearer one.
    const between = older === '3.10' ? new Set(records('3.11').map((r) => r.id)) : new Set();
    const byFrom = new Map<string, typeof lacking>();
    for (const record of lacking) {
      const from = between.has(record.id) ? '3.11' : older;
      byFrom.set(from, [...(byFrom.get(from) ?? []), record]);
    }
    const verdicts = new Set<string>();
    for (const [from, list] of byFrom) {
      const check = await upgradeCheck(
        from,
        newer,
        list.map((record, i) => ({ line: i + 1, kind: 'id', id: record.id })),
      );
      for (const [i, record] of list.entries()) {
        const answer = await successors(newer, String(record.id));
        expect(answer.from, `dataset ${record.id}`).toBe(from);
        expect(answer.found_in).toContainEqual({ version: from, system_model: 'cutoff' });
        expect(answer.found_in).not.toContainEqual({ version: newer, system_model: 'cutoff' });
        const expected = check.results[i];
        if (!expected) throw new Error('the check gave fewer results than entries');
        expect(answer.result, `dataset ${record.id}`).toEqual(asOne(expected));
        expect(answer.reports).toEqual(check.reports);
        verdicts.add(expected.verdict);
      }
    }
    // The pair has each kind of fate a dataset without its ID can have.
    if (newer === '3.12')
      for (const verdict of ['new ID', 'split', 'merged', 'no certain successor'])
        expect(verdicts).toContain(verdict);
  }, 120_000);
});

describe('an ecoSpold file name 3.12 lacks', () => {
  it('is looked up in the other releases as a Dataset ID is, and followed as the upgrade check follows it', async () => {
    const here = new Set(records('3.12').map(fileOf));
    const lacking = records('3.11').filter((record) => !here.has(fileOf(record)));
    expect(lacking.length).toBeGreaterThan(20);
    const check = await upgradeCheck(
      '3.11',
      '3.12',
      lacking.map((record, i) => ({
        line: i + 1,
        kind: 'file',
        activity_uuid: record.activityUuid,
        product_uuid: record.productUuid,
      })),
    );
    const ids = await upgradeCheck(
      '3.11',
      '3.12',
      lacking.map((record, i) => ({ line: i + 1, kind: 'id', id: record.id })),
    );
    for (const [i, record] of lacking.entries()) {
      const answer = await successors('3.12', fileOf(record).toUpperCase());
      expect(answer.key).toBe(fileOf(record));
      expect(answer.from).toBe('3.11');
      const expected = check.results[i];
      if (!expected) throw new Error('the check gave fewer results than entries');
      expect(answer.result, fileOf(record)).toEqual(asOne(expected));
      // The same dataset's fate whether it is named by its file or by its ID.
      expect(answer.result?.successors).toEqual(ids.results[i]?.successors);
    }
  }, 120_000);
});

describe('GET /api/datasets/successors', () => {
  it('says while the releases are read where the key is and what it is followed from', async () => {
    // Its 202 at once, not held for the reading (READING_HOLD_MS).
    const fresh = await proxyOnEmulator(emulator, { ...reports.env, READING_HOLD_MS: '0' });
    try {
      const later = new Set([...records('3.11'), ...records('3.12')].map((r) => r.id));
      const record = records('3.10').find((r) => !later.has(r.id));
      if (!record) throw new Error('every dataset of 3.10 is in a later release');
      const response = await fresh.app.inject({
        url: `/api/datasets/successors?version=3.12&system_model=cutoff&key=${record.id}`,
        headers: auth,
      });
      expect(response.statusCode).toBe(202);
      expect(response.headers['retry-after']).toBe('1');
      const building = DatasetSuccessorsSchema.parse(response.json());
      expect(building.status).toBe('building');
      expect(building.from).toBe('3.10');
      expect(building.found_in).toContainEqual({ version: '3.10', system_model: 'cutoff' });
    } finally {
      await fresh.app.close();
    }
  });

  it('reads no release for a key that no release has, and says so', async () => {
    const before = await emulatorRequests();
    const response = await ask('3.12', '2000000000');
    expect(response.statusCode).toBe(200);
    expect(DatasetSuccessorsSchema.parse(response.json())).toEqual({
      status: 'ready',
      key: '2000000000',
      version: '3.12',
      system_model: 'cutoff',
      found_in: [],
      from: null,
      result: null,
      reports: [],
    });
    // A documentation call per release and system model, not a release's worth of reading.
    expect((await emulatorRequests()) - before).toBeLessThan(20);
  });

  it('follows nothing for a key this release has itself', async () => {
    const record = records('3.12')[0];
    if (!record) throw new Error('3.12 is empty');
    const answer = await successors('3.12', fileOf(record));
    expect(answer.from).toBeNull();
    expect(answer.result).toBeNull();
    expect(answer.found_in).toContainEqual({ version: '3.12', system_model: 'cutoff' });
  });

  it('refuses what is no key with the lookup’s own sentence, asking the service nothing', async () => {
    const before = await emulatorRequests();
    const response = await ask('3.12', 'cement.spold');
    expect(response.statusCode).toBe(400);
    const problem = ProblemSchema.parse(response.json());
    expect(problem.detail).toContain('"cement.spold" is not an ecoSpold file name');
    expect(await emulatorRequests()).toBe(before);
  });

  it('says a release the licence does not list is not there', async () => {
    const response = await ask('9.99', '534');
    expect(response.statusCode).toBe(404);
  });

  it('without the service’s Spold lookup: an ID is still followed, a file name is 501', async () => {
    const bare = await proxyOnEmulator(emulator, { ...reports.env, DATA_API_SPOLD_ROUTE: 'none' });
    try {
      const record = records('3.11').find(
        (r) => !records('3.12').some((other) => other.id === r.id),
      );
      if (!record) throw new Error('3.12 has every dataset of 3.11');
      const byId = await whenReady<DatasetSuccessors>(
        () =>
          bare.app.inject({
            url: `/api/datasets/successors?version=3.12&system_model=cutoff&key=${record.id}`,
            headers: auth,
          }),
        (body) => DatasetSuccessorsSchema.parse(body),
      );
      expect(byId.answer.from).toBe('3.11');
      const byFile = await bare.app.inject({
        url: `/api/datasets/successors?version=3.12&system_model=cutoff&key=${fileOf(record)}`,
        headers: auth,
      });
      expect(byFile.statusCode).toBe(501);
      expect(ProblemSchema.parse(byFile.json()).code).toBe('spold_lookup_unavailable');
    } finally {
      await bare.app.close();
    }
  });
});

async function emulatorRequests(): Promise<number> {
  const stats = (await (await fetch(`${emulator.origin}/_emulator/stats`)).json()) as {
    api_requests: number;
  };
  return stats.api_requests;
}
