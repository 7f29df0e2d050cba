import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type AnswerOf, type BodyOf, type RouteName } from '../../shared/api/routes';
import type { Dataset, Indicator } from '../../shared/api/schemas';
import { apiUrl } from '../../shared/api/url';
import { formulaCells, FORMULA_STARTS } from '../../shared/testing/formula-cells';
import { tableToCsv } from '../lib/table-export';
import { changesToCsv } from '../features/changes/filter';
import { columnKey } from '../features/compare/columns';
import {
  comparisonToCsv,
  comparisonWideTable,
  type ComparisonExport,
} from '../features/compare/export';
import { scoresCsv } from '../features/scores/csv';
import type { GivenScore } from '../features/scores/answers';
import { historyToCsv } from '../features/history/across-releases';
import { mappingToCsv } from '../features/upgrade/export';
import { chargesTable } from '../features/usage/charges';

// Every CSV the explorer writes, fed the data service's own names, which this stack's emulator
// gives like spreadsheet formulas (EMULATOR_FORMULA_NAMES: `=HYPERLINK(…)`, `+cmd|' /C calc'!A0`,
// `@SUM(1)`, `-1+1`, a tab), its change reports too: no cell may reach a spreadsheet as a
// formula, and the names must still be there, as text.
const stack = inject('webStack').formulas;
const RELEASE = { version: '3.12', system_model: 'cutoff' } as const;
const INDICATORS = [882, 964];

async function ask<K extends RouteName>(
  name: K,
  input: Parameters<typeof apiUrl<K>>[1] & { body?: BodyOf<K> } = {},
): Promise<AnswerOf<K>> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${stack.proxyOrigin}${apiUrl(name, input)}`, {
      method: API[name].method,
      headers: {
        authorization: `Bearer ${stack.token}`,
        ...(input.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(input.body ? { body: JSON.stringify(input.body) } : {}),
    });
    // Releases being read: asked again, as the explorer does.
    if (response.status === 202) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    return API[name].response.parse(await response.json()) as AnswerOf<K>;
  }
  throw new Error(`${name}: still not ready`);
}

/** The CSV's cells a spreadsheet would evaluate. */
const evaluated = formulaCells;

let datasets: Dataset[] = [];
let indicators: Indicator[] = [];
beforeAll(async () => {
  const page = await ask('search', { query: { ...RELEASE, limit: 10 } });
  const ids = page.results.flatMap((hit) =>
    hit.products.flatMap((p) => p.datasets.map((d) => d.id)),
  );
  const batch = await ask('batch', {
    query: { ...RELEASE, from: 0, limit: 100 },
    body: { dataset_ids: ids.slice(0, 6), indicator_ids: INDICATORS },
  });
  datasets = batch.datasets;
  const catalogue = await ask('indicators', { query: RELEASE });
  indicators = catalogue.indicators.filter((indicator) => INDICATORS.includes(indicator.id));
}, 30_000);

describe('names that start like spreadsheet formulas, in every CSV export', () => {
  it('come from the data service as they are (the test would prove nothing otherwise)', () => {
    const names = [
      ...datasets.flatMap((d) => [d.activity, d.product, d.unit]),
      ...indicators.flatMap((i) => [i.method, i.category, i.indicator, i.unit]),
    ];
    for (const start of FORMULA_STARTS)
      expect(names.some((name) => name?.startsWith(start))).toBe(true);
  });

  it('are text in the scores of a dataset page and in Compare (long and wide)', () => {
    const scores = new Map(
      datasets.map((d) => [
        d.id,
        new Map(
          d.impact_scores.flatMap((score): [number, GivenScore][] =>
            score.score === null ? [] : [[score.id, { ...score, score: score.score }]],
          ),
        ),
      ]),
    );
    const [first] = datasets;
    if (!first) throw new Error('no dataset');
    const rows = first.impact_scores.map((score) => ({
      dataset: first,
      indicator: { ...score, id: score.id },
      score: score.score ?? ('' as const),
    }));
    const shown = { version: RELEASE.version, systemModel: 'cutoff' };
    const comparison: ComparisonExport = {
      shown,
      columns: datasets.map((dataset) => ({
        id: dataset.id,
        release: shown,
        key: columnKey(dataset.id, shown),
        dataset,
      })),
      indicators,
      value: (column, indicatorId) => scores.get(column.id)?.get(indicatorId)?.score,
      followed: (_, indicatorId) => {
        const indicator = indicators.find((candidate) => candidate.id === indicatorId);
        return indicator && { kind: 'same', indicator };
      },
    };
    for (const csv of [
      scoresCsv({ version: '3.12', systemModel: 'cutoff' }, rows),
      comparisonToCsv(comparison),
      tableToCsv(comparisonWideTable(comparison)),
    ]) {
      expect(evaluated(csv)).toEqual([]);
      expect(csv).toContain(`'=HYPERLINK(`);
    }
  });

  it('are text in What changed, whose verdicts follow the change report', async () => {
    const changes = await ask('changes', { query: { ...RELEASE, from: '3.11' } });
    if (changes.status !== 'ready') throw new Error('not ready');
    // The report's entries named datasets by these names, and were applied.
    expect(changes.reports.some((report) => report.applied > 0)).toBe(true);
    const csv = changesToCsv(changes, changes.rows);
    expect(changes.rows.length).toBeGreaterThan(10);
    expect(evaluated(csv)).toEqual([]);
    expect(csv).toMatch(/'[-+@=]/);
  });

  it('are text in a dataset across releases and in the upgrade check’s mapping', async () => {
    const ids = datasets.map((d) => d.id);
    const history = await ask('history', { params: { id: ids[0] ?? 0 }, query: RELEASE });
    if (history.status !== 'ready') throw new Error('not ready');
    const historyCsv = historyToCsv({
      systemModel: 'cutoff',
      base: '3.12',
      entries: history.releases,
      rows: [],
    });
    expect(evaluated(historyCsv)).toEqual([]);

    const check = await ask('upgradeCheck', {
      query: { ...RELEASE, from: '3.11' },
      body: { entries: ids.map((id, i) => ({ line: i + 1, kind: 'id' as const, id })) },
    });
    if (check.status !== 'ready') throw new Error('not ready');
    const mapping = mappingToCsv({
      check,
      chosen: new Map(),
      indicators: [],
      scores: { of: () => ({ datasets: new Map(), scores: new Map(), answered: () => false }) },
    });
    expect(evaluated(mapping)).toEqual([]);
    for (const csv of [historyCsv, mapping]) expect(csv).toMatch(/'[-+@=\t]/);
  });

  it('are text in the usage export', async () => {
    const usage = await ask('usage');
    const byId = new Map(datasets.map((d) => [d.id, d.activity]));
    const byIndicator = new Map(indicators.map((i) => [i.id, i.indicator]));
    const csv = tableToCsv(
      chargesTable(usage.charges, {
        dataset: (_release, id) => byId.get(id) ?? undefined,
        indicator: (_release, id) => byIndicator.get(id),
      }),
    );
    expect(usage.charges.length).toBeGreaterThan(0);
    expect(evaluated(csv)).toEqual([]);
    expect(csv).toMatch(/'[-+@=\t]/);
  });
});
