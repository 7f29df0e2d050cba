import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetHistory, HistoryEntry, Indicator } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import {
  chartPoints,
  documentationRows,
  historyExport,
  historyToCsv,
  historyToJson,
} from './across-releases';
import { scoreRows } from './score-cells';
import { DocumentationDiff } from './components/documentation-diff';
import { ReleaseMatches } from './components/release-matches';
import { ScoreHistory } from './components/score-history';
import type { CounterpartEntry } from '../scores/counterparts';
import { aDataset } from '../../testing/datasets';

const dataset = (over: Partial<Dataset>): Dataset =>
  aDataset({
    activity: 'cement production, Portland',
    product: 'cement, Portland',
    description: 'Demo data.',
    geography: 'Switzerland (CH)',
    unit: 'kg',
    time_period: '2010-2025',
    activity_type: 'ordinary transforming activity',
    isic_section: 'C - Manufacturing',
    isic_class: '2394 - Manufacture of cement, lime and plaster',
    sectors: ['Cement & concrete'],
    ...over,
  });
const gwp: Indicator = {
  id: 882,
  method: 'IPCC 2021',
  category: 'climate change',
  indicator: 'GWP100',
  unit: 'kg CO2-Eq',
};
const same = (id: number): CounterpartEntry => ({
  id,
  counterpart: { indicator: { ...gwp, id }, basis: 'same ID', differs: [] },
  candidates: [],
});
const ref = (id: number, activity: string, geography: string) => ({
  id,
  activity,
  product: 'cement, Portland',
  geography,
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
const entries: HistoryEntry[] = [
  {
    version: '3.12',
    verdict: null,
    change: null,
    how: 'same ID',
    basis: 'documentation',
    reports: [],
    dataset: ref(1, 'cement production, Portland', 'Switzerland (CH)'),
    linked: [],
    fields: [],
    candidates: [],
  },
  {
    version: '3.11',
    verdict: 'documentation changed',
    change: 'renamed',
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.11 → 3.12'],
    dataset: ref(1, 'cement production', 'Switzerland (CH)'),
    linked: [
      {
        dataset: ref(1, 'cement production', 'Switzerland (CH)'),
        share: null,
        fields: ['activity', 'time_period'],
      },
    ],
    fields: ['activity', 'time_period'],
    candidates: [],
  },
  {
    version: '3.10',
    verdict: 'new',
    change: 'new',
    how: 'none',
    basis: 'documentation',
    reports: [],
    dataset: null,
    linked: [],
    fields: [],
    candidates: [
      {
        dataset: ref(7, 'cement production', 'Rest-of-World (RoW)'),
        relation: 'possible split',
        geography: 'within',
        new_in_target: false,
      },
    ],
  },
];

/**
 * The rows of `entries` for GWP (882, the same indicator in every release) with the scores
 * given, by version and Dataset ID; a release without any was not asked.
 */
function rowsOf(
  held: Record<string, Record<number, number | null>>,
  versions = ['3.12', '3.11', '3.10'],
) {
  return scoreRows({
    indicators: [gwp],
    entries: entries.filter((entry) => versions.includes(entry.version)),
    base: '3.12',
    counterparts: () => new Map([[882, same(882)]]),
    score: (version, dataset) => {
      const scores = held[version];
      if (!scores) return undefined;
      return dataset in scores ? scores[dataset] : null;
    },
    loaded: (version) => version in held,
  });
}

describe('a dataset across releases', () => {
  const docs = [
    { version: '3.12', dataset: dataset({}) },
    {
      version: '3.11',
      dataset: dataset({
        activity: 'cement production',
        time_period: '2010-2024',
        description: null,
      }),
    },
    { version: '3.10', dataset: null },
  ];

  it('marks each documentation field that differs from the release being viewed', () => {
    const rows = documentationRows(docs, '3.12');
    const differing = rows.flatMap((row) =>
      row.cells.filter((c) => c.differs).map((c) => `${row.field}@${c.version}`),
    );
    expect(differing).toEqual(['activity@3.11', 'time_period@3.11', 'description@3.11']);
    expect(rows.find((r) => r.field === 'sectors')?.cells[0]?.value).toBe('Cement & concrete');
    expect(rows[0]?.cells.map((c) => c.state)).toEqual(['shown', 'shown', 'not found']);
  });

  it('says a release without the dataset does not have it, rather than that its fields are empty', () => {
    const rows = documentationRows(
      [
        { version: '3.12', dataset: dataset({ description: null }) },
        { version: '3.11', dataset: undefined },
        { version: '3.10', dataset: null },
      ],
      '3.12',
    );
    renderWithProviders(<DocumentationDiff rows={rows} versions={['3.12', '3.11', '3.10']} />);
    const description = within(screen.getByRole('row', { name: /^Description/ })).getAllByRole(
      'cell',
    );
    expect(description.map((cell) => cell.textContent)).toEqual([
      'Not given by the data service',
      '',
      'Not in this release',
    ]);
    expect(within(description[1] as HTMLElement).getByLabelText('Loading 3.11')).toBeVisible();
  });

  it('puts scores side by side with their change from the release being viewed, its class, and charts them', () => {
    const rows = rowsOf({ '3.12': { 1: 1.1 }, '3.11': { 1: 1 } });
    expect(
      rows[0]?.cells.map((c) => [
        c.version,
        c.score,
        c.change === null ? null : Math.round(c.change),
        c.class?.class ?? null,
      ]),
    ).toEqual([
      ['3.12', 1.1, null, null],
      ['3.11', 1, -9, 'documentation changed'],
      ['3.10', undefined, null, 'not comparable'],
    ]);
    expect(rows[0]?.cells[2]?.class?.why).toBe('Not in the older release.');
    expect(chartPoints(rows, '3.11')).toEqual([
      { version: '3.10' },
      { version: '3.11', '882': 100 },
      { version: '3.12', '882': expect.closeTo(110, 6) as number },
    ]);
  });

  it('exports an XLSX’s tables: releases side by side, and a row per release and indicator with method, category and unit, numbers as numbers', () => {
    const rows = rowsOf({ '3.12': { 1: 2 }, '3.11': { 1: 1 } });
    const { tables, query } = historyExport(
      { systemModel: 'cutoff', base: '3.12', entries, rows, id: 1, activity: 'cement production' },
      'https://explorer.example/3.12/cutoff/datasets/1/history?ind=882',
    );
    expect(tables.map((table) => table.sheet)).toEqual(['Across releases', 'Scores']);
    const [, scores] = tables;
    const column = (name: string) => scores?.header.indexOf(name) ?? -1;
    const byVersion = new Map(scores?.rows.map((row) => [row[0], row]));
    expect(byVersion.get('3.11')?.[column('score')]).toBe(1);
    expect(byVersion.get('3.11')?.[column('change_percent')]).toBe(-50);
    expect(byVersion.get('3.11')?.[column('class')]).toBe('documentation changed');
    expect(byVersion.get('3.11')?.[column('method')]).toBe(gwp.method);
    expect(byVersion.get('3.11')?.[column('category')]).toBe(gwp.category);
    expect(byVersion.get('3.11')?.[column('unit')]).toBe(gwp.unit);
    expect(byVersion.get('3.11')?.[column('system_model')]).toBe('cutoff');
    expect(query.link).toBe('https://explorer.example/3.12/cutoff/datasets/1/history?ind=882');
    expect(query.fields).toContainEqual(['System model', 'cutoff']);
  });

  it('exports CSV and JSON', () => {
    const rows = rowsOf({ '3.12': { 1: 2 }, '3.11': { 1: 1 } });
    const csv = historyToCsv({ systemModel: 'cutoff', base: '3.12', entries, rows })
      .trimEnd()
      .split('\n');
    expect(csv[0]).toBe(
      'version,system_model,dataset_id,spold_file,change,matched_by,source,share_percent,linked,activity,product,geography,unit,changed_fields,882_indicator_id,882_score,882_change_percent,882_class,882_why,format',
    );
    expect(csv[2]).toBe(
      '3.11,cutoff,1,aaaaaaaa-0000-4000-8000-000000000001_bbbbbbbb-0000-4000-8000-000000000001.spold,renamed,change report,ecoinvent change report 3.11 → 3.12,,1,cement production,"cement, Portland",Switzerland (CH),kg,activity time_period,882,1,-50,documentation changed,"Documentation changed (Activity, time period).",lci-explorer.history/2',
    );
    expect(csv[3]).toBe(
      '3.10,cutoff,,,new,none,inferred from documentation,,,,,,,,882,,,not comparable,Not in the older release.,lci-explorer.history/2',
    );
    const json = JSON.parse(
      historyToJson({ systemModel: 'cutoff', base: '3.12', entries, rows }),
    ) as { releases: { scores: unknown[] }[] };
    expect(json.releases[1]?.scores).toEqual([
      {
        indicator_id: 882,
        indicator_id_in_release: 882,
        score: 1,
        provenance: null,
        parts: [],
        share_weighted_mix: null,
        change_percent: -50,
        class: 'documentation changed',
        why: 'Documentation changed (Activity, time period).',
      },
    ]);
  });
});

describe('history components', () => {
  const history: Extract<DatasetHistory, { status: 'ready' }> = {
    status: 'ready',
    id: 1,
    version: '3.12',
    system_model: 'cutoff',
    releases: entries,
    omitted: [],
  };

  it('say what the dataset was in each release and where that comes from, and offer near ones where it was nothing', () => {
    renderWithProviders(<ReleaseMatches history={history} ind={[882]} />);
    const [, current, older, oldest] = within(
      screen.getByRole('table', { name: 'Dataset 1 across releases' }),
    ).getAllByRole('row');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(within(older as HTMLElement).getByText('renamed')).toBeInTheDocument();
    expect(within(older as HTMLElement).getByText('same Dataset ID')).toBeInTheDocument();
    expect(
      within(older as HTMLElement).getByText('ecoinvent change report 3.11 → 3.12'),
    ).toBeInTheDocument();
    expect(within(older as HTMLElement).getByText('Activity, time period')).toBeInTheDocument();
    expect(within(oldest as HTMLElement).getByText('new')).toBeInTheDocument();
    expect(within(oldest as HTMLElement).getByText(/\(possible split\)/)).toBeInTheDocument();
    expect(within(oldest as HTMLElement).getByRole('link', { name: '7' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/7?ind=882',
    );
  });

  it('highlight the documentation that differs, for screen readers too', () => {
    const rows = documentationRows(
      [
        { version: '3.12', dataset: dataset({}) },
        { version: '3.11', dataset: dataset({ unit: 'm3' }) },
      ],
      '3.12',
    );
    renderWithProviders(<DocumentationDiff rows={rows} versions={['3.12', '3.11']} />);
    const unit = screen.getByRole('row', { name: /^Unit/ });
    expect(within(unit).getByText('(changed)')).toBeInTheDocument();
    expect(within(unit).getAllByRole('cell')[1]).toHaveAttribute('data-differs', 'true');
  });

  it('show scores with their change, and tell a missing score from one not loaded yet', () => {
    const { unmount } = renderWithProviders(
      <ScoreHistory
        rows={rowsOf({ '3.12': { 1: 2 }, '3.11': {} })}
        base="3.12"
        chart={false}
        systemModel="cutoff"
        ind={[882]}
      />,
    );
    const row = screen.getByRole('row', { name: /GWP100/ });
    // The indicator is the row's header; then one cell per release, newest first.
    const [, older, oldest] = within(row).getAllByRole('cell');
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(older).toHaveTextContent('No score in this release');
    expect(oldest).toHaveTextContent('No dataset in 3.10');
    unmount();
    renderWithProviders(
      <ScoreHistory
        rows={rowsOf({ '3.12': { 1: 2 } })}
        base="3.12"
        chart={false}
        systemModel="cutoff"
        ind={[882]}
      />,
    );
    const [, notAsked] = within(screen.getByRole('row', { name: /GWP100/ })).getAllByRole('cell');
    expect(notAsked).toHaveTextContent('Not loaded');
  });

  const twoReleases = () => rowsOf({ '3.12': { 1: 2 }, '3.11': { 1: 1 } });
  it('chart the scores when there is more than one release', () => {
    renderWithProviders(
      <ScoreHistory rows={twoReleases()} base="3.12" systemModel="cutoff" ind={[882]} />,
    );
    expect(screen.getByText('−50 % from 3.12')).toBeInTheDocument();
  });

  it('name each charted line in a legend below the chart, method included, outside its plot', () => {
    renderWithProviders(
      <ScoreHistory rows={twoReleases()} base="3.12" systemModel="cutoff" ind={[882]} />,
    );
    const legend = screen.getAllByRole('list').at(-1);
    expect(legend).toBeDefined();
    expect(
      within(legend as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`${gwp.indicator} (${gwp.method})`]);
  });
});
