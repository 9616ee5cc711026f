import type { GridState } from 'ag-grid-community';
import type { GridKey } from '../../../shared/grid-views';
import type { LineViewKey } from '../../../shared/views';
import type { ViewState } from './viewState';

/** A view every user of a grid has: its name is a catalogue key, its state says which rows and in which order. */
export interface BuiltInView {
  key: string;
  name: string;
  state: ViewState;
}

/*
 * The order grid's built-in views: the rows of each are those of the shared view of its key
 * (shared/views.ts), which the grid applies besides the user's column filters; a sort by the
 * column ids of features/orders/columns.ts. A built-in view says nothing of the columns: choosing
 * one keeps the user's layout.
 */
const lineView = (key: LineViewKey, grid: GridState = {}): BuiltInView => ({ key, name: `gridViews:builtIn.${key}`, state: { grid, builtIn: key } });

const ORDERS: readonly BuiltInView[] = [
  lineView('urgent', { sort: { sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] } }),
  lineView('qualityControl'),
  lineView('packing'),
  lineView('awaitingWorkshop'),
  lineView('late', { sort: { sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] } }),
  lineView('lateRisk', { sort: { sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] } }),
];

export const BUILT_IN_VIEWS: Record<GridKey, readonly BuiltInView[]> = { orders: ORDERS };
