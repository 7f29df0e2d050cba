import { describe, expect, it } from 'vitest';
import { compareVersions, releaseBefore, versionsWith } from './versions';

describe('release ordering', () => {
  it('orders release names numerically, part by part', () => {
    expect(['3.9', '3.10', '3.12', '3.11', '3.9.1'].sort(compareVersions)).toEqual([
      '3.9',
      '3.9.1',
      '3.10',
      '3.11',
      '3.12',
    ]);
  });

  it('puts a suffixed release after its base', () => {
    expect(compareVersions('3.12-sandbox', '3.12')).toBeGreaterThan(0);
  });
});

describe('releases beside this one', () => {
  // As /versions lists them, in no particular order.
  const releases = [
    { version: '3.9.1', system_models: ['cutoff'] },
    { version: '3.12', system_models: ['cutoff', 'apos'] },
    { version: '3.10', system_models: ['cutoff', 'apos'] },
    { version: '3.11', system_models: ['cutoff'] },
  ];

  it('lists the versions of a system model newest first, 3.10 after 3.9.1', () => {
    expect(versionsWith(releases, 'cutoff')).toEqual(['3.12', '3.11', '3.10', '3.9.1']);
    expect(versionsWith(releases, 'apos')).toEqual(['3.12', '3.10']);
  });

  it('compares with the release just before in the same system model, none for the oldest', () => {
    expect(releaseBefore(releases, { version: '3.12', systemModel: 'cutoff' })?.version).toBe(
      '3.11',
    );
    expect(releaseBefore(releases, { version: '3.12', systemModel: 'apos' })?.version).toBe('3.10');
    expect(releaseBefore(releases, { version: '3.9.1', systemModel: 'cutoff' })).toBeUndefined();
  });
});
