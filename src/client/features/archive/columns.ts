import type { ArchiveLineDto } from '../../../shared/api';
import { CANCELED, shownStatus } from '../../../shared/statuses';
import type { SheetColumn } from '../../components/excel';

/** The archive's columns in the order the table and the sheet show them; a key names its header in archive:columns. */
export const ARCHIVE_COLUMNS = ['order_number', 'barcode', 'customer_name', 'product_title', 'workshop_name', 'status', 'product_gram', 'shipment_tracking_number', 'created_at', 'closed_at'] as const;
export type ArchiveColumn = (typeof ARCHIVE_COLUMNS)[number];

/** The words of an archive export's sheet in the reader's language: headers by column, status names by id, the canceled status. */
export interface ArchiveSheetWords {
  headers: Record<string, string>;
  statusNames: Record<number, string>;
  canceled: string;
}

/** The sheet of an archive export: each line's status as the screens show it (canceled, whatever state it stopped in). */
export function archiveSheetColumns({ headers, statusNames, canceled }: ArchiveSheetWords): SheetColumn<ArchiveLineDto>[] {
  const statusOf = (line: ArchiveLineDto) => {
    const shown = shownStatus(line);
    return shown === CANCELED ? canceled : (statusNames[shown] ?? shown);
  };
  const value: Record<ArchiveColumn, SheetColumn<ArchiveLineDto>['value']> = {
    order_number: (line) => line.order_number,
    barcode: (line) => line.barcode,
    customer_name: (line) => line.customer_name ?? line.b2b_customer_name,
    product_title: (line) => line.product_title,
    workshop_name: (line) => line.workshop_name,
    status: statusOf,
    product_gram: (line) => line.product_gram,
    shipment_tracking_number: (line) => line.shipment_tracking_number,
    created_at: (line) => line.created_at,
    closed_at: (line) => line.closed_at,
  };
  const types: Partial<Record<ArchiveColumn, SheetColumn<never>['type']>> = { barcode: 'text', order_number: 'text', product_gram: 'number', created_at: 'date', closed_at: 'date' };
  return ARCHIVE_COLUMNS.map((key) => ({ header: headers[key] ?? key, type: types[key], value: value[key] }));
}
