import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLatest } from './latest';
import { useUnchanged } from './unchanged';

const sameIds = (a: readonly { id: number }[], b: readonly { id: number }[]) =>
  a.length === b.length && a.every((item, at) => item.id === b[at]?.id);

describe('useUnchanged', () => {
  it('gives the earlier array while a fresh one means the same, and the fresh one once it differs', () => {
    const { result, rerender } = renderHook(
      ({ ids }) =>
        useUnchanged(
          ids.map((id) => ({ id })),
          sameIds,
        ),
      {
        initialProps: { ids: [1, 2] },
      },
    );
    const first = result.current;
    rerender({ ids: [1, 2] });
    expect(result.current).toBe(first);
    rerender({ ids: [1, 3] });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual([{ id: 1 }, { id: 3 }]);
  });
});

describe('useLatest', () => {
  it('is one function from render to render, calling the latest one given', () => {
    const { result, rerender } = renderHook(({ word }) => useLatest(() => word), {
      initialProps: { word: 'before' },
    });
    const first = result.current;
    rerender({ word: 'after' });
    expect(result.current).toBe(first);
    expect(first()).toBe('after');
  });
});
