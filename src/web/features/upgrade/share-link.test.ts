import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../../shared/api/routes';
import { parseDatasetList } from '../../../shared/dataset-list';
import { paths } from '../../config/paths';
import { searches } from '../../config/routes';
import {
  MAX_SHARED_IDS,
  picksFromParam,
  picksParam,
  shareableIds,
  sharedListText,
  shownChanges,
  standingPicks,
} from './share-link';
import { check } from '../../testing/upgrade-check';

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
