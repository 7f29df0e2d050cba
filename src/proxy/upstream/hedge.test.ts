import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hedged, HedgeBudget, type Attempt } from './hedge';
import type { UpstreamResponse } from './http-client';

const answer = (status: number): UpstreamResponse => ({
  status,
  header: () => undefined,
  body: Buffer.from('{}'),
});

/** Asks answered as the script says: after `ms`, an answer or a failure, started at once or not. */
function scripted(script: { ms: number; status?: number; fails?: boolean; starts?: boolean }[]) {
  const asks: { deadlineMs: number; cancelled: () => boolean }[] = [];
  const attempt: Attempt = ({ deadlineMs, signal, started }) => {
    const step = script[asks.length] ?? { ms: 0, status: 200 };
    const number = asks.push({ deadlineMs, cancelled: () => signal.aborted });
    if (step.starts) started();
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (step.fails) reject(new Error(`ask ${number} failed`));
        else resolve(answer(step.status ?? 200));
      }, step.ms);
    });
  };
  return { attempt, asks };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a free read asked once more when its answer is slow to start', () => {
  it('is not asked again when it answers within half its deadline', async () => {
    const { attempt, asks } = scripted([{ ms: 400, status: 200 }]);
    const result = hedged(attempt, 1000, 500, new HedgeBudget(8), () => undefined);
    await vi.advanceTimersByTimeAsync(400);
    expect((await result).status).toBe(200);
    expect(asks).toHaveLength(1);
  });

  it('asks once more in what is left; the first to answer is kept and the other cancelled', async () => {
    const { attempt, asks } = scripted([{ ms: 5000 }, { ms: 100, status: 201 }]);
    let second = 0;
    const result = hedged(attempt, 1000, 500, new HedgeBudget(8), () => second++);
    await vi.advanceTimersByTimeAsync(600);
    expect((await result).status).toBe(201);
    expect(second).toBe(1);
    expect(asks.map((ask) => ask.deadlineMs)).toEqual([1000, 500]);
    expect(asks[0]?.cancelled()).toBe(true);
  });

  it('keeps the first ask when it answers first after all: slow is not failed', async () => {
    const { attempt, asks } = scripted([{ ms: 700, status: 200 }, { ms: 5000 }]);
    const result = hedged(attempt, 1000, 500, new HedgeBudget(8), () => undefined);
    await vi.advanceTimersByTimeAsync(700);
    expect((await result).status).toBe(200);
    expect(asks[1]?.cancelled()).toBe(true);
  });

  it('is not asked again once its answer has started, nor after a failure, nor past the budget', async () => {
    const started = scripted([{ ms: 800, starts: true }]);
    const a = hedged(started.attempt, 1000, 500, new HedgeBudget(8), () => undefined);
    await vi.advanceTimersByTimeAsync(800);
    await a;
    expect(started.asks).toHaveLength(1);

    const failing = scripted([{ ms: 100, fails: true }]);
    const b = hedged(failing.attempt, 1000, 500, new HedgeBudget(8), () => undefined);
    const failed = expect(b).rejects.toThrow('ask 1 failed');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    expect(failing.asks).toHaveLength(1);

    const full = new HedgeBudget(1);
    full.inFlight = 1;
    const busy = scripted([{ ms: 900 }]);
    const c = hedged(busy.attempt, 1000, 500, full, () => undefined);
    await vi.advanceTimersByTimeAsync(900);
    await c;
    expect(busy.asks).toHaveLength(1);
  });

  it('fails with the first ask’s failure when both fail', async () => {
    const { attempt } = scripted([
      { ms: 900, fails: true },
      { ms: 300, fails: true },
    ]);
    const result = hedged(attempt, 1000, 500, new HedgeBudget(8), () => undefined);
    const failed = expect(result).rejects.toThrow('ask 1 failed');
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
  });
});
