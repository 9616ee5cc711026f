import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { OrderLineDto } from '../../../shared/api';
import { AMOUNT } from '../../../shared/decimal';
import { creditSchema } from '../../../shared/schemas/customers';
import { CUSTOMER_APPROVED } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sheetCells } from '../../components/excel';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { NoticeView } from '../../components/NoticeView';
import { CreditSummary } from '../credit-summary';
import { ExportProgress, exportRequested, selectExport } from '../exports';
import { useFormatters, useStatusTexts } from '../lookups';
import { useScopeLines } from '../order-lines';
import { CUSTOMER_STATISTICS, MONEY_FIELDS } from './statistics';
import { firstError } from '../../components/validate';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { TableHead } from '../../components/TableHead';
import { creditChangeRequested, creditFormLeft, customerRequested, selectCreditChange, selectCustomerById, selectCustomerDetail } from './slice';



/** The new credit, read as the admin writes amounts, with the amount it will save shown before it is saved. */
function CreditForm({ customerId, currency }: { customerId: number; currency: string | null }) {
  const { t } = useTranslation('customers');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { read } = useTypedNumbers();
  const update = useAppSelector((state) => selectCreditChange(state, customerId));
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const typed = read(value, AMOUNT);
  useEffect(
    () => () => {
      dispatch(creditFormLeft(customerId));
    },
    [dispatch, customerId],
  );
  const submit = () => {
    if (typed.status === 'refused') return;
    const credit = typed.status === 'read' ? typed.value : undefined;
    const invalid = firstError(creditSchema, { credit });
    setError(invalid);
    if (invalid || credit === undefined) return;
    dispatch(creditChangeRequested({ id: customerId, credit }));
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
      <input
        {...numberInput(AMOUNT)}
        aria-label={t('creditLabel')}
        aria-describedby="credit-note"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
      />
      <button type="submit" disabled={update?.status === 'busy'}>
        {t('creditSave')}
      </button>
      <NumberNote id="credit-note" typed={typed} error={error} preview={(credit) => fmt.money(credit, currency)} />
      <NoticeView notice={update?.notice ?? null} />
    </form>
  );
}

/**
 * /admin/customers/{id}: the customer's details, figures, credit with its history, and orders with
 * an export. The office's /office/customers/{id} shows the same, read-only: no credit change.
 */
