import { describe, expect, it } from 'vitest';
import { comparedRelease, versionBefore, versionsWith } from './neighbours';

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
  it('lists the versions of a system model newest first, 3.10 after 3.9.1', () => {
    expect(versionsWith(releases, 'cutoff')).toEqual(['3.12', '3.11', '3.10', '3.9.1']);
    expect(versionsWith(releases, 'apos')).toEqual(['3.12', '3.10']);
  });

  it('compares with the release just before in the same system model, none for the oldest', () => {
    expect(versionBefore(releases, { version: '3.12', systemModel: 'cutoff' })).toBe('3.11');
    expect(versionBefore(releases, { version: '3.12', systemModel: 'apos' })).toBe('3.10');
    expect(versionBefore(releases, { version: '3.9.1', systemModel: 'cutoff' })).toBeUndefined();
  });

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
});
