import { describe, expect, it } from 'vitest';
import type { ChangeRow, Changes } from './api/schemas';
import { changesPage, relatedRows } from './changes-list';
import { pageOfRows } from './paging';

const ref = (id: number, geography: string) => ({
  id,
  activity: 'cement production',
  product: 'cement',
  geography,
  unit: 'kg',
});
const row = (change: ChangeRow['change'], from: number | null, to: number | null): ChangeRow => ({
  change,
  from: from === null ? null : ref(from, `from ${from}`),
  to: to === null ? null : ref(to, `to ${to}`),
  how: null,
  basis: 'documentation',
  reports: [],
  share: null,
  fields: [],
  candidates: [],
  activity_type: 'ordinary transforming activity',
  isic_section: 'C - Manufacturing',
  sectors: ['Cement & concrete'],
});

describe('a page of the changes', () => {
  it('is the last page when asked past it, and the first when asked before it', () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    expect(pageOfRows(rows, 9)).toMatchObject({ page: 3, pages: 3, rows: rows.slice(200) });
    expect(pageOfRows(rows, 0)).toMatchObject({ page: 1, rows: rows.slice(0, 100) });
    expect(pageOfRows([], 1)).toEqual({ rows: [], page: 1, pages: 1 });
  });

  it('brings the other parts of a split and the other sources of a merge, from any page', () => {
    const splitA = row('split', 1, 11);
    const splitB = row('split', 1, 12);
    const mergedA = row('merged', 2, 20);
    const mergedB = row('merged', 3, 20);
    const other = row('moved', 4, 40);
    const all = [splitA, other, mergedA, splitB, mergedB, row('split', 5, 50)];
    expect(relatedRows(all, [splitA, mergedB])).toEqual([mergedA, splitB]);
    expect(relatedRows(all, [other])).toEqual([]);
  });

  it('counts the kinds within the other filters only when one narrows the list', () => {
    const changes: Extract<Changes, { status: 'ready' }> = {
      status: 'ready',
      from: '3.11',
      to: '3.12',
      system_model: 'cutoff',
      datasets: { from: 3, to: 3 },
      counts: {} as Extract<Changes, { status: 'ready' }>['counts'],
      unchanged: 0,
      reports: [],
      unmatched_entries: [],
      rows: [row('moved', 4, 40), { ...row('new', null, 41), sectors: ['Electricity'] }],
    };
    expect(changesPage(changes, { change: 'new' }, 1)).toMatchObject({
      matching: 1,
      total: 2,
      counts_within: null,
      ids: [41],
    });
    const narrowed = changesPage(changes, { sector: 'Electricity' }, 1);
    expect(narrowed.counts_within).toMatchObject({ new: 1, moved: 0 });
    expect(narrowed.facets.sectors).toEqual([
      { name: 'Cement & concrete', rows: 1 },
      { name: 'Electricity', rows: 1 },
    ]);
  });
});
