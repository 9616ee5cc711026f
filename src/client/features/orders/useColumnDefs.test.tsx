import { renderHook } from '@testing-library/react';
import type { GridApi } from 'ag-grid-community';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { createI18n } from '../../app/i18n';
import { orderColumns } from './columns';
import type { GridActions } from './gridCells';
import { useColumnDefs } from './useColumnDefs';

test('the action cells drawn with the grid are drawn again only when busy lines or the columns change', () => {
  const i18n = createI18n('tr');
  const fmt = { money: String, number: String, gram: String, date: String };
  const columns = orderColumns(i18n.t.bind(i18n), { status: new Map(), step: new Map(), optionValue: new Map(), qualityControl: new Map(), packing: new Map() }, fmt);
  const refreshCells = jest.fn();
  const grid = { current: { refreshCells } as unknown as GridApi<OrderLineDto> };
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  const options = (busyLines: readonly number[]) => ({
    columns,
    readOnly: false,
    timeZone: 'Europe/Istanbul',
    language: 'tr',
    search: () => '',
    context: { current: {} as GridActions },
    busyLines,
    grid,
    prepareRows: () => undefined,
    editorHost: { open: () => () => undefined },
  });
  const { rerender } = renderHook((busy: readonly number[]) => useColumnDefs(options(busy)), { initialProps: [] as readonly number[], wrapper });
  expect(refreshCells).not.toHaveBeenCalled();
  rerender([7]);
  expect(refreshCells).toHaveBeenCalledTimes(1);
  expect(refreshCells).toHaveBeenCalledWith({ columns: ['quality_action', 'packing_action', 'correct_action', 'history_action'], force: true });
});
