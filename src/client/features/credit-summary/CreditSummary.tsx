import { format, parseISO, subDays } from 'date-fns';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreditStanding } from '../../../shared/credit';
import type { CustomerSummaryDto } from '../../../shared/api';
import { dayIn } from '../../../shared/days';
import { formatDay } from '../../../shared/locale';
import { orderStanding } from '../../../shared/order-standing';
import { SUMMARY_DEFAULT_DAYS, summaryPeriodRefusal } from '../../../shared/schemas/summary';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { setDayRange } from '../../components/dates';
import { sheetCells } from '../../components/excel';
import { Field } from '../../components/Field';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { exportCleared, exportRequested, ReportButtons, selectExport } from '../exports';
import { type Formatters, useFormatters } from '../lookups';
import { summarySheet } from './summarySheet';
import { selectCreditSummary, summaryLeft, summaryRequested } from './slice';

const EXPORT_KEY = 'creditSummary';

/** Why the form's period cannot be asked for (a catalogue key), or null. */
function periodRefusal(from: string, to: string, timeZone: string): string | null {
  const params = setDayRange(new URLSearchParams(), from, to, timeZone);
  const [start, end] = [params.get('from'), params.get('to')];
  return start && end ? summaryPeriodRefusal(new Date(start), new Date(end)) : null;
}

/**
 * The order and credit summary: a customer's credit as it stands, its orders placed and lines shipped
 * in a period of office days; shown, printed, or exported. `customerId` for the office; without it
 * the reader's own.
 */
export function CreditSummary({ customerId, orderLink }: { customerId?: number; orderLink?: (id: number) => string }) {
  const { t } = useTranslation('summary');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, summary } = useAppSelector(selectCreditSummary);
  const exported = useAppSelector((state) => selectExport(state, EXPORT_KEY));
  const [period, setPeriod] = useState(() => ({ from: format(subDays(parseISO(fmt.today()), SUMMARY_DEFAULT_DAYS), 'yyyy-MM-dd'), to: fmt.today() }));
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    dispatch(summaryRequested({ customerId, ...period }));
    return () => {
      dispatch(summaryLeft());
      dispatch(exportCleared(EXPORT_KEY));
    };
    // The first period is asked for here; the form asks for the next ones.
  }, [dispatch, customerId]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const why = periodRefusal(period.from, period.to, fmt.timeZone);
    setRefusal(why);
    if (!why) dispatch(summaryRequested({ customerId, ...period }));
  };
  const shown = summary && (customerId === undefined || summary.customer.id === customerId) ? summary : null;
  const exportSummary = () => {
    if (!shown) return;
    dispatch(
      exportRequested({
        key: EXPORT_KEY,
        fileName: t('fileName', { date: fmt.today() }),
        sheetName: t('sheet'),
        ...sheetCells(summarySheet(t), shown.orders),
        emptyKey: 'summary:nothingToExport',
        failedKey: 'summary:exportFailed',
      }),
    );
  };

  return (
    <section aria-labelledby="credit-summary-title" className="credit-summary">
      <h2 id="credit-summary-title">{t('title')}</h2>
      <p className="hint">{t('notStatement')}</p>
      <form className="toolbar statement-period" onSubmit={show} aria-label={t('period')}>
        <Field label={t('from')}>{(id) => <input id={id} type="date" required value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />}</Field>
        <Field label={t('to')}>{(id) => <input id={id} type="date" required value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />}</Field>
        <button type="submit" disabled={status === 'loading'}>
          {t('show')}
        </button>
        <ReportButtons ready={shown !== null} exportKey={EXPORT_KEY} onExport={exportSummary} labels={{ print: t('print'), export: t('export') }} />
      </form>
      {refusal && (
        <div className="alert error" role="alert">
          {t(refusal)}
        </div>
      )}
      <NoticeView notice={exported?.notice ?? null} />
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={shown ? 1 : 0} empty="" />
      {shown && <SummaryView summary={shown} fmt={fmt} orderLink={orderLink} />}
    </section>
  );
}

