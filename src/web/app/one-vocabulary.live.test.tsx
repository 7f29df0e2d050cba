import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListEntry } from '../../shared/api/routes';
import type {
  ChangeRow,
  Changes,
  DatasetHistory,
  UpgradeCheck,
  UpgradeResult,
} from '../../shared/api/schemas';
import { readCsv } from '../../shared/csv';
import { RELEASE_CHANGES } from '../../shared/matching/verdict';
import { changesToCsv } from '../features/changes/filter';
import { ChangeTable } from '../features/changes/components/change-table';
import { rowGroups } from '../features/changes/scores';
import { historyToCsv } from '../features/history/across-releases';
import { ReleaseMatches } from '../features/history/components/release-matches';
import { VerdictTable } from '../features/upgrade/components/verdict-table';
import { mappingToCsv } from '../features/upgrade/export';
import { callApi } from '../lib/api-client';
import { liveProxy } from '../testing/live-proxy';
import { renderWithProviders } from '../testing/render';

const live = liveProxy();

type Ready<T> = Extract<T, { status: 'ready' }>;

/** Asks until the proxy has read the releases (it answers `building` until then). */
async function whenReady<T extends { status: string }>(ask: () => Promise<T>): Promise<Ready<T>> {
  for (;;) {
    const answer = await ask();
    if (answer.status === 'ready') return answer as Ready<T>;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A CSV export's column, by the header's name, keyed by another column. */
function column(csv: string, key: string, name: string): Map<string, string[]> {
  const [header, ...rows] = readCsv(csv).map((row) => row.cells);
  const k = header?.indexOf(key) ?? -1;
  const v = header?.indexOf(name) ?? -1;
  const out = new Map<string, string[]>();
  for (const row of rows) {
    const id = row[k] ?? '';
    out.set(id, [...(out.get(id) ?? []), row[v] ?? '']);
  }
  return out;
}

/** The word of the change badge in a row of a table (the one vocabulary's words only). */
const WORDS = new RegExp(`^(${[...RELEASE_CHANGES, 'documentation unchanged'].join('|')})$`);
const badgeIn = (row: HTMLElement) =>
  within(row)
    .getAllByText(WORDS)
    .map((element) => element.textContent)[0];

describe('one vocabulary across What changed, the upgrade check and the history', () => {
  it('says the same word of every dataset of 3.11 that changed by 3.12, on each page and in each export', async () => {
    const changes = await whenReady<Changes>(() =>
      callApi('changes', { query: { version: '3.12', system_model: 'cutoff', from: '3.11' } }),
    );
    const byFrom = new Map<number, ChangeRow[]>();
    for (const row of changes.rows)
      if (row.from) byFrom.set(row.from.id, [...(byFrom.get(row.from.id) ?? []), row]);
    const ids = [...byFrom.keys()];
    expect(ids.length).toBeGreaterThan(100);
    const entries: ListEntry[] = ids.map((id, i) => ({ line: i + 1, kind: 'id', id }));
    const check = await whenReady<UpgradeCheck>(() =>
      callApi('upgradeCheck', {
        query: { version: '3.12', system_model: 'cutoff', from: '3.11' },
        body: { entries },
      }),
    );

    // Every dataset: the changes' word (each of its rows) is the upgrade check's, in the answers
    // and in both exports.
    const results = new Map(check.results.map((result) => [result.source?.id ?? 0, result]));
    for (const [id, rows] of byFrom)
      expect(
        [...new Set(rows.map((row) => row.change))],
        `dataset ${id}: What changed against the upgrade check`,
      ).toEqual([results.get(id)?.change]);
    const changesCsv = column(changesToCsv(changes, changes.rows), '3.11_id', 'change');
    const mappingCsv = column(
      mappingToCsv({
        check,
        chosen: new Map(),
        indicators: [],
        scores: { of: () => ({ datasets: new Map(), scores: new Map(), answered: () => false }) },
      }),
      '3.11_id',
      'change',
    );
    for (const id of ids)
      expect([...new Set(changesCsv.get(String(id)))], `dataset ${id}: the two exports`).toEqual([
        ...new Set(mappingCsv.get(String(id))),
      ]);
    expect(new Set([...mappingCsv.values()].flat())).toEqual(
      new Set(changes.rows.flatMap((row) => (row.from ? [row.change] : []))),
    );

    // Every dataset's history says the same word, in the page's answer and its export.
    // Another user's requests, so these hundreds do not crowd the other live files' limit.
    live.signIn(live.stack.tokens.maria);
    const histories = new Map<number, Ready<DatasetHistory>>();
    for (const id of ids)
      histories.set(
        id,
        await whenReady<DatasetHistory>(() =>
          callApi('history', {
            params: { id },
            query: { version: '3.11', system_model: 'cutoff' },
          }),
        ),
      );
    for (const id of ids) {
      const history = histories.get(id);
      const entry = history?.releases.find((each) => each.version === '3.12');
      expect(entry?.change, `dataset ${id}: its history`).toBe(results.get(id)?.change);
      const csv = history
        ? column(
            historyToCsv({
              systemModel: 'cutoff',
              base: '3.11',
              entries: history.releases,
              rows: [],
            }),
            'version',
            'change',
          )
        : new Map();
      expect(csv.get('3.12'), `dataset ${id}: the history's export`).toEqual([
        results.get(id)?.change,
      ]);
    }

    // The pages, for the first datasets of each kind: What changed's rows, the upgrade check's
    // and the history's show the word in the same badge.
    const sample = RELEASE_CHANGES.filter((kind) => kind !== 'new').flatMap((kind) =>
      ids.filter((id) => results.get(id)?.change === kind).slice(0, 10),
    );
    expect(new Set(sample.map((id) => results.get(id)?.change)).size).toBeGreaterThan(5);
    const sampled = new Set(sample);
    const shownRows = changes.rows.filter((row) => row.from && sampled.has(row.from.id));
    const shownResults: UpgradeResult[] = sample.flatMap((id) => {
      const result = results.get(id);
      return result ? [result] : [];
    });
    const pageWords = new Map<number, Set<string | null | undefined>>();
    const said = (id: number, word: string | null | undefined) =>
      pageWords.set(id, new Set([...(pageWords.get(id) ?? []), word]));

    const changesPage = renderWithProviders(
      <ChangeTable
        changes={changes}
        rows={shownRows}
        ind={[]}
        page={1}
        pages={1}
        onPage={vi.fn()}
        groups={rowGroups(changes.rows)}
      />,
    );
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .forEach((row, i) => said(shownRows[i]?.from?.id ?? 0, badgeIn(row)));
    changesPage.unmount();

    const checkPage = renderWithProviders(
      <VerdictTable
        check={{ ...check, results: shownResults }}
        chosen={new Map()}
        onChoose={vi.fn()}
        entries={[]}
        ind={[]}
      />,
    );
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .forEach((row, i) => said(shownResults[i]?.source?.id ?? 0, badgeIn(row)));
    checkPage.unmount();

    for (const id of sample) {
      const history = histories.get(id);
      if (!history) continue;
      const page = renderWithProviders(<ReleaseMatches history={history} ind={[]} />);
      said(id, badgeIn(screen.getByRole('row', { name: /^3\.12 / })));
      page.unmount();
    }
    for (const id of sample)
      expect(pageWords.get(id), `dataset ${id}: the three pages`).toEqual(
        new Set([results.get(id)?.change]),
      );
  }, 180_000);
});
