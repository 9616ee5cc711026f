import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ArchiveLineDto } from '../../../shared/api';
import { ARCHIVE_SORTS, type ArchiveSort } from '../../../shared/schemas/archive';
import { useFormatters } from '../lookups';
import { ARCHIVE_COLUMNS } from './columns';
import type { ArchiveOrder } from './query';

interface Props {
  lines: readonly ArchiveLineDto[];
  order: ArchiveOrder;
  onSort: (sort: ArchiveSort) => void;
  statusName: (line: ArchiveLineDto) => string;
  /** Where a row leads: a line's screen for a workshop or a customer; else a button that opens its history. */
  detailPath?: (id: number) => string;
  onHistory: (line: ArchiveLineDto) => void;
}

const isSort = (key: string): key is ArchiveSort => (ARCHIVE_SORTS as readonly string[]).includes(key);

/** The lines found, sorted by the server on the header clicked (aria-sort tells which and how). */
export function ArchiveTable({ lines, order, onSort, statusName, detailPath, onHistory }: Props) {
  const { t } = useTranslation('archive');
  const fmt = useFormatters();
  const cell = (line: ArchiveLineDto, key: (typeof ARCHIVE_COLUMNS)[number]) => {
    switch (key) {
      case 'order_number':
        return detailPath ? (
          <Link to={detailPath(line.id)} aria-label={t('open', { order: line.order_number, id: line.id })} translate="no">
            {line.order_number}
          </Link>
        ) : (
          <button type="button" className="link" aria-label={t('history', { order: line.order_number, id: line.id })} onClick={() => onHistory(line)} translate="no">
            {line.order_number}
          </button>
        );
      case 'customer_name':
        return line.customer_name ?? line.b2b_customer_name;
      case 'status':
        return statusName(line);
      case 'product_gram':
        return line.product_gram === null ? '' : fmt.gram(line.product_gram);
      case 'created_at':
      case 'closed_at':
        return line[key] ? fmt.date(line[key]) : '';
      default:
        return line[key];
    }
  };
  // A table of ten columns scrolls in its own box on a narrow screen, never the page.
  return (
    <div className="table-scroll">
      <table aria-label={t('results')}>
        <thead>
          <tr>
            {ARCHIVE_COLUMNS.map((key) => {
              const sorted = order.sort === key ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th key={key} aria-sort={isSort(key) ? (sorted ?? 'none') : undefined}>
                  {isSort(key) ? (
                    <button type="button" className="link" onClick={() => onSort(key)}>
                      {t(`columns.${key}`)}
                    </button>
                  ) : (
                    t(`columns.${key}`)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              {ARCHIVE_COLUMNS.map((key) => (
                <td key={key}>{cell(line, key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