function SummaryView({ summary, fmt, orderLink }: { summary: CustomerSummaryDto; fmt: Formatters & { timeZone: string }; orderLink?: (id: number) => string }) {
  const { t, i18n } = useTranslation('summary');
  const day = (iso: string) => formatDay(dayIn(Date.parse(iso), fmt.timeZone), i18n.language);
  const flagged = summary.orders.filter((order) => order.credit_exceeded);
  return (
    <div className="card printable">
      <h3>{t('heading', { customer: summary.customer.company_name || summary.customer.name, from: day(summary.from), to: day(summary.to) })}</h3>
      <CreditFacts credit={summary.credit} fmt={fmt} />
      <p>{flagged.length === 0 ? t('noneAboveCredit') : t('aboveCredit', { number: flagged.length, orders: flagged.map((order) => order.order_number).join(', ') })}</p>

      <h4>{t('orders')}</h4>
      {summary.orders.length === 0 ? (
        <p>{t('noOrders')}</p>
      ) : (
        <table aria-label={t('orders')}>
          <TableHead labels={[t('columns.order'), t('columns.placed'), t('columns.standing'), t('columns.pieces'), t('columns.shipped'), t('columns.canceled'), t('columns.total'), t('columns.tracking')]} />
          <tbody>
            {summary.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <OrderNumber id={order.id} number={order.order_number} link={orderLink} />
                  {order.credit_exceeded && (
                    <>
                      {' '}
                      <span className="badge above-credit">{t('creditExceeded')}</span>
                    </>
                  )}
                </td>
                <td>{fmt.date(order.created_at)}</td>
                <td>{t(`standing.${orderStanding(order)}`)}</td>
                <td>{fmt.number(order.lines)}</td>
                <td>{fmt.number(order.shipped_lines)}</td>
                <td>{fmt.number(order.canceled_lines)}</td>
                <td>{fmt.money(order.total, order.currency)}</td>
                <td>{order.tracking_numbers.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h4>{t('shipments')}</h4>
      {summary.shipments.length === 0 ? (
        <p>{t('noShipments')}</p>
      ) : (
        <table aria-label={t('shipments')}>
          <TableHead labels={[t('columns.shippedAt'), t('columns.order'), t('columns.product'), t('columns.tracking')]} />
          <tbody>
            {summary.shipments.map((shipment) => (
              <tr key={shipment.line_id}>
                <td>{fmt.date(shipment.shipped_at)}</td>
                <td>
                  <OrderNumber id={shipment.order_id} number={shipment.order_number} link={orderLink} />
                </td>
                <td>{shipment.product_title}</td>
                <td>{shipment.tracking_number ?? t('noTracking')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** An order's number, opening the order where the reader has a screen for it. */
function OrderNumber({ id, number, link }: { id: number; number: string; link?: (id: number) => string }) {
  return link ? <Link to={link(id)}>{number}</Link> : <>{number}</>;
}

/** The credit as it stands today, whatever the period: the limit, what open orders hold, what is left. */
function CreditFacts({ credit, fmt }: { credit: CreditStanding; fmt: Formatters }) {
  const { t } = useTranslation('summary');
  const money = (value: number) => fmt.money(value, credit.credit_currency);
  const other = credit.other_currency_open_amounts.map((o) => fmt.money(o.amount, o.currency)).join(', ');
  return (
    <dl className="facts" aria-label={t('credit')}>
      <div>
        <dt>{t('creditLimit')}</dt>
        <dd>{money(credit.credit)}</dd>
      </div>
      <div>
        <dt>{t('openAmount')}</dt>
        <dd>{money(credit.open_order_amount)}</dd>
      </div>
      <div>
        <dt>{t('available')}</dt>
        <dd className={credit.available_credit < 0 ? 'overdrawn' : undefined}>
          {money(credit.available_credit)}
          {credit.available_credit < 0 && ` (${t('overdrawn')})`}
        </dd>
      </div>
      {other && (
        <div>
          <dt>{t('otherCurrencies')}</dt>
          <dd>{other}</dd>
        </div>
      )}
    </dl>
  );
}
