import { beforeEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../../shared/api/routes';
import type { DatasetPage, UpgradeCheck, UpgradeResult } from '../../../shared/api/schemas';
import { parseDatasetList } from '../../../shared/dataset-list';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import { mergeAnswers } from '../scores/answers';
import { partIndicators, scoreParts } from './api/use-upgrade-scores';
import { ChangeReportSchema } from '../../../shared/matching/change-report';
import { mappedIds } from './entries';
import { upgradeCalls } from './code-calls';
import { snippet } from '../../../shared/api/snippets';
import { mappingExport, mappingToCsv, mappingToDatapackage, mappingToJson } from './export';
import {
  choicesOf,
  deleteList,
  findList,
  readDraft,
  saveList,
  savedLists,
  writeDraft,
} from './saved-lists';
import { scoredDatasets, scoreTable, splitsScored, upgradeMoves } from './score-moves';
import {
  MAX_SHARED_IDS,
  picksFromParam,
  picksParam,
  shareableIds,
  sharedListText,
  shownChanges,
  standingPicks,
} from './share-link';
import { loadedReport } from '../../testing/report-step';
import { changeFor } from '../../testing/verdicts';
import { aDataset } from '../../testing/datasets';

const ref = (id: number, activity = 'cement production', geography = 'Switzerland (CH)') => ({
  id,
  activity,
  product: 'cement',
  geography,
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
const result = (line: number, over: Partial<UpgradeResult>): UpgradeResult => ({
  line,
  verdict: 'unchanged',
  source: ref(line),
  target: ref(line),
  successors: [{ dataset: ref(line), share: null, fields: [] }],
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  fields: [],
  candidates: [],
  ...over,
  change: over.change ?? changeFor(over.verdict ?? 'unchanged'),
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
    split: 0,
    merged: 0,
    'no certain successor': 1,
    removed: 0,
    'not in source': 0,
    'several in source': 0,
  },
  reports: [],
  results: [
    result(1, {}),
    result(2, {
      verdict: 'new ID',
      target: ref(20),
      successors: [{ dataset: ref(20), share: null, fields: [] }],
      how: 'same UUIDs',
    }),
    result(3, {
      verdict: 'no certain successor',
      target: null,
      successors: [],
      how: 'none',
      candidates: [
        {
          dataset: ref(30, 'cement production', 'Rest-of-World (RoW)'),
          relation: 'same activity and product, other geography',
          geography: 'rest',
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

  it('tells how each score moved from the old dataset to the new one, with its class', () => {
    const table = tableOf([
      { version: '3.10', page: { total: 1, datasets: [doc(2, [[882, 2]])] } },
      { version: '3.12', page: { total: 1, datasets: [doc(20, [[882, 3]])] } },
    ]);
    const moves = upgradeMoves(
      check.results[1] as UpgradeResult,
      check,
      new Map(),
      [
        { id: 882, before: { id: 882, link: { kind: 'same' } } },
        { id: 964, before: { id: 964, link: { kind: 'same' } } },
      ],
      table,
    );
    expect(moves.map((move) => [move.before, move.after, move.change.percent])).toEqual([
      [2, 3, 50],
      [undefined, undefined, null],
    ]);
    expect(moves.map((move) => move.change.class)).toEqual(['successor', 'not comparable']);
    expect(moves[1]?.change.why).toBe('Scores not loaded.');
  });

  it('scores every successor of a split, and says so before the bill', () => {
    const split = result(4, {
      verdict: 'split',
      successors: [
        { dataset: ref(4), share: 0.7, fields: [] },
        { dataset: ref(40), share: 0.3, fields: ['geography'] },
      ],
    });
    const withSplit = { ...check, results: [...check.results, split] };
    expect(scoredDatasets(withSplit.results)).toEqual({ from: [1, 2, 4], to: [1, 20, 4, 40] });
    expect(splitsScored(withSplit.results, new Map())).toEqual({ entries: 1, datasets: 2 });
  });

  it('asks the older release for the indicators’ counterparts, and nothing where none has one', () => {
    const followed = [
      {
        id: 1024,
        before: {
          id: 1111,
          link: {
            kind: 'counterpart' as const,
            basis: 'renamed' as const,
            differs: ['category' as const],
          },
        },
      },
      { id: 1443, before: null },
    ];
    expect(partIndicators(check, '3.12', followed)).toEqual([1024, 1443]);
    expect(partIndicators(check, '3.10', followed)).toEqual([1111]);
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
  return aDataset({
    ...ref(id),
    impact_scores: scores.map(([indicator, score]) => ({
      id: indicator,
      score,
      unit: 'kg CO2-Eq',
      method: 'IPCC 2021',
      category: 'climate change',
      indicator: 'GWP100',
    })),
  });
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
    { version: '3.10', page: { total: 2, datasets: [doc(3, [[882, 4]]), doc(4, [[882, 10]])] } },
    {
      version: '3.12',
      page: {
        total: 3,
        datasets: [doc(30, [[882, 5]]), doc(4, [[882, 10]]), doc(40, [[882, 20]])],
      },
    },
  ]);
  const followed = [{ id: 882, before: { id: 882, link: { kind: 'same' as const } } }];

  const file = (id: number) =>
    `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}_bbbbbbbb-0000-4000-8000-000000000001.spold`;
  const side = (id: number, geography = 'Switzerland (CH)') =>
    `${id},aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')},bbbbbbbb-0000-4000-8000-000000000001,${file(id)},cement production,cement,${geography},kg`;
  const split = result(4, {
    verdict: 'split',
    source: ref(4, 'cement production', 'Rest-of-World (RoW)'),
    target: ref(4, 'cement production', 'Rest-of-World (RoW)'),
    successors: [
      { dataset: ref(4, 'cement production', 'Rest-of-World (RoW)'), share: 0.8, fields: [] },
      { dataset: ref(40, 'cement production', 'France (FR)'), share: 0.2, fields: ['geography'] },
    ],
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.11 → 3.12'],
  });
  const withSplit = { ...check, results: [...check.results, split] };

  it('gives an XLSX a Scores sheet: a row per entry and indicator, method, category and unit, numbers as numbers', () => {
    const { tables, query } = mappingExport(
      { check, chosen: new Map([[3, 30]]), indicators, followed, scores },
      'https://explorer.example/3.12/cutoff/upgrade?from=3.10&ids=1,2,3',
    );
    expect(tables.map((table) => table.sheet)).toEqual(['Mapping', 'Scores']);
    const sheet = tables[1];
    const at = (row: readonly unknown[] | undefined, name: string) =>
      row?.[sheet?.header.indexOf(name) ?? -1];
    const chosenRow = sheet?.rows.find((row) => at(row, 'line') === 3);
    expect(at(chosenRow, '3.10_id')).toBe(3);
    expect(at(chosenRow, '3.10_score')).toBe(4);
    expect(at(chosenRow, '3.12_id')).toBe(30);
    expect(at(chosenRow, '3.12_score')).toBe(5);
    expect(at(chosenRow, 'change_percent')).toBe(25);
    expect(at(chosenRow, 'indicator_in_3.10')).toBe(882);
    expect(at(chosenRow, 'class')).toBe('successor');
    expect(at(chosenRow, 'change_against')).toBe('dataset');
    expect(sheet?.format).toBe('lci-explorer.mapping-scores/3');
    expect([at(chosenRow, 'method'), at(chosenRow, 'category'), at(chosenRow, 'unit')]).toEqual([
      'IPCC 2021',
      'climate change',
      'kg CO2-Eq',
    ]);
    expect(query.fields).toContainEqual(['From release', '3.10']);
    expect(query.link).toContain('ids=1,2,3');
  });

  it('writes old → new with both sides’ IDs, UUIDs and files, the change, its source, shares and scores', () => {
    const csv = mappingToCsv({
      check: withSplit,
      chosen: new Map([[3, 30]]),
      indicators,
      followed,
      scores,
    });
    const [header, , second, third, fourth, fifth] = csv.trimEnd().split('\n');
    expect(header).toBe(
      'line,change,same_dataset_id,3.10_id,3.10_activity_uuid,3.10_product_uuid,3.10_spold_file,3.10_activity,3.10_product,3.10_geography,3.10_unit,3.12_id,3.12_activity_uuid,3.12_product_uuid,3.12_spold_file,3.12_activity,3.12_product,3.12_geography,3.12_unit,share_percent,chosen_by_user,source,matched_by,changed_fields,candidates,882_indicator_in_3.10,882_3.10,882_3.12,882_share_weighted_mix,882_change_against,882_change_percent,882_class,882_why,format',
    );
    expect(second).toBe(
      `2,re-identified,no,${side(2)},${side(20)},,,inferred from documentation,same UUIDs,,,882,,,,dataset,,not comparable,Scores not loaded.,lci-explorer.mapping/1`,
    );
    expect(third).toBe(
      `3,no certain successor,no,${side(3)},${side(30, 'Rest-of-World (RoW)')},,yes,your choice among the candidates; candidates inferred from documentation,none,,30,882,4,5,,dataset,25,successor,"Another dataset (your choice among the candidates; no certain successor, candidates inferred from documentation).",lci-explorer.mapping/1`,
    );
    // A split: a row per part, each with its share and its own score; the change against the
    // share-weighted mix of all of them (0.8 × 10 + 0.2 × 20 = 12).
    expect(fourth).toBe(
      `4,split,yes,${side(4, 'Rest-of-World (RoW)')},${side(4, 'Rest-of-World (RoW)')},80,,ecoinvent change report 3.11 → 3.12,change report,,,882,10,10,12,share-weighted mix,20,successor,"Another dataset (split, ecoinvent change report 3.11 → 3.12).",lci-explorer.mapping/1`,
    );
    expect(fifth).toMatch(
      new RegExp(
        `^4,split,no,.*,${side(40, 'France \\(FR\\)').replace(/[.]/g, '\\.')},20,.*,882,10,20,12,share-weighted mix,20,successor,`,
      ),
    );
  });

  it('keeps the list’s unreadable and repeated lines, as the command line does', () => {
    const parsed = parseDatasetList('1\n2\n3\nnot a dataset\n1');
    if (!parsed.ok) throw new Error(parsed.error);
    const csv = mappingToCsv({
      check,
      chosen: new Map(),
      indicators: [],
      scores,
      problems: parsed.problems,
    });
    const lines = csv.trimEnd().split('\n').slice(1);
    expect(lines.map((line) => line.split(',').slice(0, 2).join(','))).toEqual([
      '1,documentation unchanged',
      '2,re-identified',
      '3,no certain successor',
      '4,unreadable',
      '5,repeated',
    ]);
  });

  it('says where a verdict without a successor comes from as the page does: a report that leaves it out', () => {
    const reported = { ...check, reports: [loadedReport('3.11', '3.12')] };
    const line3 = (csv: string) => csv.split('\n').find((row) => row.startsWith('3,')) ?? '';
    expect(
      line3(mappingToCsv({ check: reported, chosen: new Map(), indicators, followed, scores })),
    ).toContain(
      ',Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation,',
    );
    const json = JSON.parse(
      mappingToJson({ check: reported, chosen: new Map(), indicators, followed, scores }),
    ) as { results: { line: number; source_of_verdict: string }[] };
    expect(json.results.find((result) => result.line === 3)?.source_of_verdict).toBe(
      'Not named by ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
    );
  });

  it('writes a migration datapackage that relinking tools take: replace and disaggregate', () => {
    const renamed = result(5, {
      verdict: 'new ID',
      target: { ...ref(50), activity: 'cement production, CEM I' },
      successors: [
        {
          dataset: { ...ref(50), activity: 'cement production, CEM I' },
          share: null,
          fields: ['activity'],
        },
      ],
    });
    const { report, skipped } = mappingToDatapackage(
      { ...withSplit, results: [...withSplit.results, renamed] },
      new Map([[3, 30]]),
    );
    expect(skipped).toBe(0);
    // In the format of ecoinvent's change reports: the reader the proxy uses takes it.
    expect(ChangeReportSchema.parse(JSON.parse(JSON.stringify(report)))).toMatchObject({
      replace: [
        {
          source: {
            name: 'cement production',
            location: 'CH',
            'reference product': 'cement',
            unit: 'kg',
          },
          target: {
            name: 'cement production',
            location: 'RoW',
            'reference product': 'cement',
            unit: 'kg',
          },
        },
        {
          source: { name: 'cement production', location: 'CH' },
          target: { name: 'cement production, CEM I', location: 'CH' },
        },
      ],
      disaggregate: [
        {
          source: { name: 'cement production', location: 'RoW' },
          targets: [
            { location: 'RoW', allocation: 0.8 },
            { location: 'FR', allocation: 0.2 },
          ],
        },
      ],
    });
    // Unchanged names, and a new ID under the same names, have nothing to migrate.
    expect(report.replace).toHaveLength(2);
  });

  it('copies every ID a list maps to, a split’s every part and the user’s choices', () => {
    expect(mappedIds(withSplit.results, new Map([[3, 30]]))).toEqual([1, 20, 30, 4, 40]);
    expect(mappedIds(withSplit.results, new Map())).toEqual([1, 20, 4, 40]);
  });

  it('writes the same as JSON, exact values and nulls where there is nothing', () => {
    const json = JSON.parse(
      mappingToJson({ check, chosen: new Map(), indicators, followed, scores }),
    ) as {
      results: {
        new_id: number | null;
        source_of_verdict: string;
        mapped_to: { id: number; spold_file: string; share_percent: number | null }[];
        scores: Record<string, unknown>[];
      }[];
    };
    expect(json.results.map((r) => r.new_id)).toEqual([1, 20, null]);
    const [mapped] = json.results[1]?.mapped_to ?? [];
    expect(mapped?.id).toBe(20);
    expect(mapped?.spold_file).toMatch(/_bbbbbbbb-.*\.spold$/);
    expect(mapped?.share_percent).toBeNull();
    expect(json.results[1]?.source_of_verdict).toBe('inferred from documentation');
    expect(json.results[2]?.scores).toEqual([
      {
        indicator_id: 882,
        'indicator_in_3.10': 882,
        '3.10': 4,
        // The fixture's answers carry no provenance: said as null, never left out.
        '3.10_provenance': null,
        '3.12': [],
        share_weighted_mix: null,
        change_against: null,
        change_percent: null,
        class: 'not comparable',
        why: 'No dataset of 3.12 is named as what it became (no certain successor).',
      },
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
    writeDraft({ text: '8279', checked: false, chosen: new Map(), from: '3.10' });
    expect(readDraft()?.from).toBe('3.10');
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

  it('carries the candidates chosen by the listed ID, and reads them back by line', () => {
    // A list with a comment: the lines are the browser's, the link names the datasets.
    const parsed = parseDatasetList('# mine\n1\n3');
    const entries = parsed.ok ? parsed.entries : [];
    expect(entries.map((entry) => entry.line)).toEqual([2, 3]);
    const pick = picksParam(entries, new Map([[3, 30]]));
    const href = paths.upgrade(release, { from: '3.10', ids: [1, 3], pick });
    expect(href).toBe('/3.12/cutoff/upgrade?from=3.10&ids=1,3&pick=3:30');
    const back = searches.upgrade.parse(new URL(href, 'http://x').searchParams);
    const opened = parseDatasetList(sharedListText(back.ids));
    expect(picksFromParam(opened.ok ? opened.entries : [], back.pick)).toEqual({
      chosen: new Map([[2, 30]]),
      ignored: [],
    });
    expect(picksParam(entries, new Map())).toBe('');
  });

  it('leaves out, each with a sentence, choices that are not ID:ID, off the list or twice', () => {
    const { chosen, ignored } = picksFromParam(ids(3), '3:30,x:1,9:90,3:31,2:0,<b>');
    expect(chosen).toEqual(new Map([[3, 30]]));
    expect(ignored).toEqual([
      '“x:1” is not a choice: a Dataset ID of the list, a colon and the one chosen for it.',
      'The choice for 9: that dataset is not on the list.',
      'The second choice for 3: the first one is kept.',
      '“2:0” is not a choice: a Dataset ID of the list, a colon and the one chosen for it.',
      '“<b>” is not a choice: a Dataset ID of the list, a colon and the one chosen for it.',
    ]);
    // Too long for a link of 200 IDs: read as none.
    expect(searches.upgrade.parse(`pick=${'1:2,'.repeat(2000)}`).pick).toBe('');
  });

  it('keeps, once checked, only choices among their line’s candidates', () => {
    const { chosen, ignored } = standingPicks(
      check.results,
      new Map([
        [3, 30],
        [1, 5],
      ]),
      '3.12',
    );
    expect(chosen).toEqual(new Map([[3, 30]]));
    expect(ignored).toEqual([
      'The choice of 5 for dataset 1: it has no candidates to choose from.',
    ]);
    expect(standingPicks(check.results, new Map([[3, 31]]), '3.12').ignored).toEqual([
      'The choice of 31 for dataset 3: not one of its candidates in 3.12.',
    ]);
  });

  it('reads the changes a link shows, and the verdicts of links made before the one vocabulary', () => {
    expect(shownChanges('moved,removed,nonsense')).toEqual(['moved', 'removed']);
    expect(shownChanges('unchanged,new ID')).toEqual([
      'documentation unchanged',
      'moved',
      'renamed',
      're-identified',
    ]);
    expect(shownChanges('')).toEqual([]);
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

describe('copy as code', () => {
  const release = { version: '3.12', systemModel: 'cutoff' };
  const parsed = parseDatasetList('1');
  const entries: ListEntry[] = parsed.ok ? parsed.entries : [];
  const bodies = (calls: ReturnType<typeof upgradeCalls>) =>
    calls.filter((call) => call.scored).map((call) => [call.path, call.body]);

  it('holds the scored batch calls of both releases, a chosen candidate’s on its own', () => {
    const calls = upgradeCalls({
      release,
      from: '3.10',
      entries,
      check,
      chosen: new Map([[3, 30]]),
      followed: [
        { id: 882, before: { id: 882, link: { kind: 'same' } } },
        { id: 964, before: { id: 964, link: { kind: 'same' } } },
      ],
    });
    expect(calls[0]?.route).toBe('upgradeCheck');
    expect(bodies(calls)).toEqual([
      [
        '/api/datasets/batch?version=3.10&system_model=cutoff&limit=2',
        { dataset_ids: [1, 2], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.12&system_model=cutoff&limit=2',
        { dataset_ids: [1, 20], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.10&system_model=cutoff&limit=1',
        { dataset_ids: [3], indicator_ids: [882, 964] },
      ],
      [
        '/api/datasets/batch?version=3.12&system_model=cutoff&limit=1',
        { dataset_ids: [30], indicator_ids: [882, 964] },
      ],
    ]);
    const curl = snippet('curl', calls, 'https://explorer.example');
    expect(curl).toContain('/api/datasets/batch?version=3.10&system_model=cutoff&limit=2');
  });

  it('holds the check alone before it answers or while no indicator is picked', () => {
    const input = { release, from: '3.10', entries, chosen: new Map<number, number>() };
    for (const calls of [
      upgradeCalls({
        ...input,
        check: undefined,
        followed: [{ id: 882, before: { id: 882, link: { kind: 'same' } } }],
      }),
      upgradeCalls({ ...input, check, followed: [] }),
      upgradeCalls({ ...input, check, followed: undefined }),
    ])
      expect(calls.map((call) => call.route)).toEqual(['upgradeCheck']);
  });
});
