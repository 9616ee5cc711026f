/*
 * Saved views of grids: each user's layout of a grid (column order, widths, visibility, pinning,
 * sort, filters, quick filter) kept on the server and restored when the grid opens, named views
 * and built-in ones to choose from a menu, and a reset to the grid's defaults.
 *
 * Wiring into a grid (register AG Grid's GridStateModule; keep defaultColDef a constant):
 *
 *   const [quick, setQuick] = useState('');
 *   const defaultState = useMemo(() => defaultGridState(columnDefs), [columnDefs]);
 *   const views = useGridViews('orders', {
 *     defaultState,
 *     apply: (state) => {
 *       builtIn.current = state.builtIn; // the grid's isExternalFilterPresent and doesExternalFilterPass read it
 *       grid.current?.setState(state.grid);      // the grid's GridApi (createGrid)
 *       grid.current?.onFilterChanged();
 *       setQuick(state.quickFilter ?? '');
 *     },
 *   });
 *   useEffect(() => {
 *     if (views.ready) setQuick(views.initialQuickFilter);
 *   }, [views.ready, views.initialQuickFilter]);
 *
 *   <input type="search" value={quick} onChange={(e) => { setQuick(e.target.value); views.onQuickFilterChanged(e.target.value); }} />
 *   <ViewMenu views={views} />
 *   <FilterSummary views={views} columnName={(colId) => header of colId} />  (names the filters in force, clears them)
 *   made once views.ready: createGrid(element, { initialState: views.initialState, onStateUpdated: views.onStateUpdated, ... })
 *   (the grid opens with the rows of `views.initialBuiltIn`, the built-in view saved)
 */
export { gridViewsRequested, gridViewsSlice, selectGridViews } from './slice';
export { gridViewsSaga } from './sagas';
export { type GridViews, type GridViewsOptions, type MenuView, useGridViews } from './hooks';
export { ViewMenu } from './ViewMenu';
export { FilterSummary } from './FilterSummary';
export { BUILT_IN_VIEWS, type BuiltInView } from './builtIns';
export { defaultGridState, type RowsInForce, savedGridState, type ViewState } from './viewState';
