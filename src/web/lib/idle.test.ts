import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('work for when the browser is idle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for an idle moment, at most two seconds, and can be called off', () => {
    const callbacks: (() => void)[] = [];
    const idle = vi.fn((callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(2_000);
      return callbacks.push(callback);
    });
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const work = vi.fn();
    const callOff = whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    callbacks[0]?.();
    expect(work).toHaveBeenCalledOnce();
    callOff();
    expect(cancel).toHaveBeenCalledWith(1);
  });

  it('runs shortly after where the browser has no idle callbacks, unless called off', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    const calledOff = vi.fn();
    whenIdle(calledOff)();
    vi.advanceTimersByTime(200);
    expect(work).toHaveBeenCalledOnce();
    expect(calledOff).not.toHaveBeenCalled();
  });
});
