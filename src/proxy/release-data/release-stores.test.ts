import { describe, expect, it } from 'vitest';
import { ReleaseStores } from './release-stores';

describe('ReleaseStores', () => {
  const empty = { sectors: [] as string[] };

  it('builds once for concurrent askers, reports progress, then answers ready', async () => {
    let builds = 0;
    let finish: (value: typeof empty) => void = () => undefined;
    let report: (done: number, total: number) => void = () => undefined;
    const indexes = new ReleaseStores<string, typeof empty>((_release, _who, progress) => {
      builds++;
      report = progress;
      return new Promise((resolve) => (finish = resolve));
    });
    expect(indexes.get('3.12\ncutoff', 'alice')).toEqual({
      status: 'building',
      done: 0,
      total: 0,
    });
    expect(indexes.ready('3.12\ncutoff', 'bob')).toBeUndefined();
    report(40, 100);
    expect(indexes.get('3.12\ncutoff', 'bob')).toEqual({
      status: 'building',
      done: 40,
      total: 100,
    });
    finish({ sectors: ['Electricity'] });
    await Promise.resolve();
    await Promise.resolve();
    expect(indexes.get('3.12\ncutoff', 'alice')).toEqual({
      status: 'ready',
      value: { sectors: ['Electricity'] },
    });
    expect(builds).toBe(1);
  });

  it('reports a failed build once, then starts again', async () => {
    let builds = 0;
    const indexes = new ReleaseStores<null, typeof empty>(async () => {
      builds++;
      if (builds === 1) throw new Error('data service down');
      return empty;
    });
    indexes.get('r', null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(() => indexes.get('r', null)).toThrow('data service down');
    indexes.get('r', null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(indexes.get('r', null).status).toBe('ready');
    expect(builds).toBe(2);
  });

  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('keeps at most the configured number of releases, dropping the least recently used', async () => {
    const built: string[] = [];
    const indexes = new ReleaseStores<null, typeof empty>(async (release) => {
      built.push(release);
      return empty;
    }, 2);
    for (const release of ['a', 'b', 'a', 'c', 'a', 'b']) {
      indexes.get(release, null); // after a is used again, b is the one to go
      await tick();
    }
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });

  it('never drops a build under way, and runs at most two at once', async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const indexes = new ReleaseStores<null, typeof empty>(
      (release) => {
        started.push(release);
        return new Promise((resolve) => finish.set(release, () => resolve(empty)));
      },
      1,
      2,
    );
    for (const release of ['a', 'b', 'c', 'd']) indexes.get(release, null);
    expect(started).toEqual(['a', 'b']);
    // Asked again while waiting or building: the same builds, none started twice.
    for (const release of ['a', 'b', 'c', 'd']) indexes.get(release, null);
    finish.get('a')?.();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const release of ['b', 'c', 'd']) finish.get(release)?.();
    await tick();
    finish.get('d')?.();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect(indexes.get('d', null).status).toBe('ready');
  });
});
