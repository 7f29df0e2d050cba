import { describe, expect, it } from 'vitest';
import { groundTruth, type TruthRow } from './ground-truth';
import { DataStore } from './store';

// Full scale: the rates below are about the real sizes (the store is shared within the process).
const store = DataStore.forScale(1);

const truth = (from: string, to: string, model = 'cutoff'): TruthRow[] => {
  const rows = groundTruth(store, from, to, model);
  if (!rows) throw new Error(`no truth ${from} → ${to}`);
  return rows;
};
const count = (rows: readonly TruthRow[], kind: string) =>
  rows.filter((row) => row.kind === kind).length;

describe('the record of what changed between releases', () => {
  it('names every dataset of both releases, with its ID on each side', () => {
    for (const model of ['cutoff', 'apos', 'consequential']) {
      const rows = truth('3.11', '3.12', model);
      const before = store.view('3.11', model);
      const after = store.view('3.12', model);
      const fromIds = new Set(rows.flatMap((row) => (row.from_id === null ? [] : [row.from_id])));
      const toIds = new Set(rows.flatMap((row) => (row.to_id === null ? [] : [row.to_id])));
      expect(fromIds.size).toBe(before?.datasets.length);
      expect(toIds.size).toBe(after?.datasets.length);
    }
  });

  it('has every kind of change at the rates of demo-data-facts.md §5.2', () => {
    const rows = truth('3.11', '3.12');
    const sources = rows.filter((row) => row.from_id !== null).length;
    const share = (kind: string) => count(rows, kind) / sources;
    expect(share('removed')).toBeGreaterThan(0.004);
    expect(share('removed')).toBeLessThan(0.012);
    expect(share('renamed')).toBeGreaterThan(0.004);
    expect(share('moved')).toBeGreaterThan(0.003);
    expect(share('product-renamed')).toBeGreaterThan(0.001);
    expect(share('re-identified')).toBeGreaterThan(0.0005);
    expect(share('merged')).toBeGreaterThan(0.001);
    expect(share('split')).toBeGreaterThan(0.01);
    expect(share('updated')).toBeGreaterThan(0.15);
    expect(count(rows, 'new')).toBeGreaterThan(100);
    // Documentation edited while ID and names stay: every field the explorer compares.
    const kept = rows.filter((row) => row.kind === 'persisted' || row.kind === 'updated');
    for (const field of ['description', 'time_period', 'isic_class', 'sectors', 'unit'])
      expect(kept.some((row) => row.fields.includes(field as never))).toBe(true);
    // … including datasets whose scores were not updated.
    expect(
      kept.filter((row) => row.kind === 'persisted' && row.fields.length > 0).length,
    ).toBeGreaterThan(100);
  });

  it('keeps the ID where nothing but the documentation or the activity name changed', () => {
    for (const row of truth('3.11', '3.12')) {
      if (['persisted', 'updated', 'renamed'].includes(row.kind))
        expect(row.to_id).toBe(row.from_id);
      if (['moved', 'product-renamed', 're-identified', 'merged'].includes(row.kind))
        expect(row.to_id).not.toBe(row.from_id);
      if (row.kind === 'renamed') expect(row.fields).toContain('activity');
      if (row.kind !== 'split') expect(row.share).toBeNull();
      if (row.kind === 'moved') expect(row.fields).toContain('geography');
      if (row.kind === 'product-renamed') expect(row.fields).toContain('product');
      if (row.kind === 're-identified') {
        expect(row.fields).not.toContain('activity');
        expect(row.fields).not.toContain('product');
        expect(row.fields).not.toContain('geography');
      }
      if (row.kind === 'persisted' && row.steps.every((step) => step === 'persisted'))
        expect(row.fields.filter((f) => f === 'time_period')).toEqual([]);
    }
  });

  it('never keeps a dataset under its ID that it also merged or moved away', () => {
    for (const [from, to] of [
      ['3.10', '3.11'],
      ['3.11', '3.12'],
    ] as const) {
      const rows = truth(from, to);
      const keptIds = new Set(rows.filter((r) => r.from_id === r.to_id).map((r) => r.from_id));
      for (const row of rows)
        if (row.from_id !== row.to_id && keptIds.has(row.from_id)) expect(row.kind).toBe('split');
    }
  });

  it('records what share of a dataset each dataset it was split into takes', () => {
    for (const model of ['cutoff', 'consequential']) {
      const shares = new Map<number, number>();
      for (const row of truth('3.11', '3.12', model))
        if (row.kind === 'split' && row.from_id !== null)
          shares.set(row.from_id, (shares.get(row.from_id) ?? 0) + (row.share ?? 0));
      expect(shares.size).toBeGreaterThan(50);
      // What a split made is in the same system models as its source: the shares are whole.
      for (const total of shares.values()) expect(total).toBeCloseTo(1, 9);
    }
    // Across two releases the shares multiply, and still add up per source.
    const along = new Map<number, number>();
    for (const row of truth('3.10', '3.12'))
      if (row.share !== null && row.from_id !== null)
        along.set(row.from_id, (along.get(row.from_id) ?? 0) + row.share);
    for (const total of along.values()) expect(total).toBeLessThanOrEqual(1 + 1e-9);
  });

  it('renames a geography in place in 3.11: Turkey becomes Türkiye, the IDs kept', () => {
    const before = store.view('3.10', 'cutoff');
    const renamed = truth('3.10', '3.11').filter(
      (row) => row.kind === 'renamed' && row.fields.includes('geography'),
    );
    expect(renamed.length).toBeGreaterThan(10);
    for (const row of renamed) {
      expect(row.to_id).toBe(row.from_id);
      expect(before?.byId.get(row.from_id ?? 0)?.geography.display).toBe('Turkey (TR)');
      expect(store.view('3.11', 'cutoff')?.byId.get(row.to_id ?? 0)?.geography.display).toBe(
        'Türkiye (TR)',
      );
    }
  });

  it('follows datasets over two releases', () => {
    const rows = truth('3.10', '3.12');
    const first = store.view('3.10', 'cutoff');
    const last = store.view('3.12', 'cutoff');
    for (const row of rows) {
      // A dataset new in 3.12 or removed in 3.11 has one step; one kept in both, two.
      if (row.from_id !== null && row.to_id !== null) expect(row.steps.length).toBe(2);
      else expect(row.steps.length).toBeGreaterThanOrEqual(1);
      if (row.from_id !== null) expect(first?.byId.has(row.from_id)).toBe(true);
      if (row.to_id !== null) expect(last?.byId.has(row.to_id)).toBe(true);
    }
    expect(count(rows, 'removed')).toBeGreaterThan(count(truth('3.11', '3.12'), 'removed'));
  });

  it('refuses releases in the wrong order or unknown', () => {
    expect(groundTruth(store, '3.12', '3.11', 'cutoff')).toBeUndefined();
    expect(groundTruth(store, '3.11', '3.11', 'cutoff')).toBeUndefined();
    expect(groundTruth(store, '3.9', '3.12', 'cutoff')).toBeUndefined();
    expect(groundTruth(store, '3.11', '3.12', 'nope')).toBeUndefined();
  });
});
