import { describe, expect, it } from 'vitest';
import { versionBefore, versionsWith } from './neighbours';

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
});
