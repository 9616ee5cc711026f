import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { LineTable } from '../order-lines';
import { useWedgeScanner } from '../scanning';
import { gridCodeAsked, gridScanCleared, gridScanHidden } from './gridScan';
import type { OrderGridHandle } from './OrderGrid';

/** The id of the row whose barcode is `code`, null for none. */
function rowOfCode(table: LineTable, code: string): number | null {
  for (const id of table.ids) if (table.entities[id]?.barcode === code) return id;
  return null;
}

/**
 * A keyboard-wedge scan on the order grid (no text field focused, as on the tablet): the row of
 * its code is selected and scrolled to; a code the rows do not hold is asked of the server
 * (`gridScanSaga`), and `GridScanAlert` says what came of it.
 */
export function useGridScan(grid: RefObject<OrderGridHandle | null>, table: LineTable) {
  const dispatch = useAppDispatch();
  const rows = useRef(table);
  rows.current = table;
  const scanned = useCallback(
    (code: string) => {
      const id = rowOfCode(rows.current, code);
      if (id === null) {
        dispatch(gridCodeAsked(code));
        return;
      }
      // A grid still being made shows nothing yet; the scan is not held against its filters.
      const shown = grid.current?.showLine(id);
      if (shown !== undefined) dispatch(shown ? gridScanCleared() : gridScanHidden({ code, id }));
    },
    [dispatch, grid],
  );
  useWedgeScanner(scanned);
  // What a scan came to belongs to this visit of the screen.
  useEffect(() => () => void dispatch(gridScanCleared()), [dispatch]);
}
