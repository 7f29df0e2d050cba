import { describe, expect, it } from 'vitest';
import type { Indicator, IndicatorCounterparts } from '../../../shared/api/schemas';
import { followIndicatorsIn, isOlder, linkColumns, resolveColumns } from './columns';

const shown = { version: '3.12', systemModel: 'cutoff' };
const old = { version: '3.10', systemModel: 'cutoff' };
const indicator = (id: number, category: string): Indicator => ({
  id,
  method: 'IPCC 2021',
  category,
  indicator: 'global warming potential (GWP100)',
  unit: 'kg CO2-Eq',
});
const total = indicator(1024, 'climate change: total (excl. biogenic CO2)');
const fossil = indicator(1443, 'climate change: fossil');
const landUse = indicator(1500, 'climate change: land use');
const gone = indicator(1600, 'only in 3.12 cutoff');

describe('a comparison’s columns across releases', () => {
  it('are each one column, however the link spells it, and link bare in the page’s release', () => {
    const columns = resolveColumns(
      [
        { id: 8279 },
        { id: 8279, release: shown },
        { id: 8279, release: { ...shown, systemModel: 'apos' } },
      ],
      shown,
    );
    expect(columns.map((column) => column.key)).toEqual(['8279@3.12/cutoff', '8279@3.12/apos']);
    expect(linkColumns(columns, shown)).toEqual([
      { id: 8279 },
      { id: 8279, release: { version: '3.12', systemModel: 'apos' } },
    ]);
    expect(isOlder(old, shown)).toBe(true);
    expect(isOlder({ version: '3.10', systemModel: 'apos' }, shown)).toBe(false);
    expect(isOlder(shown, old)).toBe(false);
  });

  it('follow each row’s indicator as the counterparts route says, never a silent gap', () => {
    const answer: IndicatorCounterparts = {
      version: '3.12',
      to: '3.10',
      system_model: 'cutoff',
      indicators: [
        {
          id: 1024,
          counterpart: {
            indicator: indicator(1111, 'climate change'),
            basis: 'renamed',
            differs: ['category'],
          },
          candidates: [],
        },
        {
          id: 1443,
          counterpart: { indicator: fossil, basis: 'same ID', differs: [] },
          candidates: [],
        },
        {
          id: 1500,
          counterpart: null,
          candidates: [
            {
              indicator: indicator(1112, 'climate change: direct land use change'),
              relation: 'same method and indicator, related category',
              differs: ['category'],
            },
          ],
        },
      ],
    };
    const rows = [total, fossil, landUse, gone];
    const followed = followIndicatorsIn(old, shown, rows, { data: answer });
    expect(followed.get(1024)).toMatchObject({ kind: 'counterpart', indicator: { id: 1111 } });
    expect(followed.get(1443)).toMatchObject({ kind: 'same', indicator: { id: 1443 } });
    expect(followed.get(1500)).toMatchObject({ kind: 'none' });
    expect(followed.get(1600)).toEqual({ kind: 'not listed' });
    // The page's own release: every row is itself, asked of nobody.
    expect([...followIndicatorsIn(shown, shown, rows, {}).values()].map((f) => f.kind)).toEqual([
      'same',
      'same',
      'same',
      'same',
    ]);
    expect(followIndicatorsIn(old, shown, rows, {}).get(1024)).toEqual({ kind: 'pending' });
    expect(followIndicatorsIn(old, shown, rows, { error: new Error('503') }).get(1024)).toEqual({
      kind: 'failed',
      message: '503',
    });
  });
});
