import { useLayoutEffect } from 'react';

/**
 * The shapes a screen may give the page around it: `wide`, the whole window's width (the order
 * grid's 42 columns); `tablet`, the header and the screen's top kept short so the work starts high
 * on a 1024 x 768 tablet (the workshop's list).
 */
export type PageShape = 'wide' | 'tablet';

const holders = new Map<PageShape, number>();

/*
 * A class on <body> (`page-wide`, `page-tablet`) while a screen that wants the shape is mounted,
 * set before the screen's first paint. The style sheet once found these by `:has()` (a page whose
 * <main> holds the grid), so the order screen was laid out at the narrow width until its grid
 * arrived, and then again at the whole width; and the browser checked that rule again for each
 * element the grid inserted.
 */
export function usePageShape(shape: PageShape): void {
  useLayoutEffect(() => {
    holders.set(shape, (holders.get(shape) ?? 0) + 1);
    document.body.classList.add(`page-${shape}`);
    return () => {
      const left = (holders.get(shape) ?? 1) - 1;
      holders.set(shape, left);
      if (left === 0) document.body.classList.remove(`page-${shape}`);
    };
  }, [shape]);
}
