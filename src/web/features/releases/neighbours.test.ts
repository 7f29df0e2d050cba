import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../shared/versions';
import { comparedRelease } from './neighbours';

const releases = [
  { version: '3.9.1', system_models: ['cutoff'], release_date: null, kind: 'release' as const },
  {
    version: '3.12',
    system_models: ['cutoff', 'apos'],
    release_date: null,
    kind: 'release' as const,
  },
  {
    version: '3.10',
    system_models: ['cutoff', 'apos'],
    release_date: null,
    kind: 'release' as const,
  },
  { version: '3.11', system_models: ['cutoff'], release_date: null, kind: 'release' as const },
];

describe('releases beside this one', () => {
  it('uses the release in the link only when the licence has it in this system model', () => {
    const apos = { version: '3.12', systemModel: 'apos' };
    expect(comparedRelease(releases, apos, undefined)).toEqual({
      others: ['3.10'],
      from: '3.10',
      usable: true,
    });
    expect(comparedRelease(releases, apos, '3.11')).toMatchObject({ from: '3.11', usable: false });
    expect(comparedRelease(releases, apos, '3.12')).toMatchObject({ from: '3.12', usable: false });
    expect(
      comparedRelease(releases, { version: '3.9.1', systemModel: 'cutoff' }, undefined),
    ).toMatchObject({ from: undefined, usable: false });
  });

  it('compares with the release just before, whatever order the licence lists them in', () => {
    const newestFirst = [...releases].sort((a, b) => compareVersions(b.version, a.version));
    const oldestFirst = [...newestFirst].reverse();
    for (const listing of [newestFirst, oldestFirst, releases])
      expect(
        comparedRelease(listing, { version: '3.12', systemModel: 'cutoff' }, undefined),
      ).toEqual({ others: ['3.11', '3.10', '3.9.1'], from: '3.11', usable: true });
  });
});
