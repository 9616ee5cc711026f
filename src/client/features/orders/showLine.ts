import { type GridApi, ModuleRegistry, ScrollApiModule } from 'ag-grid-community';
import type { OrderLineDto } from '../../../shared/api';

ModuleRegistry.registerModules([ScrollApiModule]);

/**
 * Selects a line's row alone and scrolls it to the middle of the grid (a scanned ticket's line).
 * False when the grid has no such row or its filters leave the row out.
 */
export function showLine(api: GridApi<OrderLineDto> | undefined, id: number): boolean {
  if (!api || api.isDestroyed()) return false;
  const node = api.getRowNode(String(id));
  if (!node || node.rowIndex === null || !node.displayed) return false;
  node.setSelected(true, true);
  api.ensureNodeVisible(node, 'middle');
  return true;
}
