import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { API, type CreditChangeDto, type CustomerDto, type CustomerStatisticsDto } from '../../../shared/api';
import { creditSchema } from '../../../shared/schemas/customers';
import { CUSTOMER_APPROVED } from '../../../shared/statuses';
import { downloadWorkbook } from '../../components/excel';
import { NoticeView, type NoticeLike } from '../../components/NoticeView';
import { useMutation, useResource } from '../resources/hooks';
import { useFormatters, useLookups } from '../resources/lookups';
import { CUSTOMER_STATISTICS, MONEY_FIELDS } from './statistics';
import { firstError, parseDecimal } from '../../components/validate';
import { TableHead } from '../../components/TableHead';

type Info = CustomerDto & CustomerStatisticsDto & { credit_history: CreditChangeDto[] };

interface CustomerOrderRow {
  order_product_id: number;
  order_number: string;
  product_title: string;
  order_line_status_id: number;
  customer_approval_status_id: number | null;
  total_price: number | null;
  workshop_name: string | null;
  canceled_at: string | null;
  created_at: string;
}


function CreditForm({ customer, infoKey }: { customer: Info; infoKey: string }) {
  const { t } = useTranslation('customers');
  const update = useMutation(`customer:${customer.id}:credit`);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const credit = parseDecimal(value);
    const invalid = firstError(creditSchema, { credit });
    setError(invalid);
    if (invalid) return;
    update.send({
      method: 'PUT',
      path: API.customerCredit(customer.id),
      body: { credit },
      fallback: 'customers:creditFailed',
      reload: [{ key: infoKey, path: API.customerInfo(customer.id) }],
    });
  };
  return (
    <form
      noValidate
      className="inline-edit"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input type="number" min={0} step="0.01" aria-label={t('creditLabel')} value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" disabled={update.status === 'busy'}>
        {t('creditSave')}
      </button>
      {error && <div className="field-error">{t(error)}</div>}
      <NoticeView notice={update.notice} />
    </form>
  );
}

/** /admin/customers/{id}: the customer's details, figures, credit with its history, and orders with an export. */
export default function CustomerDetailScreen() {
  const { t } = useTranslation('customers');
  const id = Number(useParams().id);
  const infoKey = `customer:${id}`;
  const info = useResource<{ customer: Info }>(infoKey, API.customerInfo(id), 'customers:infoFailed');
  const orders = useResource<{ orders: CustomerOrderRow[] }>(`customer:${id}:orders`, API.customerOrders(id), 'customers:infoFailed');
  const lookups = useLookups();
  const fmt = useFormatters();
  const [exportNotice, setExportNotice] = useState<NoticeLike | null>(null);
  const customer = info.data?.customer;
  const rows = orders.data?.orders ?? [];
  const money = fmt.money;

  const columns = useMemo(
    () => [
      { key: 'order_product_id', value: (r: CustomerOrderRow) => String(r.order_product_id) },
      { key: 'order_number', value: (r: CustomerOrderRow) => r.order_number },
      { key: 'product', value: (r: CustomerOrderRow) => r.product_title },
      {
        key: 'status',
        value: (r: CustomerOrderRow) => (r.canceled_at ? t('orderColumns.canceled') : (lookups.status.get(r.order_line_status_id) ?? String(r.order_line_status_id))),
      },
      { key: 'workshop', value: (r: CustomerOrderRow) => r.workshop_name ?? '-' },
      { key: 'total_price', value: (r: CustomerOrderRow) => money(r.total_price) },
      {
        key: 'approval',
        value: (r: CustomerOrderRow) => (r.customer_approval_status_id === CUSTOMER_APPROVED ? t('orderColumns.approved') : t('orderColumns.notApproved')),
      },
      { key: 'created_at', value: (r: CustomerOrderRow) => fmt.date(r.created_at) },
    ],
    [t, lookups, fmt, money],
  );

  const exportOrders = async () => {
    setExportNotice(null);
    if (rows.length === 0) return setExportNotice({ kind: 'error', key: 'customers:nothingToExport' });
    try {
      const date = new Date().toISOString().slice(0, 10);
      await downloadWorkbook(t('fileName', { id, date }), t('sheet'), columns.map((c) => ({ header: t(`orderColumns.${c.key}`), value: c.value })), rows);
    } catch {
      setExportNotice({ kind: 'error', key: 'customers:exportFailed' });
    }
  };

  return (
    <>
      <h1>{t('detailTitle')}</h1>
      <NoticeView notice={info.notice} />
      {customer && (
        <>
          <div className="cards">
            <section className="card" aria-labelledby="customer-info">
              <h2 id="customer-info">{t('info')}</h2>
              <dl className="facts">
                {(['id', 'name', 'company_name', 'email', 'phone', 'address', 'tax_number', 'country', 'zip_code'] as const).map((field) => (
                  <div key={field}>
                    <dt>{t(`fields.${field}`)}</dt>
                    <dd>{String(customer[field] ?? '') || '-'}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t('fields.credit')}</dt>
                  <dd data-testid="customer-credit">{money(customer.credit)}</dd>
                </div>
              </dl>
            </section>
            <section className="card" aria-labelledby="customer-stats">
              <h2 id="customer-stats">{t('statistics')}</h2>
              <dl className="facts">
                {CUSTOMER_STATISTICS.map((key) => (
                  <div key={key}>
                    <dt>{t(`stats.${key}`)}</dt>
                    <dd>{MONEY_FIELDS.has(key) ? money(customer[key]) : customer[key]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
          <section className="card" aria-labelledby="customer-credit-title">
            <h2 id="customer-credit-title">{t('credit')}</h2>
            <CreditForm customer={customer} infoKey={infoKey} />
            <h3>{t('creditHistory')}</h3>
            {customer.credit_history.length === 0 ? (
              <p>{t('noCreditHistory')}</p>
            ) : (
              <table>
                <TableHead labels={[t('historyColumns.when'), t('historyColumns.who'), t('historyColumns.old'), t('historyColumns.new')]} />
                <tbody>
                  {customer.credit_history.map((change) => (
                    <tr key={change.id}>
                      <td>{fmt.date(change.created_at)}</td>
                      <td>{change.changed_by_username}</td>
                      <td>{money(change.old_credit)}</td>
                      <td>{money(change.new_credit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      <h2>{t('orders')}</h2>
      <div className="toolbar">
        <button type="button" onClick={exportOrders}>
          {t('export')}
        </button>
      </div>
      <NoticeView notice={exportNotice ?? orders.notice} />
      {orders.status === 'ready' && rows.length === 0 && <p>{t('noOrders')}</p>}
      {rows.length > 0 && (
        <table>
          <TableHead labels={columns.map((c) => t(`orderColumns.${c.key}`))} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.order_product_id}>
                {columns.map((c) => (
                  <td key={c.key}>{c.value(row) || '-'}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
