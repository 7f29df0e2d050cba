import { describe, expect, it } from 'vitest';
import { LocalWork } from '../../limits/local-work';
import type { Building } from '../../release-data/release-stores';
import { answersAhead, heldWhileReading } from './types';

/** A reading that ends when told. */
function reading() {
  let end: () => void = () => undefined;
  const read = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { read, end };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const roomy = () => new LocalWork({ perUser: 2, maxBytes: 64 * 1024 * 1024 });

describe('making an answer as soon as its releases are read', () => {
  it('makes it once the reading ends, once however often the 202 was given', async () => {
    const { read, end } = reading();
    const made: string[] = [];
    const work = { key: 'changes 3.12', userId: 'u', bytes: 1024, read };
    const ahead = answersAhead({ localWork: roomy() }, 0);
    for (let i = 0; i < 3; i++)
      ahead.whenRead(work, async () => {
        made.push('made');
      });
    await settle();
    expect(made).toEqual([]);
    end();
    await settle();
    expect(made).toEqual(['made']);
    // Made and done: a later 202 for the same answer may make it again.
    ahead.whenRead(work, async () => {
      made.push('again');
    });
    await settle();
    expect(made).toEqual(['made', 'again']);
  });

  it('holds a place of local work while making it, and makes nothing when there is none', async () => {
    const localWork = new LocalWork({ perUser: 1, maxBytes: 64 * 1024 * 1024 });
    const held = localWork.take('u', 1024);
    const made: string[] = [];
    answersAhead({ localWork }, 0).whenRead(
      { key: 'history 1', userId: 'u', bytes: 1024, read: Promise.resolve() },
      async () => {
        made.push('made');
      },
    );
    await settle();
    expect(made).toEqual([]);
    held();
    let during: unknown;
    answersAhead({ localWork }, 0).whenRead(
      { key: 'history 2', userId: 'u', bytes: 1024, read: Promise.resolve() },
      async () => {
        // While it is made, the user's one place is taken.
        try {
          localWork.take('u', 1024)();
        } catch (error) {
          during = error;
        }
      },
    );
    await settle();
    expect(during).toMatchObject({ status: 429 });
    expect(() => localWork.take('u', 1024)()).not.toThrow();
  });

  it('leaves a failure to the request that follows, and never without a reading', async () => {
    const made: string[] = [];
    answersAhead({ localWork: roomy() }, 0).whenRead(
      { key: 'k', userId: 'u', bytes: 1, read: Promise.resolve() },
      () => Promise.reject(new Error('the release could not be read')),
    );
    answersAhead({ localWork: roomy() }, 0).whenRead(
      { key: 'nothing read', userId: 'u', bytes: 1, read: undefined },
      async () => {
        made.push('made');
      },
    );
    await settle();
    expect(made).toEqual([]);
  });
});

describe('a request held while its releases are read', () => {
  const user = { user: { userId: 'u' } } as Parameters<
    ReturnType<typeof answersAhead>['reading']
  >[0];
  type Ready = { cached: string };

  it('is answered the moment the reading ends within the hold, not with a 202', async () => {
    const { read, end } = reading();
    let ready = false;
    const ask = async (): Promise<Building | Ready> =>
      ready ? { cached: 'the changes' } : { status: 'building', done: 10, total: 100, read };
    const held = heldWhileReading(ask, 60_000);
    await settle();
    ready = true;
    end();
    expect(await held).toEqual({ cached: 'the changes' });
  });

  it('says the progress as it is at the end of the hold when the reading goes on', async () => {
    const { read } = reading();
    let done = 10;
    const ask = async (): Promise<Building> => ({
      status: 'building',
      done: done++,
      total: 100,
      read,
    });
    expect(await heldWhileReading(ask, 5)).toMatchObject({ status: 'building', done: 11 });
  });

  it('answers at once when told not to hold (READING_HOLD_MS=0) or nothing is being read', async () => {
    const { read } = reading();
    const asked: number[] = [];
    const ask = async (): Promise<Building> => {
      asked.push(asked.length);
      return { status: 'building', done: 0, total: 0, read };
    };
    expect(await heldWhileReading(ask, 0)).toMatchObject({ status: 'building' });
    expect(asked).toEqual([0]);
    const ready = await heldWhileReading(async () => ({ cached: 'x' }), 60_000);
    expect(ready).toEqual({ cached: 'x' });
  });

  it('sends the answer made ahead to the request that waited for it, and a 202 without the promise', async () => {
    const { read, end } = reading();
    let ready = false;
    const make = async (): Promise<Building | Ready> =>
      ready ? { cached: 'the history' } : { status: 'building', done: 1, total: 2, read };
    const ahead = answersAhead({ localWork: roomy() }, 60_000);
    const first = ahead.reading(
      user,
      { status: 'building', done: 1, total: 2, read },
      {
        key: 'history 1',
        make,
      },
    );
    await settle();
    ready = true;
    end();
    expect(await first).toEqual({ cached: 'the history' });
    const unheld = answersAhead({ localWork: roomy() }, 0);
    const progress = await unheld.reading(
      user,
      { status: 'building', done: 1, total: 2, read },
      {
        key: 'history 2',
        make,
      },
    );
    expect(progress).toEqual({
      value: { status: 'building', done: 1, total: 2 },
      status: 202,
      headers: { 'retry-after': '1' },
    });
  });
});
