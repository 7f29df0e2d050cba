import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CandidateRef, SpoldRef, UpgradeResult } from '../../../../shared/api/schemas';
import type { DatasetSuccessors } from '../../../../shared/api/successors';
import { renderWithProviders } from '../../../testing/render';
import { loadedReport } from '../../../testing/report-step';
import { SuccessorsAnswer } from './what-it-became';

const here = { version: '3.12', systemModel: 'cutoff' };
const ref = (id: number, geography: string, activity = 'adipic acid production'): SpoldRef => ({
  id,
  activity,
  product: 'adipic acid',
  geography,
  unit: 'kg',
  activity_spold_uuid: `aaaaaaaa-0000-4000-8000-${String(id).padStart(12, '0')}`,
  product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
});
const adipic = ref(534, 'Europe (RER)');

const result = (over: Partial<UpgradeResult>): UpgradeResult => ({
  line: 1,
  verdict: 'new ID',
  change: 're-identified',
  source: adipic,
  target: null,
  successors: [],
  how: 'none',
  basis: 'documentation',
  reports: [],
  fields: [],
  candidates: [],
  ...over,
});

const answer = (
  over: Partial<UpgradeResult>,
  steps = [loadedReport('3.10', '3.11'), loadedReport('3.11', '3.12')],
): Extract<DatasetSuccessors, { status: 'ready' }> => ({
  status: 'ready',
  key: '534',
  version: '3.12',
  system_model: 'cutoff',
  found_in: [
    { version: '3.10', system_model: 'cutoff' },
    { version: '3.10', system_model: 'apos' },
  ],
  from: '3.10',
  result: result(over),
  reports: steps,
});

function show(value: DatasetSuccessors, key = '534') {
  return renderWithProviders(
    <SuccessorsAnswer answer={value} lookupKey={key} release={here} ind={[882]} />,
  );
}

