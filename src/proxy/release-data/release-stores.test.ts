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
    const first = indexes.get('3.12\ncutoff', 'alice');
    expect(first).toMatchObject({ status: 'building', done: 0, total: 0 });
    expect(first.status === 'building' && first.read).toBeInstanceOf(Promise);
    let read = false;
    void (first.status === 'building' ? first.read : undefined)?.then(() => (read = true));
    expect(indexes.ready('3.12\ncutoff', 'bob')).toBeUndefined();
    report(40, 100);
    expect(indexes.get('3.12\ncutoff', 'bob')).toMatchObject({
      status: 'building',
      done: 40,
      total: 100,
    });
    await Promise.resolve();
    expect(read).toBe(false);
    finish({ sectors: ['Electricity'] });
    await Promise.resolve();
    await Promise.resolve();
    // What waited on the reading hears it is over.
    await (first.status === 'building' ? first.read : undefined);
    expect(read).toBe(true);
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

  /** Compact copies as JSON in a buffer, counted; a real store gzips. */
  const cold = (thawed: string[], maxBytes = 1_000_000) => ({
    freeze: async (value: typeof empty) => Buffer.from(JSON.stringify(value)),
    thaw: async (frozen: Buffer, who: string) => {
      thawed.push(who);
      return JSON.parse(frozen.toString()) as typeof empty;
    },
    maxBytes,
  });

  it('makes a value dropped from memory again from its compact copy, without building it', async () => {
    const built: string[] = [];
    const thawed: string[] = [];
    const indexes = new ReleaseStores<string, typeof empty>(
      async (release) => {
        built.push(release);
        return { sectors: [release] };
      },
      2,
      2,
      { cold: cold(thawed) },
    );
    for (let round = 0; round < 3; round++) {
      for (const release of ['a', 'b', 'c', 'd']) {
        indexes.get(release, `round ${round}`);
        await tick();
        expect(indexes.get(release, 'again')).toEqual({
          status: 'ready',
          value: { sectors: [release] },
        });
      }
    }
    expect(built).toEqual(['a', 'b', 'c', 'd']);
    expect(thawed.length).toBeGreaterThan(0);
    expect(indexes.coldBytes).toBe(4 * JSON.stringify({ sectors: ['a'] }).length);
  });

  it('builds again from the data service only after a while, once its compact copy is gone', async () => {
    let now = 0;
    const built: string[] = [];
    const indexes = new ReleaseStores<string, typeof empty>(
      async (release) => {
        built.push(release);
        return empty;
      },
      1,
      2,
      {
        // Room for one compact copy only.
        cold: cold([], JSON.stringify(empty).length),
        rebuildAfterMs: 60_000,
        tooSoon: (seconds) => new Error(`again in ${seconds} s`),
        now: () => now,
      },
    );
    for (const release of ['a', 'b', 'c']) {
      indexes.get(release, 'alice');
      await tick();
    }
    // a is neither in memory (one kept) nor kept compact (one kept): reading it again waits.
    indexes.get('a', 'alice');
    await tick();
    expect(() => indexes.get('a', 'alice')).toThrow('again in 60 s');
    now = 61_000;
    indexes.get('a', 'alice');
    await tick();
    expect(indexes.get('a', 'alice').status).toBe('ready');
    expect(built).toEqual(['a', 'b', 'c', 'a']);
  });
});
