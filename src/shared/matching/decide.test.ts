import { describe, expect, it } from 'vitest';
import { reportLabel, type ChangeReport, type ReportKey } from './change-report';
import { docDiff, textHash, toDoc, type DatasetDoc } from './dataset-doc';
import { decideAlong, decidePair, reverseDecision, type Decision } from './decide';
import { nearnessOf } from '../geographies/tree';
import { normaliseName, geographyCode } from './names';
import { ReleaseIndex } from './release-index';
import { resolveReport } from './report-match';
import { changeOf } from './verdict';

const GEO = {
  CH: { name: 'Switzerland (CH)', uuid: '11111111-0000-4000-8000-000000000001' },
  DE: { name: 'Germany (DE)', uuid: '11111111-0000-4000-8000-000000000002' },
  RoW: { name: 'Rest-of-World (RoW)', uuid: '11111111-0000-4000-8000-000000000003' },
  RER: { name: 'Europe (RER)', uuid: '11111111-0000-4000-8000-000000000004' },
  FR: { name: 'France (FR)', uuid: '11111111-0000-4000-8000-000000000005' },
  BD: { name: 'Bangladesh (BD)', uuid: '11111111-0000-4000-8000-000000000006' },
  'DE-BY': { name: 'Germany, Bavaria (DE-BY)', uuid: '11111111-0000-4000-8000-000000000007' },
};
type Geo = keyof typeof GEO;

/** A document with plausible values; `activity`, `product` and `geo` make its UUIDs. */
function doc(
  id: number,
  over: Partial<DatasetDoc> & { geo?: Geo; activityUuid?: string } = {},
): DatasetDoc {
  const { geo = 'CH', activityUuid, ...rest } = over;
  const activity = rest.activity ?? 'cement production, Portland';
  const product = rest.product ?? 'cement, Portland';
  const hex = (text: string) => textHash(text).toString(16).padStart(12, '0').slice(-12);
  return {
    id,
    activity,
    product,
    unit: 'kg',
    geography: GEO[geo].name,
    time_period: '2010-2023',
    activity_type: 'ordinary transforming activity',
    isic_class: '2394 - Manufacture of cement, lime and plaster',
    isic_section: 'C - Manufacturing',
    sectors: ['Cement & concrete'],
    description_hash: textHash('Cement production. Demo data.'),
    activity_spold_uuid: activityUuid ?? `aaaaaaaa-0000-4000-8000-${hex(`${activity}|${geo}`)}`,
    product_spold_uuid: `bbbbbbbb-0000-4000-8000-${hex(product)}`,
    geography_spold_uuid: GEO[geo].uuid,
    ...rest,
  };
}

const key = (d: DatasetDoc): ReportKey => ({
  name: d.activity ?? '',
  location: geographyCode(d.geography ?? ''),
  'reference product': d.product ?? '',
  unit: d.unit ?? '',
});
const report = (over: Partial<ChangeReport>): ChangeReport => ({
  name: 'ecoinvent-3.11-cutoff-ecoinvent-3.12-cutoff',
  replace: [],
  disaggregate: [],
  ...over,
});
const decide = (before: DatasetDoc[], after: DatasetDoc[], with_?: ChangeReport): Decision => {
  const a = new ReleaseIndex(before);
  const b = new ReleaseIndex(after);
  return decidePair(a, b, with_ && resolveReport(with_, { from: '3.11', to: '3.12' }, a, b));
};
const fateOf = (decision: Decision, id: number) => {
  const fate = decision.fates.get(id);
  if (!fate) throw new Error(`no fate for ${id}`);
  return fate;
};

