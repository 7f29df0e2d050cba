import { beforeEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../../shared/api/routes';
import type { DatasetPage, UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import { parseDatasetList } from '../../../shared/dataset-list';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { mergeAnswers } from '../scores/answers';
import { scoreParts } from './api/use-upgrade-scores';
import { mappingToCsv, mappingToJson } from './export';
import {
  choicesOf,
  deleteList,
  findList,
  readDraft,
  saveList,
  savedLists,
  writeDraft,
} from './saved-lists';
import { scoredDatasets, scoreMoves, scoreTable } from './score-moves';
import { MAX_SHARED_IDS, shareableIds, sharedListText } from './share-link';

const ref = (id: number, activity = 'cement production', geography = 'Switzerland (CH)') => ({
  id,
  activity,
  product: 'cement',
  geography,
  unit: 'kg',
});
const result = (line: number, over: Partial<UpgradeResult>): UpgradeResult => ({
  line,
  verdict: 'unchanged',
  source: ref(line),
  target: ref(line),
  how: 'same ID',
  relation: null,
  fields: [],
  candidates: [],
  ...over,
});
const check: Extract<UpgradeCheck, { status: 'ready' }> = {
  status: 'ready',
  from: '3.10',
  to: '3.12',
  system_model: 'cutoff',
  counts: {
    unchanged: 1,
    'documentation changed': 0,
    'new ID': 1,
    'several candidates': 0,
    gone: 1,
    'not in source': 0,
    'several in source': 0,
  },
  results: [
    result(1, {}),
    result(2, { verdict: 'new ID', target: ref(20), how: 'same UUIDs', relation: 'same UUIDs' }),
    result(3, {
      verdict: 'gone',
      target: null,
      how: 'none',
      candidates: [
        {
          dataset: ref(30, 'cement production', 'Rest-of-World (RoW)'),
          relation: 'same activity and product, other geography',
          new_in_target: true,
        },
      ],
    }),
  ],
};

describe('scores for a mapping', () => {
  it('asks for a candidate chosen later on its own, so what is loaded stays and it alone waits', () => {
    expect(scoreParts(check, new Map())).toEqual([
      { version: '3.10', ids: [1, 2] },
      { version: '3.12', ids: [1, 20] },
    ]);
    expect(scoreParts(check, new Map([[3, 30]]))).toEqual([
      { version: '3.10', ids: [1, 2] },
      { version: '3.12', ids: [1, 20] },
      { version: '3.10', ids: [3] },
      { version: '3.12', ids: [30] },
    ]);
  });

  it('loads the old and new datasets, a chosen candidate included', () => {
    const chosen = new Map([[3, 30]]);
    expect(scoredDatasets(check.results, chosen)).toEqual({ from: [1, 2, 3], to: [1, 20, 30] });
  });

  it('tells how each score moved from the old dataset to the new one', () => {
    const table = tableOf([
      { version: '3.10', page: { total: 1, datasets: [doc(2, [[882, 2]])] } },
      { version: '3.12', page: { total: 1, datasets: [doc(20, [[882, 3]])] } },
    ]);
    expect(
      scoreMoves(
        check.results[1] as UpgradeResult,
        { from: '3.10', to: '3.12' },
        [882, 964],
        table,
      ),
    ).toEqual([
      { indicatorId: 882, before: 2, after: 3, change: 50 },
      { indicatorId: 964, before: undefined, after: undefined, change: null },
    ]);
  });
});

/** The scores of a check's system model, as the batch answers of each release give them. */
const tableOf = (answers: { version: string; page: DatasetPage }[]) =>
  scoreTable(
    mergeAnswers(
      answers.map(({ version, page }) => ({
        call: { version, systemModel: 'cutoff', datasetIds: [], indicatorIds: [] },
        datasets: page.datasets,
      })),
    ),
    'cutoff',
  );

function doc(id: number, scores: [number, number][]) {
  return {
    ...ref(id),
    description: null,
    time_period: null,
    activity_type: null,
    isic_section: null,
    isic_class: null,
    activity_spold_uuid: null,
    geography_spold_uuid: null,
    product_spold_uuid: null,
    sectors: [],
    url: null,
    url_history: null,
    impact_scores: scores.map(([indicator, score]) => ({
      id: indicator,
      score,
      unit: 'kg CO2-Eq',
      method: 'IPCC 2021',
      category: 'climate change',
      indicator: 'GWP100',
    })),
  };
}

describe('the mapping export', () => {
  const indicators = [
    {
      id: 882,
      method: 'IPCC 2021',
      category: 'climate change',
      indicator: 'GWP100',
      unit: 'kg CO2-Eq',
    },
  ];
  const scores = tableOf([
    { version: '3.10', page: { total: 1, datasets: [doc(3, [[882, 4]])] } },
    { version: '3.12', page: { total: 1, datasets: [doc(30, [[882, 5]])] } },
  ]);

  it('writes old ID → new ID with the verdict, the user’s choice and the change in scores', () => {
    const csv = mappingToCsv({ check, chosen: new Map([[3, 30]]), indicators, scores });
    const [header, , second, third] = csv.trimEnd().split('\n');
    expect(header).toBe(
      'line,verdict,3.10_id,3.10_activity,3.10_product,3.10_geography,3.12_id,3.12_activity,3.12_product,3.12_geography,chosen_by_user,matched_by,relation,changed_fields,candidates,882_3.10,882_3.12,882_change_percent',
    );
    expect(second).toBe(
      '2,new ID,2,cement production,cement,Switzerland (CH),20,cement production,cement,Switzerland (CH),,same UUIDs,same UUIDs,,,,,',
    );
    expect(third).toBe(
      '3,gone,3,cement production,cement,Switzerland (CH),30,cement production,cement,Rest-of-World (RoW),yes,none,,,30,4,5,25',
    );
  });

  it('writes the same as JSON, exact values and nulls where there is nothing', () => {
    const json = JSON.parse(mappingToJson({ check, chosen: new Map(), indicators, scores })) as {
      results: { new_id: number | null; scores: Record<string, number | null>[] }[];
    };
    expect(json.results.map((r) => r.new_id)).toEqual([1, 20, null]);
    expect(json.results[2]?.scores).toEqual([
      { indicator_id: 882, '3.10': 4, '3.12': null, change_percent: null },
    ]);
  });
});

describe('saved lists', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps lists by name in this browser, replacing one of the same name', () => {
    expect(
      saveList({ name: ' my model ', text: '8279\n2989', from: '3.10' }, new Date('2026-01-02')),
    ).toEqual({ ok: true });
    saveList({ name: 'another', text: '1', from: '3.11' });
    saveList({ name: 'my model', text: '8279', from: '3.11' });
    expect(savedLists().map((l) => [l.name, l.text, l.from])).toEqual([
      ['another', '1', '3.11'],
      ['my model', '8279', '3.11'],
    ]);
    expect(findList('my model')?.from).toBe('3.11');
    deleteList('another');
    expect(savedLists().map((l) => l.name)).toEqual(['my model']);
  });

  it('keeps the candidates chosen with a list, and reads lists saved before without any', () => {
    saveList({ name: 'chosen', text: '1\n2', from: '3.10', chosen: new Map([[2, 23203]]) });
    const saved = findList('chosen');
    expect(saved && choicesOf(saved)).toEqual(new Map([[2, 23203]]));
    window.localStorage.setItem(
      'lci-explorer:upgrade-lists',
      JSON.stringify([{ name: 'old', text: '1', from: '3.10', savedAt: '2026-01-01' }]),
    );
    const old = findList('old');
    expect(old && choicesOf(old)).toEqual(new Map());
  });

  it('keeps the list being worked on across a reload of the tab, with its choices', () => {
    window.sessionStorage.clear();
    expect(readDraft()).toBeUndefined();
    writeDraft({ text: '8279\nnot a line', checked: true, chosen: new Map([[1, 5]]) });
    expect(readDraft()).toEqual({ text: '8279\nnot a line', checked: true, chosen: { 1: 5 } });
  });

  it('refuses a nameless list, and reads damaged storage as none', () => {
    expect(saveList({ name: '  ', text: '1', from: '3.10' }).ok).toBe(false);
    window.localStorage.setItem('lci-explorer:upgrade-lists', '{not json');
    expect(savedLists()).toEqual([]);
  });
});

