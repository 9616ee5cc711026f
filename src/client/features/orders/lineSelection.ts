import { ModuleRegistry, RowSelectionModule, type RowSelectionOptions } from 'ag-grid-community';

ModuleRegistry.registerModules([RowSelectionModule]);

/**
 * Rows of the order grid are selected by a click, more with Ctrl or Shift, without a column of
 * check boxes: what the selection is for (the job tickets) asks the grid when it is pressed.
 */
export const LINE_SELECTION: RowSelectionOptions = { mode: 'multiRow', checkboxes: false, headerCheckbox: false, enableClickSelection: true };