describe('documentation alone names a successor only on conclusive evidence', () => {
  it('keeps a Dataset ID, saying which fields changed', () => {
    const same = fateOf(decide([doc(1)], [doc(1)]), 1);
    expect(same).toMatchObject({ verdict: 'unchanged', how: 'same ID', reports: [] });
    const after = doc(1, { time_period: '2010-2025', activity: 'cement production, CEM I' });
    const changed = fateOf(decide([doc(1)], [after]), 1);
    expect(changed.verdict).toBe('documentation changed');
    expect(changed.successors[0]?.fields).toEqual(['activity', 'time_period']);
    expect(changeOf(changed, changed.successors[0])).toBe('renamed');
  });

  it('finds a new ID by the same UUIDs, then by the same names', () => {
    const uuids = fateOf(
      decide([doc(1)], [doc(2, { activity: 'x', activityUuid: doc(1).activity_spold_uuid ?? '' })]),
      1,
    );
    expect(uuids).toMatchObject({ verdict: 'new ID', how: 'same UUIDs' });
    const names = fateOf(
      decide([doc(1)], [doc(2, { activity: ' Cement  production ,Portland', activityUuid: 'c' })]),
      1,
    );
    expect(names).toMatchObject({ verdict: 'new ID', how: 'same names' });
    expect(changeOf(names, names.successors[0])).toBe('renamed');
    expect(normaliseName('transport, lorry – EURO5')).toBe('transport, lorry - euro5');
  });

  it('never names a move, a product rename or a split: it ranks candidates with their reasons', () => {
    const moved = doc(10, { geo: 'RER' });
    const far = doc(11, { geo: 'BD' });
    const renamedProduct = doc(12, {
      product: 'cement, Portland, unspecified',
      activityUuid: doc(1).activity_spold_uuid ?? '',
    });
    const fate = fateOf(decide([doc(1)], [far, moved, renamedProduct]), 1);
    expect(fate.verdict).toBe('no certain successor');
    expect(fate.successors).toEqual([]);
    expect(fate.candidates.map((c) => [c.doc.id, c.relation, c.geography])).toEqual([
      [12, 'same activity, other product', 'same'],
      // CH lies within Europe: a move along the geography tree comes before a random one.
      [10, 'same activity and product, other geography', 'within'],
      [11, 'same activity and product, other geography', 'other'],
    ]);
  });

  it('ranks candidates nearest first: along the geography tree, then related, then unrelated', () => {
    // CH is gone; new datasets of its activity appeared far away, old ones remain nearby.
    const fate = fateOf(
      decide(
        [doc(1), doc(10, { geo: 'RER' }), doc(11, { geo: 'DE' })],
        [
          doc(10, { geo: 'RER' }),
          doc(11, { geo: 'DE' }),
          doc(20, { geo: 'BD' }),
          doc(21, { geo: 'DE-BY' }),
        ],
      ),
      1,
    );
    expect(fate.verdict).toBe('no certain successor');
    expect(fate.candidates.map((c) => [c.doc.id, c.geography, c.newInTarget])).toEqual([
      // Europe, which CH lies in, and Germany beside it, though neither is new …
      [10, 'within', false],
      [11, 'neighbour', false],
      // … then a region of Europe, then Bangladesh, new as they are.
      [21, 'other', true],
      [20, 'other', true],
    ]);
  });

  it('says how near geographies lie along the tree', () => {
    const near = (from: string, to: string) => {
      const { nearness, steps } = nearnessOf(from, to);
      return `${nearness} ${steps}`;
    };
    expect(near('US-ID', 'US-ID')).toBe('same 0');
    expect(near('US-ID', 'US')).toBe('along the tree 1');
    expect(near('US-ID', 'RNA')).toBe('along the tree 2');
    expect(near('US-ID', 'US-WA')).toBe('along the tree 2');
    expect(near('US-ID', 'GLO')).toBe('along the tree 3');
    expect(near('US-ID', 'RoW')).toBe('along the tree 4');
    expect(near('US-ID', 'CA')).toBe('related 3');
    expect(near('US-ID', 'NZ').split(' ')[0]).toBe('unrelated');
    expect(near('RER', 'RNA').split(' ')[0]).toBe('unrelated');
  });

  it('calls a dataset removed only when nothing near it is left', () => {
    const lone = fateOf(
      decide([doc(1)], [doc(5, { activity: 'lime production', product: 'lime' })]),
      1,
    );
    expect(lone.verdict).toBe('removed');
    const near = fateOf(decide([doc(1)], [doc(5, { geo: 'DE' })]), 1);
    expect(near.verdict).toBe('no certain successor');
  });

  it('says a new geography of an activity that persists may be split from the broader one', () => {
    const decision = decide(
      [doc(1, { geo: 'RoW' })],
      [doc(1, { geo: 'RoW' }), doc(2, { geo: 'FR' })],
    );
    const fate = fateOf(decision, 1);
    expect(fate.verdict).toBe('unchanged');
    expect(fate.candidates.map((c) => [c.doc.id, c.relation])).toEqual([[2, 'possible split']]);
    expect(decision.newDocs.map((n) => [n.doc.id, n.candidates.map((c) => c.doc.id)])).toEqual([
      [2, [1]],
    ]);
  });
});

