import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { canEnterGram, lineState, whyNot } from '../../../shared/lifecycle';
import { NOT_STARTED } from '../../../shared/statuses';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import {
  gramConfirmationDeclined,
  gramEntered,
  LineHistory,
  lineRequested,
  selectLine,
  selectLineAction,
  selectLoad,
  workshopApprovalRequested,
} from '../order-lines';
import { useFormatters, useLookups, useStatusTexts } from '../lookups';
import { GramEntry } from './GramEntry';
import { isBusy, NextStepButton } from './NextStepButton';
import { ScanBar } from './ScanBar';
import { useStepName } from './useStepName';
import { TicketLinks } from '../tickets';

/** /workshop/order/{id}: one piece on the tablet: what it is, where it stands, one tap to move it on. */
export default function WorkshopOrderScreen() {
  const { t } = useTranslation('workshopOrders');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const fmt = useFormatters();
  const lookups = useLookups();
  const status = useStatusTexts();
  const stepName = useStepName();
  const order = useAppSelector((state) => selectLine(state, id));
  const load = useAppSelector((state) => selectLoad(state, `line:${id}`));
  const action = useAppSelector((state) => selectLineAction(state, id));
  useEffect(() => {
    dispatch(lineRequested({ id, reader: 'workshop' }));
  }, [dispatch, id]);
  // Scanning stays on while the piece loads or is refused: the next ticket is read here too.
  if (!order)
    return (
      <>
        <ScanBar />
        <NoticeView notice={load?.notice ?? null} />
      </>
    );

  // Each option named by what it is ('Ayar: 14 Ayar'): the master reads them across the bench.
  const options = (['material', 'chain_length', 'size', 'color', 'karat'] as const).flatMap((option) => {
    const value = order[`${option}_id`];
    return value === null ? [] : [{ option, name: lookups.optionValue.get(value) ?? String(value) }];
  });
  const state = lineState(order);
  const busy = isBusy(action);
  // Nothing is weighed before the first step: a piece not started shows no gram at all.
  const started = state.step !== NOT_STARTED;
  // The server asks about a gram far from the expected weight: the gram entry's dialog asks the master.
  const asked = action?.status === 'confirming' && action.pending ? { gram: action.pending.gram, question: action.notice } : null;
  const whyNext = whyNot(state, 'advance');
  const whyApprove = whyNot(state, 'workshopApprove');
  const whyGram = whyNot(state, 'enterGram');

  return (
    <>
      <Link to="/workshop/orders">{t('back')}</Link>
      <ScanBar />
      <h1>{t('title', { id })}</h1>
      <TicketLinks line={order.id} order={order.order_id} />
      <NoticeView notice={asked ? null : (action?.notice ?? null)} />
      <div className="piece">
        <figure className="piece-photo">
          {order.product_picture_url ? <img src={order.product_picture_url} alt={order.product_title} /> : <span className="hint">{t('noPhoto')}</span>}
        </figure>
        <section className="card piece-main">
          <h2 className="piece-title">{order.product_title}</h2>
          {options.length > 0 && (
            <dl className="piece-options">
              {options.map(({ option, name }) => (
                <div key={option}>
                  <dt>{t(`orders:columns.${option}`)}</dt>
                  <dd>{name}</dd>
                </div>
              ))}
            </dl>
          )}
          <dl className="piece-where">
            <div>
              <dt>{t('fields.status')}</dt>
              <dd>{status.told(order)}</dd>
            </div>
            <div>
              <dt>{t('fields.step')}</dt>
              <dd>{stepName(order.current_order_line_process)}</dd>
            </div>
          </dl>
          {order.customer_note && <p className="alert info">{order.customer_note}</p>}
          {/* A canceled line is only read: its status says why and when, and no button is offered. */}
          {!state.canceled && (
            <>
              <div className="piece-actions">
                <div>
                  <NextStepButton line={order} unavailable={whyNext !== null} describedBy={whyNext ? `why-next-${id}` : undefined} />
                  {whyNext && (
                    <p id={`why-next-${id}`} className="why">
                      {t(`orders:why.${whyNext}`)}
                    </p>
                  )}
                </div>
                <div className="approve">
                  <button
                    type="button"
                    className="big secondary"
                    aria-describedby={`approve-what-${id}`}
                    disabled={whyApprove !== null || busy}
                    onClick={() => dispatch(workshopApprovalRequested(id))}
                  >
                    {state.workshopApproved ? t('approved') : t('approve')}
                  </button>
                  <p id={`approve-what-${id}`} className="why">
                    {t('approveWhat')}
                  </p>
                </div>
              </div>
              {canEnterGram(state) ? (
                <GramEntry
                  line={order}
                  busy={busy}
                  asked={asked}
                  onSave={(gram, confirmed) => dispatch(gramEntered(id, gram, confirmed))}
                  onDecline={() => dispatch(gramConfirmationDeclined(id))}
                />
              ) : (
                started && (
                  <p className="why">
                    {t('fields.gram')}: {whyGram && t(`orders:why.${whyGram}`)}
                  </p>
                )
              )}
            </>
          )}
          <dl className="facts">
            {started && (
              <>
                <dt>{t('fields.gram')}</dt>
                <dd>
                  {order.product_gram === null ? '-' : fmt.gram(order.product_gram)}
                  {order.gram_flagged && <div className="row-notice error">{t('fields.flag')}</div>}
                </dd>
                <dt>{t('fields.expectedWeight')}</dt>
                <dd>{order.expected_weight === null ? '-' : fmt.gram(order.expected_weight)}</dd>
              </>
            )}
            <dt>{t('fields.expected')}</dt>
            <dd>{order.production_expected_date ? fmt.date(order.production_expected_date) : '-'}</dd>
          </dl>
        </section>
      </div>
      <h2>{t('history')}</h2>
      <LineHistory id={id} />
    </>
  );
}
