import type { TextFilterModel } from 'ag-grid-community';
import type { GridKey } from '../../../shared/grid-views';
import type { ViewState } from './viewState';

/** A view every user of a grid has: its name is a catalogue key, its state says which rows and in which order. */
export interface BuiltInView {
  key: string;
  name: string;
  state: ViewState;
}

const contains = (filter: string): TextFilterModel => ({ filterType: 'text', type: 'contains', filter });
const blank: TextFilterModel = { filterType: 'text', type: 'blank' };

/*
 * The order grid's built-in views, by the column ids of features/orders/columns.ts. The filter words
 * are what the cells show: 'Acil' in the urgent column, the status names of the database's
 * order_line_statuses (the order grid's filter folds case, so capitals match too).
 * A built-in view says nothing of the columns: choosing one keeps the user's layout.
 */
const ORDERS: readonly BuiltInView[] = [
  {
    key: 'urgent',
    name: 'gridViews:builtIn.urgent',
    state: { grid: { filter: { filterModel: { urgent: contains('Acil') } }, sort: { sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] } } },
  },
  {
    key: 'qualityControl',
    name: 'gridViews:builtIn.qualityControl',
    state: { grid: { filter: { filterModel: { status: contains('Kalite Kontrol'), quality_control: blank } } } },
  },
  {
    key: 'packing',
    name: 'gridViews:builtIn.packing',
    state: { grid: { filter: { filterModel: { status: contains('Paketleme') } } } },
  },
  {
    // Shop orders of a product no workshop makes yet: they move to one when the product is assigned.
    key: 'awaitingWorkshop',
    name: 'gridViews:builtIn.awaitingWorkshop',
    state: { grid: { filter: { filterModel: { workshop: blank, canceled_at: { filterType: 'date', type: 'blank' } } } } },
  },
];

export const BUILT_IN_VIEWS: Record<GridKey, readonly BuiltInView[]> = { orders: ORDERS };
