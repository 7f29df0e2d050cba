import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, Indicator } from '../../../shared/api/schemas';
import { renderWithProviders } from '../../testing/render';
import type { CounterpartEntry } from '../scores/counterparts';
import type { useHistoryIndicators } from './api/use-history-indicators';
import { historyAsks, severalScored } from './api/use-history-scores';
import { askedNotes } from './components/history-scores';
import { ScoreHistory } from './components/score-history';
import { scoreRows } from './score-cells';

const indicator = (id: number, method: string, category: string): Indicator => ({
  id,
  method,
  category,
  indicator: 'global warming potential (GWP100)',
  unit: 'kg CO2-Eq',
});
// IPCC 2021's "climate change" of 3.10 is "climate change: total (excl. biogenic CO2)" later.
const ipcc310 = indicator(1111, 'IPCC 2021', 'climate change');
const ipcc312 = indicator(1024, 'IPCC 2021', 'climate change: total (excl. biogenic CO2)');
const ef = indicator(1443, 'EF v3.1', 'climate change');

const renamed: CounterpartEntry = {
  id: 1111,
  counterpart: { indicator: ipcc312, basis: 'renamed', differs: ['category'] },
  candidates: [],
};
const none: CounterpartEntry = {
  id: 1443,
  counterpart: null,
  candidates: [
    {
      indicator: indicator(849, 'EF v3.1', 'climate change: fossil'),
      relation: 'same method and indicator, related category',
      differs: ['category'],
    },
  ],
};
const later = new Map([
  [1111, renamed],
  [1443, none],
]);

const ref = (id: number, geography: string) => ({
  id,
  activity: 'adipic acid production',
  product: 'adipic acid',
  geography,
  unit: 'kg',
  activity_spold_uuid: null,
  product_spold_uuid: null,
});
const PARTS: [number, string, number][] = [
  [19604, 'Rest of Europe (RoE)', 0.36688894],
  [19605, 'Türkiye (TR)', 0.0436923],
  [19606, 'Lithuania (LT)', 0.512961],
  [19607, 'Western Europe (WEU)', 0.0696263],
  [19608, 'Finland (FI)', 0.00683146],
];
const entry = (over: Partial<HistoryEntry> & { version: string }): HistoryEntry => ({
  verdict: null,
  change: null,
  how: 'same ID',
  basis: 'documentation',
  reports: [],
  dataset: null,
  linked: [],
  fields: [],
  candidates: [],
  ...over,
});
const split = entry({
  version: '3.12',
  verdict: 'split',
  change: 'split',
  how: 'change report',
  basis: 'change report',
  reports: ['ecoinvent change report 3.10 → 3.11'],
  dataset: ref(19606, 'Lithuania (LT)'),
  linked: PARTS.map(([id, geography, share]) => ({
    dataset: ref(id, geography),
    share,
    fields: ['geography'],
  })),
  fields: ['geography'],
});
// 534 (adipic acid, RER) seen from 3.10: split in five by 3.12.
const from310 = [split, entry({ version: '3.10', dataset: ref(534, 'Europe (RER)') })];
const held = new Map<string, number>([
  ['3.10|534|1111', 1.464],
  ['3.10|534|1443', 1.5],
  ['3.12|19604|1024', 1.1],
  ['3.12|19605|1024', 1.5],
  ['3.12|19606|1024', 1.194],
  ['3.12|19607|1024', 1.0],
  ['3.12|19608|1024', 0.9],
]);
const lookup = (version: string, dataset: number, id: number) =>
  held.get(`${version}|${dataset}|${id}`);