/** Each row of a table as its cells' text. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

const candidate = (dataset: SpoldRef, over: Partial<CandidateRef> = {}): CandidateRef => ({
  dataset,
  relation: 'same activity and product, other geography',
  geography: 'within',
  new_in_target: true,
  ...over,
});

describe('what a dataset of another release became here', () => {
  it('a split: every successor with its share and link, named by the change report', () => {
    const parts = [
      [19604, 'Rest of Europe (RER w/o DE+NL+NO)', 0.3669],
      [19605, 'Türkiye (TR)', 0.0437],
      [19606, 'Lithuania (LT)', 0.513],
    ] as const;
    show(
      answer({
        verdict: 'split',
        change: 'split',
        how: 'change report',
        basis: 'change report',
        reports: ['ecoinvent change report 3.10 → 3.11'],
        target: ref(19606, 'Lithuania (LT)'),
        successors: parts.map(([id, geography, share]) => ({
          dataset: ref(id, geography),
          share,
          fields: ['geography'],
        })),
      }),
    );
    expect(screen.getByRole('heading', { name: 'What it became in 3.12' })).toBeVisible();
    expect(screen.getByText('split')).toBeVisible();
    expect(screen.getByText('Source: ecoinvent change report 3.10 → 3.11')).toBeVisible();
    expect(rowsOf('What Dataset 534 of 3.10 became in 3.12')).toEqual([
      [
        '19604',
        'adipic acid production',
        'Rest of Europe (RER w/o DE+NL+NO)',
        '36.69 %',
        'Geography',
      ],
      ['19605', 'adipic acid production', 'Türkiye (TR)', '4.37 %', 'Geography'],
      ['19606', 'adipic acid production', 'Lithuania (LT)', '51.3 %', 'Geography'],
    ]);
    expect(screen.getByRole('link', { name: '19605' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/19605?ind=882',
    );
    // Its history and the check for a whole list, from the release it comes from.
    expect(screen.getByRole('link', { name: 'Dataset 534 across releases' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/534/history?ind=882',
    );
    expect(
      screen.getByRole('link', { name: 'Check a whole list from 3.10 against 3.12' }),
    ).toHaveAttribute('href', '/3.12/cutoff/upgrade?from=3.10&ids=534&ind=882');
  });

  it('a move inferred from documentation: the one successor, whole, and the evidence', () => {
    show(
      answer(
        {
          verdict: 'new ID',
          change: 'moved',
          how: 'same UUIDs',
          successors: [
            {
              dataset: ref(20001, 'Europe without Switzerland'),
              share: null,
              fields: ['geography'],
            },
          ],
        },
        [],
      ),
    );
    expect(screen.getByText('moved')).toBeVisible();
    expect(screen.getByText('It went to another geography.')).toBeVisible();
    expect(
      screen.getByText('Source: inferred from documentation (same Spold UUIDs)'),
    ).toBeVisible();
    expect(rowsOf('What Dataset 534 of 3.10 became in 3.12')).toEqual([
      ['20001', 'adipic acid production', 'Europe without Switzerland', 'whole', 'Geography'],
    ]);
  });

  it('a merge: the dataset it went into, and the report that says so', () => {
    show(
      answer({
        verdict: 'merged',
        change: 'merged',
        how: 'change report',
        basis: 'change report',
        reports: ['ecoinvent change report 3.11 → 3.12'],
        successors: [
          {
            dataset: ref(30002, 'Europe (RER)', 'adipic acid production, mixed'),
            share: null,
            fields: ['activity'],
          },
        ],
      }),
    );
    expect(screen.getByText('merged')).toBeVisible();
    expect(screen.getByText('It and others became one dataset.')).toBeVisible();
    expect(screen.getByText('Source: ecoinvent change report 3.11 → 3.12')).toBeVisible();
    expect(rowsOf('What Dataset 534 of 3.10 became in 3.12')).toEqual([
      ['30002', 'adipic acid production, mixed', 'Europe (RER)', 'whole', 'Activity'],
    ]);
  });

  it('removed: says nothing is near it, and names the reports that leave it out', () => {
    show(answer({ verdict: 'removed', change: 'removed' }));
    expect(screen.getByText('removed')).toBeVisible();
    expect(screen.getByText('No dataset of 3.12 is near it.')).toBeVisible();
    expect(
      screen.getByText(
        'Source: Not named by ecoinvent change report 3.10 → 3.11 or ecoinvent change report 3.11 → 3.12; inferred from documentation',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('no certain successor: the candidates ranked, each with its reason and link', () => {
    show(
      answer({
        verdict: 'no certain successor',
        change: 'no certain successor',
        candidates: [
          candidate(ref(41001, 'Germany (DE)')),
          candidate(ref(41002, 'Global (GLO)'), { geography: 'world', new_in_target: false }),
        ],
      }),
    );
    expect(screen.getByText('no certain successor')).toBeVisible();
    expect(
      screen.getByText(
        'Source: Not named by ecoinvent change report 3.10 → 3.11 or ecoinvent change report 3.11 → 3.12; candidates inferred from documentation',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: /became in/ })).toBeNull();
    expect(rowsOf('Candidates in 3.12, nearest first')).toEqual([
      [
        '41001',
        'adipic acid production',
        'Germany (DE)',
        'same activity and product, other geography, a broader geography, new',
      ],
      [
        '41002',
        'adipic acid production',
        'Global (GLO)',
        'same activity and product, other geography, RoW ↔ GLO',
      ],
    ]);
    expect(screen.getByRole('link', { name: '41002' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/datasets/41002?ind=882',
    );
  });

  it('while the releases are read: where it was found, what it is followed from, how far', () => {
    show({
      status: 'building',
      done: 1200,
      total: 4000,
      from: '3.10',
      found_in: [{ version: '3.10', system_model: 'cutoff' }],
    });
    expect(screen.getByText(/Following it from 3\.10 to 3\.12/)).toBeVisible();
    expect(screen.getByText('Reading 3.10 to 3.12: 1,200 of 4,000 datasets')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Reading 3.10 to 3.12' })).toBeVisible();
    expect(screen.getByRole('link', { name: '3.10 · cutoff' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/534?ind=882',
    );
    expect(screen.queryByRole('heading', { name: /What it became/ })).toBeNull();
  });

  it('a file name: the releases that have it open its lookup there', () => {
    const file = `${adipic.activity_spold_uuid ?? ''}_${adipic.product_spold_uuid ?? ''}.spold`;
    show({ ...answer({ verdict: 'removed', change: 'removed' }), key: file }, file);
    expect(screen.getByRole('link', { name: '3.10 · apos' })).toHaveAttribute(
      'href',
      `/3.10/apos/lookup/${encodeURIComponent(file)}?ind=882`,
    );
  });

  it('a key only other system models have: nothing to follow here, and where it is', () => {
    show({
      status: 'ready',
      key: '534',
      version: '3.12',
      system_model: 'cutoff',
      found_in: [{ version: '3.12', system_model: 'apos' }],
      from: null,
      result: null,
      reports: [],
    });
    expect(
      screen.getByText(
        'No other release of cutoff has it, so nothing in 3.12 can be followed from it.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '3.12 · apos' })).toBeVisible();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('a key no release has: says so, and follows nothing', () => {
    show({
      status: 'ready',
      key: '534',
      version: '3.12',
      system_model: 'cutoff',
      found_in: [],
      from: null,
      result: null,
      reports: [],
    });
    expect(screen.getByText('No other release in your licence has it either.')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a UUID naming several datasets of its release: each to check, all at once', () => {
    show(
      {
        ...answer({
          verdict: 'several in source',
          change: 'several in source',
          source: null,
          candidates: [
            candidate(ref(534, 'Europe (RER)'), { relation: 'same UUIDs', geography: 'same' }),
            candidate(ref(535, 'Global (GLO)'), { relation: 'same UUIDs', geography: 'same' }),
          ],
        }),
        key: 'bbbbbbbb-0000-4000-8000-000000000001',
      },
      'bbbbbbbb-0000-4000-8000-000000000001',
    );
    expect(screen.getByText('Releases that have it as an activity or product UUID:')).toBeVisible();
    expect(screen.getByRole('link', { name: 'check them against 3.12' })).toHaveAttribute(
      'href',
      '/3.12/cutoff/upgrade?from=3.10&ids=534,535&ind=882',
    );
    expect(screen.getByRole('link', { name: '535' })).toHaveAttribute(
      'href',
      '/3.10/cutoff/datasets/535?ind=882',
    );
    expect(screen.queryByText(/^Source:/)).toBeNull();
  });
});
