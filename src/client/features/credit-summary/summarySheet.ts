import type { TFunction } from 'i18next';
import type { SummaryOrderDto } from '../../../shared/api';
import { orderStanding } from '../../../shared/order-standing';
import type { SheetColumn } from '../../components/excel';

/** The summary's orders as a sheet: one row per order, its shipments' tracking numbers with it. */
export function summarySheet(t: TFunction<'summary'>): SheetColumn<SummaryOrderDto>[] {
  return [
    { header: t('columns.order'), type: 'text', value: (order) => order.order_number },
    { header: t('columns.placed'), type: 'date', value: (order) => order.created_at },
    { header: t('columns.standing'), type: 'text', value: (order) => t(`standing.${orderStanding(order)}`) },
    { header: t('columns.pieces'), type: 'number', value: (order) => order.lines },
    { header: t('columns.shipped'), type: 'number', value: (order) => order.shipped_lines },
    { header: t('columns.canceled'), type: 'number', value: (order) => order.canceled_lines },
    { header: t('columns.total'), type: 'number', value: (order) => order.total },
    { header: t('columns.currency'), type: 'text', value: (order) => order.currency },
    { header: t('creditExceeded'), type: 'text', value: (order) => (order.credit_exceeded ? t('yes') : '') },
    { header: t('columns.tracking'), type: 'text', value: (order) => order.tracking_numbers.join(', ') },
  ];
}
