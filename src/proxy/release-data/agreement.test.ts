import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../shared/api/routes';
import {
  ChangesSchema,
  DatasetHistorySchema,
  UpgradeCheckSchema,
  type ChangeRow,
  type HistoryEntry,
  type UpgradeResult,
} from '../../shared/api/schemas';
import { signInWithCode } from '../../emulator/testing/sign-in-flow';
import { startTestEmulator } from '../../emulator/testing/start';
import type { Proxy } from '../app';
import { emulatorChangeReports, proxyOnEmulator, TEST_CLIENT } from '../testing/emulator-proxy';
import { whenReady } from '../testing/when-ready';

// The changes, the upgrade check and the history take their verdicts from one decision: this
// asks all three about every dataset of whole release pairs and compares their answers. A tenth
// of the real size keeps thousands of history requests quick; the reports loaded as npm start does.
let emulator: Awaited<ReturnType<typeof startTestEmulator>>;
let proxy: Proxy;
let auth: { authorization: string };
let reports: Awaited<ReturnType<typeof emulatorChangeReports>>;

beforeAll(async () => {
  emulator = await startTestEmulator({ ...TEST_CLIENT, EMULATOR_SCALE: '0.1' });
  reports = await emulatorChangeReports(emulator);
  // Thousands of histories from one user: more than a person's per-minute limit.
  proxy = await proxyOnEmulator(emulator, { ...reports.env, RATE_LIMIT_PER_MINUTE: '100000' });
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

/** The answer once ready (see whenReady). */
const ready = async <T extends { status: string }>(
  ask: Parameters<typeof whenReady<T>>[0],
  parse: (body: unknown) => T,
) => (await whenReady(ask, parse)).answer;

const ids = (version: string) =>
  emulator.state.store.view(version, 'cutoff')?.datasets.map((record) => record.id) ?? [];

/** What one page says became of a dataset: its verdict, and each dataset with its share. */
interface Said {
  verdict: string;
  to: string[];
  candidates: number[];
}
const linked = (links: readonly { dataset: { id: number }; share: number | null }[]) =>
  links.map((l) => `${l.dataset.id}:${l.share === null ? '-' : l.share.toFixed(9)}`).sort();

const fromUpgrade = (result: UpgradeResult): Said => ({
  verdict: result.verdict,
  to: linked(result.successors),
  candidates: result.candidates.slice(0, 3).map((c) => c.dataset.id),
});
const fromHistory = (entry: HistoryEntry | undefined): Said => ({
  verdict: entry?.verdict ?? '',
  to: linked(entry?.linked ?? []),
  candidates: entry?.candidates.slice(0, 3).map((c) => c.dataset.id) ?? [],
});
/** The changes list a dataset once per dataset it became, and not at all when unchanged. */
function fromChanges(rows: readonly ChangeRow[] | undefined): {
  changes: string[];
  to: string[];
  candidates: number[];
} {
  const list = rows ?? [];
  return {
    changes: [...new Set(list.map((row) => row.change))],
    to: linked(list.flatMap((row) => (row.to ? [{ dataset: row.to, share: row.share }] : []))),
    candidates: list[0]?.candidates.map((c) => c.dataset.id) ?? [],
  };
}

describe.each(['3.11', '3.10'])('every dataset of %s followed to 3.12', (from) => {
  it('gets the same verdict and the same datasets from the changes, the upgrade check and its history', async () => {
    const changes = await ready(
      () =>
        proxy.app.inject({
          url: `/api/changes?version=3.12&system_model=cutoff&from=${from}`,
          headers: auth,
        }),
      (body) => ChangesSchema.parse(body),
    );
    const entries: ListEntry[] = ids(from).map((id, i) => ({ line: i + 1, kind: 'id', id }));
    const check = await ready(
      () =>
        proxy.app.inject({
          method: 'POST',
          url: `/api/upgrade-check?version=3.12&system_model=cutoff&from=${from}`,
          headers: auth,
          payload: { entries },
        }),
      (body) => UpgradeCheckSchema.parse(body),
    );
    const rowsFrom = new Map<number, ChangeRow[]>();
    for (const row of changes.rows)
      if (row.from) rowsFrom.set(row.from.id, [...(rowsFrom.get(row.from.id) ?? []), row]);

    let compared = 0;
    const verdicts = new Set<string>();
    for (const result of check.results) {
      const id = result.source?.id ?? 0;
      const history = await ready(
        () =>
          proxy.app.inject({
            url: `/api/datasets/${id}/history?version=${from}&system_model=cutoff`,
            headers: auth,
          }),
        (body) => DatasetHistorySchema.parse(body),
      );
      const upgrade = fromUpgrade(result);
      const there = fromHistory(history.releases.find((entry) => entry.version === '3.12'));
      expect(there, `dataset ${id}: history against upgrade check`).toEqual(upgrade);
      const listed = fromChanges(rowsFrom.get(id));
      if (result.verdict === 'unchanged') expect(listed.changes, `dataset ${id}`).toEqual([]);
      else {
        expect(listed.to, `dataset ${id}: changes against upgrade check`).toEqual(upgrade.to);
        if (upgrade.to.length === 0) {
          expect(listed.changes).toEqual([result.verdict]);
          expect(listed.candidates).toEqual(upgrade.candidates);
        }
        if (['split', 'merged'].includes(result.verdict))
          expect(listed.changes).toEqual([result.verdict]);
      }
      verdicts.add(result.verdict);
      compared++;
    }
    expect(compared).toBe(ids(from).length);
    for (const verdict of [
      'unchanged',
      'documentation changed',
      'new ID',
      'split',
      'merged',
      'no certain successor',
    ])
      expect(verdicts).toContain(verdict);
  }, 120_000);
});

describe('every dataset of 3.12 traced back to 3.11', () => {
  it('is what the changes say it came from, or new as they say', async () => {
    const changes = await ready(
      () =>
        proxy.app.inject({ url: '/api/changes?version=3.12&system_model=cutoff', headers: auth }),
      (body) => ChangesSchema.parse(body),
    );
    const rowsTo = new Map<number, ChangeRow[]>();
    for (const row of changes.rows)
      if (row.to) rowsTo.set(row.to.id, [...(rowsTo.get(row.to.id) ?? []), row]);
    for (const id of ids('3.12')) {
      const history = await ready(
        () =>
          proxy.app.inject({
            url: `/api/datasets/${id}/history?version=3.12&system_model=cutoff`,
            headers: auth,
          }),
        (body) => DatasetHistorySchema.parse(body),
      );
      const before = history.releases.find((entry) => entry.version === '3.11');
      const rows = rowsTo.get(id) ?? [];
      if (before?.verdict === 'new') {
        expect(
          rows.map((row) => row.change),
          `dataset ${id}`,
        ).toEqual(['new']);
        continue;
      }
      const origins = rows.flatMap((row) => (row.from ? [row.from.id] : [])).sort();
      // Unchanged datasets have no row: their own ID, the same in 3.11.
      expect(before?.linked.map((l) => l.dataset.id).sort(), `dataset ${id}`).toEqual(
        origins.length > 0 ? origins : [id],
      );
    }
  }, 120_000);
});