describe('a change report is the authority for what it names', () => {
  const moved = doc(10, { geo: 'RER' });
  const renamed = doc(12, {
    geo: 'FR',
    product: 'cement, Portland, unspecified',
    activityUuid: doc(3).activity_spold_uuid ?? '',
  });

  it('names moves, renames and merges by names, location, product and unit, and says so', () => {
    const before = [doc(1), doc(2, { geo: 'DE' }), doc(3, { geo: 'FR' })];
    const after = [moved, renamed];
    const decision = decide(
      before,
      after,
      report({
        replace: [
          { source: key(doc(1)), target: key(moved) },
          { source: key(doc(2, { geo: 'DE' })), target: key(moved) },
          { source: key(doc(3, { geo: 'FR' })), target: key(renamed) },
        ],
      }),
    );
    expect(fateOf(decision, 1)).toMatchObject({
      verdict: 'merged',
      how: 'change report',
      reports: [reportLabel({ from: '3.11', to: '3.12' })],
    });
    expect(fateOf(decision, 1).successors.map((s) => s.doc.id)).toEqual([10]);
    expect(fateOf(decision, 2).verdict).toBe('merged');
    const rename = fateOf(decision, 3);
    expect(rename.verdict).toBe('new ID');
    expect(changeOf(rename, rename.successors[0])).toBe('renamed');
    expect(decision.origins.get(10)?.map((o) => o.doc.id)).toEqual([1, 2]);
  });

  it('splits one dataset into several with the shares the report gives', () => {
    const row = doc(1, { geo: 'RoW' });
    const after = [doc(1, { geo: 'RoW' }), doc(2, { geo: 'FR' }), doc(3, { geo: 'DE' })];
    const decision = decide(
      [row],
      after,
      report({
        disaggregate: [
          {
            source: key(row),
            targets: [
              { ...key(row), allocation: 0.9 },
              { ...key(doc(2, { geo: 'FR' })), allocation: 0.06 },
              { ...key(doc(3, { geo: 'DE' })), allocation: 0.04 },
            ],
          },
        ],
      }),
    );
    const fate = fateOf(decision, 1);
    expect(fate.verdict).toBe('split');
    expect(fate.successors.map((s) => [s.doc.id, s.share])).toEqual([
      [1, 0.9],
      [2, 0.06],
      [3, 0.04],
    ]);
    expect(decision.newDocs).toEqual([]);
    expect(fate.successors.map((s) => changeOf(fate, s))).toEqual(['split', 'split', 'split']);
  });

  it('lists an entry that names no dataset, and applies what it can of a split', () => {
    const row = doc(1, { geo: 'RoW' });
    const nowhere: ReportKey = { ...key(row), name: 'no such activity' };
    const resolved = resolveReport(
      report({
        replace: [{ source: nowhere, target: key(row) }],
        disaggregate: [
          {
            source: key(row),
            targets: [
              { ...key(row), allocation: 0.7 },
              { ...nowhere, location: 'FR', allocation: 0.3 },
            ],
          },
        ],
      }),
      { from: '3.11', to: '3.12' },
      new ReleaseIndex([row]),
      new ReleaseIndex([row]),
    );
    expect(resolved.entries).toBe(2);
    expect(resolved.applied).toBe(1);
    expect(resolved.unmatched.map((u) => [u.kind, u.reason])).toEqual([
      ['replace', 'no dataset of 3.11 is no such activity · cement, Portland · RoW · kg'],
      [
        'disaggregate',
        'applied in part: no dataset of 3.12 is no such activity · cement, Portland · FR · kg',
      ],
    ]);
    expect(resolved.links.get(1)?.targets.map((t) => t.share)).toEqual([0.7]);
  });
});

