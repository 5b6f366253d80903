import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The visible width of the table's scrolling box (DataTable's data-table-scroller), followed as
 * it changes, for an element inside a row that spans the whole table. A CSS container on the box
 * would do it (100cqw) but would also make every button and badge of the table wrap under its
 * 16rem container queries. undefined where ResizeObserver is missing (jsdom): the row's width.
 */
export function useVisibleWidth(ref: RefObject<HTMLElement | null>, active: boolean) {
  const [width, setWidth] = useState<number | undefined>();
  useLayoutEffect(() => {
    const scroller = ref.current?.closest<HTMLElement>('[data-table-scroller]');
    if (!active || !scroller || typeof ResizeObserver === 'undefined') return;
    setWidth(scroller.clientWidth);
    const observer = new ResizeObserver(() => setWidth(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [active, ref]);
  return width;
}
