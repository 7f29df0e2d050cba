import { afterAll, beforeAll } from 'vitest';
import type { ListEntry } from '../../shared/api/routes';
import {
  ChangesPageSchema,
  ChangesSchema,
  DatasetHistorySchema,
  UpgradeCheckSchema,
  type Changes,
  type ChangesPage,
  type DatasetHistory,
  type UpgradeCheck,
} from '../../shared/api/schemas';
import type { Proxy } from '../app';
import {
  emulatorChangeReports,
  proxyOnEmulator,
  TEST_CLIENT,
  type SignIn,
  type StartedEmulator,
} from './emulator-proxy';
import { whenReady } from './when-ready';

/** A change the emulator's generator made, as `GET /_emulator/changes` records it. */
interface TruthRow {
  from_id: number | null;
  to_id: number | null;
  kind: string;
  fields: string[];
  share: number | null;
}

/** The emulator's record of a change, by the dataset it changed. */
export const byFrom = (rows: TruthRow[]) => {
  const map = new Map<number, TruthRow[]>();
  for (const row of rows)
    if (row.from_id !== null) map.set(row.from_id, [...(map.get(row.from_id) ?? []), row]);
  return map;
};

/**
 * The changes, upgrade check and history of a test file, through the real handlers against an
 * emulator at a quarter of the real size (every kind of change), its change reports loaded as
 * `npm start` loads them, one proxy and one user for the file. `startTestEmulator` and
 * `signInWithCode` are passed in, as src/proxy may not import src/emulator.
 */
export function useAcrossReleases<E extends StartedEmulator>(deps: {
  start: (env: Record<string, string>) => Promise<E>;
  signIn: SignIn;
}) {
  let emulator: E | undefined;
  let proxy: Proxy | undefined;
  let auth = { authorization: '' };
  let reports: Awaited<ReturnType<typeof emulatorChangeReports>> | undefined;
  const running = <T>(what: T | undefined, name: string): T => {
    if (!what) throw new Error(`the ${name} did not start`);
    return what;
  };
  const theEmulator = () => running(emulator, 'emulator');
  const theProxy = () => running(proxy, 'proxy');

  beforeAll(async () => {
    const started = await deps.start({ ...TEST_CLIENT, EMULATOR_SCALE: '0.25' });
    emulator = started;
    reports = await emulatorChangeReports(started);
    // Each 202 at once (READING_HOLD_MS=0): these files follow the reading's answers one by
    // one; the hold itself is tested in across-releases.test.ts and make-when-read.test.ts.
    proxy = await proxyOnEmulator(started, { ...reports.env, READING_HOLD_MS: '0' });
    const user = await deps.signIn({
      emulatorOrigin: started.origin,
      redirectOrigin: 'http://spa.test',
    });
    auth = { authorization: `Bearer ${user.access_token}` };
  });
  afterAll(async () => {
    await proxy?.app.close();
    await emulator?.close();
    await reports?.remove();
  });

  return {
    emulator: theEmulator,
    /** The file's proxy, its change reports loaded. */
    proxy: theProxy,
    /** The signed-in user's headers. */
    auth: () => auth,
    /** What the emulator's generator did from one release to another. */
    truth: async (from: string, to: string): Promise<TruthRow[]> => {
      const response = await fetch(
        `${theEmulator().origin}/_emulator/changes?from=${from}&to=${to}`,
      );
      return ((await response.json()) as { rows: TruthRow[] }).rows;
    },
    apiRequests: async () =>
      (
        (await (await fetch(`${theEmulator().origin}/_emulator/stats`)).json()) as {
          api_requests: number;
        }
      ).api_requests,
    changes: (query: string) =>
      whenReady<Changes>(
        () => theProxy().app.inject({ url: `/api/changes?${query}`, headers: auth }),
        (body) => ChangesSchema.parse(body),
      ),
    changesPage: (query: string) =>
      whenReady<ChangesPage>(
        () => theProxy().app.inject({ url: `/api/changes/page?${query}`, headers: auth }),
        (body) => ChangesPageSchema.parse(body),
      ),
    upgrade: (query: string, entries: ListEntry[]) =>
      whenReady<UpgradeCheck>(
        () =>
          theProxy().app.inject({
            method: 'POST',
            url: `/api/upgrade-check?${query}`,
            headers: auth,
            payload: { entries },
          }),
        (body) => UpgradeCheckSchema.parse(body),
      ),
    history: (id: number, query: string) =>
      whenReady<DatasetHistory>(
        () => theProxy().app.inject({ url: `/api/datasets/${id}/history?${query}`, headers: auth }),
        (body) => DatasetHistorySchema.parse(body),
      ),
  };
}