describe('across several releases', () => {
  // 3.10 → 3.11: RoW split into RoW and FR (report); 3.11 → 3.12: FR moved into Europe
  // (report) and RoW kept under its ID.
  const r10 = new ReleaseIndex([doc(1, { geo: 'RoW' })]);
  const r11 = new ReleaseIndex([doc(1, { geo: 'RoW' }), doc(2, { geo: 'FR' })]);
  const r12 = new ReleaseIndex([doc(1, { geo: 'RoW' }), doc(3, { geo: 'RER' })]);
  const first = decidePair(
    r10,
    r11,
    resolveReport(
      report({
        name: 'ecoinvent-3.10-cutoff-ecoinvent-3.11-cutoff',
        disaggregate: [
          {
            source: key(doc(1, { geo: 'RoW' })),
            targets: [
              { ...key(doc(1, { geo: 'RoW' })), allocation: 0.8 },
              { ...key(doc(2, { geo: 'FR' })), allocation: 0.2 },
            ],
          },
        ],
      }),
      { from: '3.10', to: '3.11' },
      r10,
      r11,
    ),
  );
  const second = decidePair(
    r11,
    r12,
    resolveReport(
      report({
        replace: [{ source: key(doc(2, { geo: 'FR' })), target: key(doc(3, { geo: 'RER' })) }],
      }),
      { from: '3.11', to: '3.12' },
      r11,
      r12,
    ),
  );

  it('follows each dataset step by step, shares multiplying, every report named', () => {
    const along = decideAlong(r10, r12, [first, second]);
    const fate = fateOf(along, 1);
    expect(fate.verdict).toBe('split');
    expect(fate.successors.map((s) => [s.doc.id, s.share])).toEqual([
      [1, 0.8],
      [3, 0.2],
    ]);
    expect(fate.reports).toEqual([
      reportLabel({ from: '3.10', to: '3.11' }),
      reportLabel({ from: '3.11', to: '3.12' }),
    ]);
    expect(along.newDocs).toEqual([]);
  });

  it('reads a decision backwards: each newer dataset to the ones it came from', () => {
    const back = reverseDecision(second, r11, r12);
    expect(fateOf(back, 3).successors.map((s) => s.doc.id)).toEqual([2]);
    expect(fateOf(back, 1).verdict).toBe('unchanged');
  });
});

describe('documents', () => {
  it('keep what the service left out as null, and compare sectors as a set', () => {
    const bare = toDoc({ id: 7, activity: null, sectors: ['b', 'a'] });
    expect(bare).toMatchObject({ id: 7, activity: null, product: null, description_hash: null });
    expect(docDiff(bare, { ...bare, sectors: ['a', 'b'] })).toEqual([]);
    expect(docDiff(bare, { ...bare, activity: 'x' })).toEqual(['activity']);
    expect(toDoc({ id: 1, activity_spold_uuid: 'AB-CD' }).activity_spold_uuid).toBe('ab-cd');
  });

  it('find datasets by names written with a geography code, name or display name', () => {
    const index = new ReleaseIndex([doc(1), doc(2, { geo: 'RoW' })]);
    for (const geography of ['CH', 'switzerland', 'Switzerland (CH)'])
      expect(
        index
          .withNames('Cement production, Portland', 'cement, portland', geography)
          .map((d) => d.id),
      ).toEqual([1]);
    expect(geographyCode('China, Anhui (安徽) (CN-AH)')).toBe('CN-AH');
    expect(
      index
        .withKey({
          name: 'cement production, Portland',
          location: 'RoW',
          product: 'cement, Portland',
          unit: 'KG',
        })
        .map((d) => d.id),
    ).toEqual([2]);
  });
});
