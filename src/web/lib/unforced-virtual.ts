import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/*
 * A virtualizer's measurements taken from ResizeObserver reports alone. TanStack Virtual's
 * defaults read the scroll element's size as it mounts and each row's height as it is drawn, in
 * React's commit, and each such read makes the browser lay the page out there, inside the task
 * that commits, and so does its first scroll to the top where the element already is. On the
 * 20 × 100 comparison on the laptop profile (CPU profiles of one load) the size read was 184 ms
 * of a 1.3 s task, and without it the scroll was 364 ms of a 1.2 s one. Reported sizes arrive after the browser's own layout
 * of the frame; until then the virtualizer counts `initialRect` and each row's estimate.
 */

/**
 * Scrolls the element, unless asked for where it already is at the top: the virtualizer writes
 * its offset as it mounts, and writing a scroll position lays the page out there and then.
 */
export function scrollWhenMoved<S extends Element, I extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<S, I>,
): void {
  if (offset === 0 && !options.adjustments && (instance.scrollOffset ?? 0) === 0) return;
  elementScroll(offset, options, instance);
}

/** The scroll element's size as its ResizeObserver reports it; nothing read at once. */
export function observeRectLater<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.contentBoxSize[0];
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** A row's height as reported, or as last reported, or its estimate while none has been. */
export function measureLater<S extends Element, I extends Element>(
  element: I,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<S, I>,
): number {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  );
}