describe('a split across releases', () => {
  const rows = scoreRows({
    indicators: [ipcc310, ef],
    entries: from310,
    base: '3.10',
    counterparts: () => later,
    score: lookup,
    loaded: () => true,
  });

  it('scores every part with the indicator’s counterpart and compares their share-weighted mix', () => {
    const cell = rows[0]?.cells[0];
    const mix = PARTS.reduce(
      (sum, [id, , share]) => sum + share * (held.get(`3.12|${id}|1024`) ?? 0),
      0,
    );
    expect(cell?.indicatorId).toBe(1024);
    expect(cell?.parts.map((part) => part.score)).toEqual([1.1, 1.5, 1.194, 1.0, 0.9]);
    expect(cell?.score).toBeCloseTo(mix, 12);
    expect(cell?.change).toBeCloseTo(((mix - 1.464) / 1.464) * 100, 10);
    expect(cell?.class?.class).toBe('successor');
    expect(cell?.class?.causes).toEqual(['successor', 'indicator changed']);
    expect(
      historyAsks({
        base: '3.10',
        entries: from310,
        indicators: [ipcc310, ef],
        counterparts: () => later,
      }),
    ).toEqual([
      { version: '3.12', datasetIds: [19604, 19605, 19606, 19607, 19608], indicatorIds: [1024] },
      { version: '3.10', datasetIds: [534], indicatorIds: [1111, 1443] },
    ]);
    expect(severalScored(from310, '3.10')).toEqual([
      { version: '3.12', change: 'split', datasets: 5 },
    ]);
  });

  it('says an indicator without a counterpart has none, with the nearest, never a bare dash', () => {
    const cell = rows[1]?.cells[0];
    expect(cell?.indicatorId).toBeNull();
    expect(cell?.class?.why).toBe('The indicator has no counterpart in 3.12.');
    renderWithProviders(
      <ScoreHistory rows={rows} base="3.10" chart={false} systemModel="cutoff" ind={[1111]} />,
    );
    const [ipccRow, efRow] = screen
      .getAllByRole('row')
      .filter((row) => within(row).queryAllByRole('cell').length > 0);
    const parts = within(ipccRow as HTMLElement).getAllByRole('cell')[0] as HTMLElement;
    expect(within(parts).getByText(/against the share-weighted mix$/)).toBeInTheDocument();
    expect(within(parts).getByText('As 1024 (renamed (category))')).toBeInTheDocument();
    expect(within(parts).getByText('19604 Rest of Europe (RoE) 36.69 %: 1.1')).toBeInTheDocument();
    expect(within(parts).getByText('successor')).toBeInTheDocument();
    expect(within(efRow as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(
      'no counterpart in 3.12; nearest: 849 (EF v3.1 › climate change: fossil), same method and indicator, related category',
    );
  });
});

describe('a part of an earlier split, a merge', () => {
  const earlier = entry({
    version: '3.10',
    verdict: 'split',
    change: 'split',
    how: 'change report',
    basis: 'change report',
    reports: ['ecoinvent change report 3.10 → 3.11'],
    dataset: ref(534, 'Europe (RER)'),
    linked: [{ dataset: ref(534, 'Europe (RER)'), share: 0.512961, fields: ['geography'] }],
    fields: ['geography'],
  });
  const base = entry({ version: '3.12', dataset: ref(19606, 'Lithuania (LT)') });
  const back = new Map([
    [
      1024,
      {
        ...renamed,
        id: 1024,
        counterpart: { ...renamed.counterpart, indicator: ipcc310 },
      } as CounterpartEntry,
    ],
  ]);

  it('compares the base with the dataset it is one part of, and says so with the way to the mix', () => {
    const rows = scoreRows({
      indicators: [ipcc312],
      entries: [base, earlier],
      base: '3.12',
      counterparts: () => back,
      score: lookup,
      loaded: () => true,
    });
    const cell = rows[0]?.cells[1];
    expect(cell?.partOf).toEqual({ datasetId: 534, share: 0.512961 });
    expect(cell?.class?.class).toBe('successor');
    renderWithProviders(
      <ScoreHistory rows={rows} base="3.12" chart={false} systemModel="cutoff" ind={[1024]} />,
    );
    expect(
      screen.getByText(/The dataset here is one part \(51\.3 %\) of what 534 became/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '534 across releases' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/534/history?ind=1024',
    );
  });

  it('scores every dataset merged into the base, beside the one followed', () => {
    const merged = entry({
      version: '3.10',
      verdict: 'merged',
      change: 'merged',
      dataset: ref(523, 'Europe (RER)'),
      linked: [
        { dataset: ref(523, 'Europe (RER)'), share: null, fields: [] },
        { dataset: ref(195, 'Germany (DE)'), share: null, fields: [] },
      ],
    });
    const entries = [entry({ version: '3.12', dataset: ref(19595, 'Europe (RER)') }), merged];
    expect(
      historyAsks({ base: '3.12', entries, indicators: [ipcc312], counterparts: () => back }),
    ).toEqual([
      { version: '3.12', datasetIds: [19595], indicatorIds: [1024] },
      { version: '3.10', datasetIds: [523, 195], indicatorIds: [1111] },
    ]);
    expect(severalScored(entries, '3.12')).toEqual([
      { version: '3.10', change: 'merged', datasets: 2 },
    ]);
  });
});

describe('indicators asked for that the release does not list', () => {
  it('says each was followed from another release’s catalogue, or why it is not scored', () => {
    const followed = {
      followed: [
        {
          asked: 1024,
          release: '3.12',
          indicator: ipcc312,
          counterpart: {
            ...renamed,
            id: 1024,
            counterpart: { ...renamed.counterpart, indicator: ipcc310 },
          },
        },
        { asked: 1443, release: '3.12', indicator: ef, counterpart: { ...none, candidates: [] } },
        { asked: 99999, release: null, indicator: null, counterpart: undefined },
      ],
      searched: true,
    } as unknown as ReturnType<typeof useHistoryIndicators>;
    expect(askedNotes(followed, '3.10')).toEqual([
      '1024 (IPCC 2021 › climate change: total (excl. biogenic CO2), of 3.12) is not in 3.10: followed from 3.12’s catalogue, it is scored here as 1111 (IPCC 2021 › climate change; renamed (category) in 3.10: 1111 (IPCC 2021 › climate change)).',
      '1443 (EF v3.1 › climate change, of 3.12) is not in 3.10: no counterpart in 3.10; it is not scored.',
      'Indicator 99999 is in no catalogue of the releases compared; it is not scored.',
    ]);
  });
});