describe('share links', () => {
  const ids = (n: number): ListEntry[] =>
    Array.from({ length: n }, (_, i) => ({ line: i + 1, kind: 'id', id: i + 1 }));
  const release = { version: '3.12', systemModel: 'cutoff' };

  it('carries up to 200 Dataset IDs and the source release, and reads them back', () => {
    const shared = shareableIds(ids(3));
    expect(shared).toEqual({ ok: true, ids: [1, 2, 3] });
    const href = paths.upgrade(release, { from: '3.10', ids: shared.ok ? shared.ids : [] });
    expect(href).toBe('/3.12/cutoff/upgrade?from=3.10&ids=1,2,3');
    const back = searches.upgrade.parse(new URL(href, 'http://x').searchParams);
    expect(back.from).toBe('3.10');
    const parsed = parseDatasetList(sharedListText(back.ids));
    expect(parsed.ok && parsed.entries.map((entry) => entry.line)).toEqual([1, 2, 3]);
    // A link edited by hand: what is not an ID is dropped, as every route's schema does.
    expect(searches.upgrade.parse('from=3.10&ids=1,2,x,2').ids).toEqual([1, 2]);
  });

  it('refuses more than 200 IDs, and lists of anything but IDs', () => {
    expect(shareableIds(ids(MAX_SHARED_IDS)).ok).toBe(true);
    const tooMany = shareableIds(ids(MAX_SHARED_IDS + 1));
    expect(!tooMany.ok && tooMany.reason).toMatch(/at most 200/);
    expect(
      shareableIds([{ line: 1, kind: 'names', activity: 'a', product: 'b', geography: 'CH' }]).ok,
    ).toBe(false);
    expect(
      searches.upgrade.parse(
        `ids=${ids(250)
          .map((e) => e.line)
          .join(',')}`,
      ).ids,
    ).toHaveLength(MAX_SHARED_IDS);
  });
});
