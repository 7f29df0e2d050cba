import { describe, expect, it } from 'vitest';
import { LocalWork } from '../../limits/local-work';
import { answersAhead } from './types';

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
    const ahead = answersAhead({ localWork: roomy() });
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
    answersAhead({ localWork }).whenRead(
      { key: 'history 1', userId: 'u', bytes: 1024, read: Promise.resolve() },
      async () => {
        made.push('made');
      },
    );
    await settle();
    expect(made).toEqual([]);
    held();
    let during: unknown;
    answersAhead({ localWork }).whenRead(
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
    answersAhead({ localWork: roomy() }).whenRead(
      { key: 'k', userId: 'u', bytes: 1, read: Promise.resolve() },
      () => Promise.reject(new Error('the release could not be read')),
    );
    answersAhead({ localWork: roomy() }).whenRead(
      { key: 'nothing read', userId: 'u', bytes: 1, read: undefined },
      async () => {
        made.push('made');
      },
    );
    await settle();
    expect(made).toEqual([]);
  });
});
