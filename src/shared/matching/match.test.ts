import { describe, expect, it } from 'vitest';
import { docDiff, textHash, toDoc, type DatasetDoc } from './dataset-doc';
import { follow, matchAlong } from './follow';
import { matchDataset, matchReleases } from './match';
import { normaliseName } from './names';
import { ReleaseIndex } from './release-index';
import { changeOf, verdictOf } from './verdict';

const GEO = {
  CH: { name: 'Switzerland (CH)', uuid: '11111111-0000-4000-8000-000000000001' },
  DE: { name: 'Germany (DE)', uuid: '11111111-0000-4000-8000-000000000002' },
  RoW: { name: 'Rest-of-World (RoW)', uuid: '11111111-0000-4000-8000-000000000003' },
};

/** A document with plausible values; `activity`, `product` and `geo` make its UUIDs. */
function doc(
  id: number,
  over: Partial<DatasetDoc> & { geo?: keyof typeof GEO; activityUuid?: string } = {},
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

const releases = (before: DatasetDoc[], after: DatasetDoc[]) => ({
  a: new ReleaseIndex(before),
  b: new ReleaseIndex(after),
});
const matchOf = (before: DatasetDoc[], after: DatasetDoc[], id: number) => {
  const { a, b } = releases(before, after);
  const match = matchReleases(a, b).matches.get(id);
  if (!match) throw new Error(`no match for ${id}`);
  return match;
};

describe('matching by Dataset ID', () => {
  it('finds the same ID, unchanged', () => {
    const match = matchOf([doc(1)], [doc(1)], 1);
    expect(match).toMatchObject({ how: 'same ID', fields: [], candidates: [] });
    expect(match.target?.id).toBe(1);
    expect(verdictOf(match)).toBe('unchanged');
    expect(changeOf(match)).toBeNull();
  });

  it('says which documentation fields changed', () => {
    const after = doc(1, {
      time_period: '2010-2025',
      sectors: ['Cement & concrete', 'Construction'],
      isic_class: '2395 - Manufacture of articles of concrete, cement and plaster',
      unit: 'm3',
      description_hash: textHash('Rewritten. Demo data.'),
    });
    const match = matchOf([doc(1)], [after], 1);
    expect(match.fields).toEqual(['unit', 'time_period', 'isic_class', 'sectors', 'description']);
    expect(verdictOf(match)).toBe('documentation changed');
    expect(changeOf(match)).toBe('documentation changed');
  });

  it('calls a new activity name with the same ID a rename, and a new geography a move', () => {
    const renamed = matchOf([doc(1)], [doc(1, { activity: 'cement production, CEM I' })], 1);
    expect(renamed.how).toBe('same ID');
    expect(renamed.fields).toContain('activity');
    expect(changeOf(renamed)).toBe('renamed');
    expect(verdictOf(renamed)).toBe('documentation changed');
    const moved = matchOf([doc(1)], [doc(1, { geo: 'DE' })], 1);
    expect(changeOf(moved)).toBe('moved');
  });
});

describe('matching a dataset whose ID changed', () => {
  it('finds it by activity UUID, product UUID and geography', () => {
    const match = matchOf(
      [doc(1)],
      [
        doc(2, {
          activity: 'cement production (renamed)',
          activityUuid: doc(1).activity_spold_uuid ?? '',
        }),
      ],
      1,
    );
    expect(match).toMatchObject({ how: 'same UUIDs', relation: 'same UUIDs' });
    expect(match.target?.id).toBe(2);
    expect(verdictOf(match)).toBe('new ID');
  });

  it('then by names, ignoring case, spacing, dashes and quotes', () => {
    const after = doc(2, {
      activity: '  Cement  production ,Portland',
      activityUuid: 'cccccccc-0000-4000-8000-000000000000',
    });
    const match = matchOf([doc(1)], [after], 1);
    expect(match).toMatchObject({ how: 'same names', relation: 'same names' });
    expect(changeOf(match)).toBe('renamed');
    const exact = matchOf(
      [doc(1)],
      [doc(2, { activityUuid: 'cccccccc-0000-4000-8000-000000000000' })],
      1,
    );
    expect(changeOf(exact)).toBe('re-identified');
    expect(normaliseName('transport, lorry – EURO5')).toBe('transport, lorry - euro5');
    expect(normaliseName('EURO5')).not.toBe(normaliseName('EURO 5'));
  });

  it('lists several candidates when more than one dataset has the same UUIDs or names', () => {
    const other = 'cccccccc-0000-4000-8000-000000000000';
    const match = matchOf(
      [doc(1)],
      [doc(2, { activityUuid: other }), doc(3, { activityUuid: `${other.slice(0, -1)}1` })],
      1,
    );
    expect(match.how).toBe('several candidates');
    expect(match.candidates.map((c) => [c.doc.id, c.relation])).toEqual([
      [2, 'same names'],
      [3, 'same names'],
    ]);
    expect(verdictOf(match)).toBe('several candidates');
    expect(changeOf(match)).toBe('removed');
  });

  it('never takes a dataset that kept its own ID for another one', () => {
    // 2 exists in both releases: it is 2's, even though it now has 1's names.
    const match = matchOf(
      [doc(1), doc(2, { activity: 'clinker production' })],
      [doc(2, { activityUuid: 'cccccccc-0000-4000-8000-000000000000' })],
      1,
    );
    expect(match.how).toBe('none');
    expect(match.candidates.map((c) => [c.doc.id, c.relation, c.newInTarget])).toEqual([
      [2, 'same names', false],
    ]);
  });
});

describe('a dataset the target does not have', () => {
  const gone = doc(1);
  const productRenamed = doc(10, {
    product: 'cement, Portland, unspecified',
    activityUuid: gone.activity_spold_uuid ?? '',
  });
  const moved = doc(11, { geo: 'RoW' });
  const sameProduct = doc(12, { activity: 'cement production, alternative fuels' });

  it('lists the nearest datasets, new ones first, saying how each relates', () => {
    const kept = doc(5, { geo: 'DE' });
    const { a, b } = releases([gone, kept], [kept, productRenamed, moved, sameProduct]);
    const match = matchDataset(gone, a, b);
    expect(match.how).toBe('none');
    expect(match.candidates.map((c) => [c.doc.id, c.relation, c.newInTarget])).toEqual([
      [10, 'same activity, other product', true],
      [11, 'same activity and product, other geography', true],
      [12, 'same product and geography, other activity', true],
      [5, 'same activity and product, other geography', false],
    ]);
  });

  it('takes the only new dataset with its activity and another product as its successor', () => {
    const match = matchOf([gone], [productRenamed, sameProduct], 1);
    expect(match).toMatchObject({
      how: 'likely successor',
      relation: 'same activity, other product',
    });
    expect(match.target?.id).toBe(10);
    expect(match.fields).toEqual(['product']);
    expect(verdictOf(match)).toBe('new ID');
    expect(changeOf(match)).toBe('renamed');
  });

  it('takes the only new dataset of its activity and product elsewhere as moved', () => {
    const match = matchOf([gone], [moved], 1);
    expect(match).toMatchObject({
      how: 'likely successor',
      relation: 'same activity and product, other geography',
    });
    expect(changeOf(match)).toBe('moved');
    // Another geography is too weak a tie to take as the new ID: the user chooses.
    expect(verdictOf(match)).toBe('gone');
  });

  it('prefers the kept activity with another product to the other geography', () => {
    const match = matchOf([gone], [productRenamed, moved], 1);
    expect(match.how).toBe('likely successor');
    expect(match.target?.id).toBe(10);
  });

  it('is gone when two new datasets could be its successor, or another activity only', () => {
    const otherProduct = doc(13, {
      product: 'cement, CEM I',
      activityUuid: productRenamed.activity_spold_uuid ?? '',
    });
    expect(matchOf([gone], [productRenamed, otherProduct], 1).how).toBe('none');
    expect(matchOf([gone], [moved, doc(14, { geo: 'DE' })], 1).how).toBe('none');
    const only = matchOf([gone], [sameProduct], 1);
    expect(only.how).toBe('none');
    expect(verdictOf(only)).toBe('gone');
    expect(changeOf(only)).toBe('removed');
  });

  it('is gone when another dataset claims the same successor, or it was matched exactly', () => {
    const twin = doc(2, { geo: 'DE' });
    // Both CH and DE are gone; the RoW dataset could be either's: it is neither's.
    expect(matchOf([gone, twin], [moved], 1).how).toBe('none');
    // A merge: 1 and 2 became 20, which has 1's names; 2 does not claim it too.
    const merged = doc(20, { activityUuid: 'cccccccc-0000-4000-8000-000000000000' });
    const { a, b } = releases([gone, twin], [merged]);
    const result = matchReleases(a, b);
    expect(result.matches.get(1)?.how).toBe('same names');
    expect(result.matches.get(2)?.how).toBe('none');
    expect(result.matches.get(2)?.candidates.map((c) => c.doc.id)).toEqual([20]);
  });

  it('leaves the datasets nothing became as new in the target', () => {
    const { a, b } = releases(
      [gone, doc(5, { geo: 'DE' })],
      [doc(5, { geo: 'DE' }), moved, doc(30, { activity: 'lime production' })],
    );
    expect(matchReleases(a, b).unmatched.map((d) => d.id)).toEqual([30]);
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
    expect(
      index.withNames('cement production, Portland', 'cement, Portland', 'row').map((d) => d.id),
    ).toEqual([2]);
    expect(index.withNames('cement production, Portland', 'cement, Portland', 'FR')).toEqual([]);
  });
});

describe('following a dataset through the releases between', () => {
  // 3.10 and 3.11: the dataset (1) in CH and another of its activity in DE (2). 3.12: 1 moved
  // to RoW under a new ID (10); 2 kept.
  const r310 = new ReleaseIndex([doc(1), doc(2, { geo: 'DE' })]);
  const r311 = new ReleaseIndex([doc(1), doc(2, { geo: 'DE' })]);
  const r312 = new ReleaseIndex([doc(10, { geo: 'RoW' }), doc(2, { geo: 'DE' })]);
  const pairs = new Map<string, ReturnType<typeof matchReleases>>();
  const names = new Map([
    [r310, '3.10'],
    [r311, '3.11'],
    [r312, '3.12'],
  ]);
  const pair = (a: ReleaseIndex, b: ReleaseIndex) => {
    const key = `${names.get(a) ?? ''}>${names.get(b) ?? ''}`;
    const known = pairs.get(key) ?? matchReleases(a, b);
    pairs.set(key, known);
    return known;
  };

  it('finds in each release what the one before became, the loosest step naming how', () => {
    const [in311, in312] = follow(doc(1), r310, [r311, r312], pair);
    expect(in311).toMatchObject({ how: 'same ID', target: { id: 1 }, fields: [] });
    expect(in312).toMatchObject({
      how: 'likely successor',
      relation: 'same activity and product, other geography',
      target: { id: 10 },
      fields: ['geography'],
    });
    // The successor stays offered first, for a verdict that leaves the choice open.
    expect(in312?.candidates[0]?.doc.id).toBe(10);
  });

  it('matches a whole release along the way, the datasets none became being new', () => {
    const along = matchAlong([r310, r311, r312], (index) => index.docs, pair);
    expect(along.matches.get(1)?.target?.id).toBe(10);
    expect(along.matches.get(2)).toMatchObject({ how: 'same ID', target: { id: 2 } });
    expect(along.unmatched).toEqual([]);
    // Two releases are their pair.
    expect(matchAlong([r310, r312], (index) => index.docs, pair)).toBe(pair(r310, r312));
  });

  it('matches directly where a step finds nothing, and follows on from there', () => {
    const gone = new ReleaseIndex([doc(2, { geo: 'DE' })]);
    names.set(gone, 'gap');
    const [inGap, in312] = follow(doc(1), r310, [gone, r312], pair);
    expect(inGap).toMatchObject({ how: 'none', target: null });
    expect(in312).toMatchObject({ how: 'likely successor', target: { id: 10 } });
  });
});
