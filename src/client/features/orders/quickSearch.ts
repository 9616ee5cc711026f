import type { GridApi } from 'ag-grid-community';
import { type RefObject, useEffect } from 'react';
import type { OrderLineDto } from '../../../shared/api';
import { isActionColumn, type OrderColumn } from './columns';
import { fold } from './fold';
import { DEBOUNCE_MS } from './gridFilters';

/**
 * The quick filter's words, folded like the rows' texts: the grid upper-cases the typed text with
 * the plain rule, so the words are folded and upper-cased the same way as the rows' texts (see
 * `searchText`). Empty words (double spaces) would match everything and are left out.
 */
export const quickFilterParser = (text: string) => fold(text).toUpperCase().split(' ').filter(Boolean);

/**
 * The quick filter searches what every data column shows (a view's hidden ones too; not the photo's
 * address, not the buttons, and not 'Acil', which only repeats in one word what the row's own texts
 * say, at the cost of reading all of them again). The grid would ask each of 42 columns for its
 * part of a row's text, two calls each: instead one column answers the whole row's text, built here
 * in one go and folded once, and the others nothing. The grid keeps the text with the row until the
 * row changes.
 */
export const SEARCH_COLUMN = 'order_number';
const NOT_SEARCHED = new Set(['photo', 'urgent']);
export function searchText(columns: OrderColumn[]): (row: OrderLineDto) => string {
  const searched = columns.filter((column) => !isActionColumn(column) && !NOT_SEARCHED.has(column.key));
  return (row) => {
    let text = '';
    for (const column of searched) text += `${column.text(row)}\n`;
    // Upper-cased as the grid does with a text it builds itself, so either text reads the same.
    return fold(text).toUpperCase();
  };
}

/** The kind of the walk that builds the rows' quick filter texts ahead (idleRows.ts). */
export const QUICK_TEXTS = 'quick';

/**
 * The quick filter applies after a short pause in typing, like the column filters, once the rows'
 * texts are built (`prepared`, hurrying the walk begun when the box got the focus): applied before,
 * the grid would build every text left in one block of the page.
 */
export function useQuickFilter(grid: RefObject<GridApi<OrderLineDto> | null>, quickFilter: string, prepared: () => Promise<void>) {
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void (quickFilter ? prepared() : Promise.resolve()).then(() => {
        const api = grid.current;
        if (current && api && !api.isDestroyed() && api.getGridOption('quickFilterText') !== quickFilter) api.setGridOption('quickFilterText', quickFilter);
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [grid, quickFilter, prepared]);
}
