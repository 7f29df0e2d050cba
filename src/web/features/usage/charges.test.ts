import { describe, expect, it } from 'vitest';
import type { Charge, Usage } from '../../../shared/api/schemas';
import {
  askedInSeveralReleases,
  chargeChoices,
  chargesTable,
  chargeSource,
  filterCharges,
  NO_NAMES,
} from './charges';

const charge = (over: Partial<Charge>): Charge => ({
  at: '2026-03-02T10:00:00.000Z',
  user: 'u-self',
  mine: true,
  newUser: false,
  datasets: [],
  maybe: null,
  indicators: [],
  release: { version: '3.12', system_model: 'cutoff' },
  page: 'dataset',
  client: 'browser',
  ...over,
});

const charges: Charge[] = [
  charge({ datasets: [8279], indicators: [882], page: 'compare' }),
  charge({ datasets: [2989], client: 'program', page: 'other' }),
  charge({
    user: 'u-other',
    mine: false,
    datasets: [8279, 17],
    release: { version: '3.11', system_model: 'apos' },
    page: 'history',
  }),
  charge({
    maybe: { datasets: [40, 41, 42], count: 2 },
    release: null,
    client: 'unknown',
    page: 'other',
  }),
];

describe('the usage page’s charges', () => {
  it('keeps the charges of a user, a dataset (an unconfirmed one too) and a release', () => {
    const ids = (kept: Charge[]) => kept.map((c) => charges.indexOf(c));
    const any = { user: '', dataset: undefined, release: '' };
    expect(ids(filterCharges(charges, any))).toEqual([0, 1, 2, 3]);
    expect(ids(filterCharges(charges, { ...any, user: 'mine' }))).toEqual([0, 1, 3]);
    expect(ids(filterCharges(charges, { ...any, user: 'u-other' }))).toEqual([2]);
    expect(ids(filterCharges(charges, { ...any, dataset: 8279 }))).toEqual([0, 2]);
    expect(ids(filterCharges(charges, { ...any, dataset: 41 }))).toEqual([3]);
    expect(ids(filterCharges(charges, { ...any, release: '3.11 apos' }))).toEqual([2]);
    expect(ids(filterCharges(charges, { ...any, release: '3.12 cutoff', dataset: 17 }))).toEqual(
      [],
    );
  });

  it('says where a charge came from: a page, or a script', () => {
    expect(charges.map(chargeSource)).toEqual([
      'Compare',
      'from a script',
      'Across releases',
      'not recorded',
    ]);
  });

  it('offers the releases and other users the charges name', () => {
    expect(chargeChoices(charges)).toEqual({
      releases: ['3.12 cutoff', '3.11 apos'],
      users: ['u-other'],
    });
  });

  it('exports a row per thing added, IDs as numbers with names, unconfirmed ones as such', () => {
    const table = chargesTable(charges, {
      dataset: (release, id) =>
        release === '3.12 cutoff' && id === 8279 ? 'tap water, CH' : undefined,
      indicator: (_, id) => (id === 882 ? 'IPCC 2021 › climate change › GWP100' : undefined),
    });
    expect(table.header).toEqual([
      'at',
      'user',
      'from',
      'version',
      'system_model',
      'kind',
      'id',
      'name',
      'status',
      'note',
    ]);
    expect(table.rows.slice(0, 2)).toEqual([
      [
        '2026-03-02T10:00:00.000Z',
        'you',
        'Compare',
        '3.12',
        'cutoff',
        'dataset',
        8279,
        'tap water, CH',
        'charged',
        null,
      ],
      [
        '2026-03-02T10:00:00.000Z',
        'you',
        'Compare',
        '3.12',
        'cutoff',
        'indicator',
        882,
        'IPCC 2021 › climate change › GWP100',
        'charged',
        null,
      ],
    ]);
    const unconfirmed = table.rows.filter((row) => row[8] === 'unconfirmed');
    expect(unconfirmed.map((row) => row[6])).toEqual([40, 41, 42]);
    expect(unconfirmed[0]?.[9]).toBe('at most 2 of these 3 charged');
    // The other user's charge names them by their label, never as "you".
    expect(chargesTable([charges[2] as Charge], NO_NAMES).rows[0]?.[1]).toBe('u-other');
  });
});

describe('datasets asked for in more than one release', () => {
  it('names each with its releases, and how many more the bill would count if billed in each', () => {
    const served = (version: string, system_model: string, datasets: number[]) => ({
      version,
      system_model,
      datasets,
    });
    const usage = {
      charged: {
        datasets: [1, 2, 3],
        indicators: [882],
        user: true,
        releases: [
          served('3.10', 'cutoff', [1]),
          served('3.11', 'cutoff', [1, 2]),
          served('3.12', 'cutoff', [1, 2, 3]),
        ],
      },
    } as unknown as Usage;
    expect(askedInSeveralReleases(usage)).toEqual({
      datasets: [
        { id: 1, releases: ['3.10 cutoff', '3.11 cutoff', '3.12 cutoff'] },
        { id: 2, releases: ['3.11 cutoff', '3.12 cutoff'] },
      ],
      upTo: 3,
    });
  });
});