export default function CustomerDetailScreen({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation('customers');
  const base = readOnly ? '/office/customers' : '/admin/customers';
  const id = Number(useParams().id);
  const dispatch = useAppDispatch();
  const found = useAppSelector((state) => selectCustomerById(state, id));
  const detail = useAppSelector((state) => selectCustomerDetail(state, id));
  useEffect(() => {
    dispatch(customerRequested(id));
  }, [dispatch, id]);
  const orders = useScopeLines({ kind: 'customer', id });
  const exportKey = `customer:${id}:orders`;
  const exported = useAppSelector((state) => selectExport(state, exportKey));
  const status = useStatusTexts();
  const fmt = useFormatters();
  // Shown once its figures are read, as when the customer came in one answer with them.
  const figures = detail?.statistics;
  const customer = found && figures ? { ...found, ...figures } : undefined;
  const creditHistory = detail?.creditHistory ?? [];
  const rows = orders.lines;
  const money = fmt.money;

  const columns = useMemo(
    () => [
      { key: 'order_product_id', value: (r: OrderLineDto) => String(r.order_product_id) },
      { key: 'order_number', value: (r: OrderLineDto) => r.order_number },
      { key: 'product', value: (r: OrderLineDto) => r.product_title },
      { key: 'status', value: status.told },
      { key: 'workshop', value: (r: OrderLineDto) => r.workshop_name ?? '-' },
      { key: 'total_price', value: (r: OrderLineDto) => money(r.total_price, r.currency) },
      { key: 'credit_exceeded', value: (r: OrderLineDto) => (r.credit_exceeded ? t('creditExceeded') : '') },
      {
        key: 'approval',
        value: (r: OrderLineDto) => (r.customer_approval_status_id === CUSTOMER_APPROVED ? t('orderColumns.approved') : t('orderColumns.notApproved')),
      },
      { key: 'created_at', value: (r: OrderLineDto) => fmt.date(r.created_at) },
    ],
    [t, status, fmt, money],
  );

  const exportOrders = () => {
    const date = fmt.today();
    const cells = sheetCells(columns.map((c) => ({ header: t(`orderColumns.${c.key}`), value: c.value })), rows);
    dispatch(exportRequested({ key: exportKey, fileName: t('fileName', { id, date }), sheetName: t('sheet'), ...cells, emptyKey: 'customers:nothingToExport', failedKey: 'customers:exportFailed' }));
  };

  return (
    <>
      <Breadcrumbs trail={[{ label: t('common:nav.customers'), to: base }]} current={found?.name ?? String(id)} />
      <h1 className="no-print">{t('detailTitle')}</h1>
      <NoticeView notice={detail?.notice ?? null} />
      {customer && (
        <>
          <div className="detail-grid no-print">
            <section className="card" aria-labelledby="customer-info">
              <h2 id="customer-info">{t('info')}</h2>
              <dl className="field-grid">
                {(['id', 'name', 'company_name', 'email', 'phone', 'address', 'tax_number', 'country', 'zip_code', 'city'] as const).map((field) => (
                  <div key={field} className={field === 'address' ? 'wide' : undefined}>
                    <dt>{t(`fields.${field}`)}</dt>
                    <dd>{String(customer[field] ?? '') || '-'}</dd>
                  </div>
                ))}
                <div>
                  <dt>{t('fields.credit')}</dt>
                  <dd data-testid="customer-credit">{money(customer.credit, customer.credit_currency)}</dd>
                </div>
                <div>
                  <dt>{t('fields.available_credit')}</dt>
                  <dd data-testid="customer-available-credit">{money(customer.available_credit, customer.credit_currency)}</dd>
                </div>
                {customer.other_currency_open_amounts.length > 0 && (
                  <div>
                    <dt>{t('fields.other_currency_open_amounts')}</dt>
                    <dd>{customer.other_currency_open_amounts.map((o) => money(o.amount, o.currency)).join(', ')}</dd>
                  </div>
                )}
              </dl>
            </section>
            <section className="card" aria-labelledby="customer-stats">
              <h2 id="customer-stats">{t('statistics')}</h2>
              <dl className="field-grid">
                {CUSTOMER_STATISTICS.map((key) => (
                  <div key={key}>
                    <dt>{t(`stats.${key}`)}</dt>
                    <dd>{MONEY_FIELDS.has(key) ? money(customer[key], customer.currency) : customer[key]}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
          <section className="card no-print" aria-labelledby="customer-credit-title">
            <h2 id="customer-credit-title">{t('credit')}</h2>
            {!readOnly && <CreditForm customerId={customer.id} currency={customer.credit_currency} />}
            <h3>{t('creditHistory')}</h3>
            {creditHistory.length === 0 ? (
              <p>{t('noCreditHistory')}</p>
            ) : (
              <table>
                <TableHead labels={[t('historyColumns.when'), t('historyColumns.who'), t('historyColumns.old'), t('historyColumns.new')]} />
                <tbody>
                  {creditHistory.map((change) => (
                    <tr key={change.id}>
                      <td>{fmt.date(change.created_at)}</td>
                      <td>{change.changed_by_username}</td>
                      <td>{money(change.old_credit, customer.credit_currency)}</td>
                      <td>{money(change.new_credit, customer.credit_currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      {customer && <CreditSummary customerId={customer.id} />}
      <div className="no-print">
        <h2>{t('orders')}</h2>
        <div className="toolbar">
          <button type="button" onClick={exportOrders} disabled={exported?.status === 'busy'}>
            {t('export')}
          </button>
          <ExportProgress exportKey={exportKey} />
        </div>
        <NoticeView notice={exported?.notice ?? orders.notice} />
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
      </div>
    </>
  );
}
