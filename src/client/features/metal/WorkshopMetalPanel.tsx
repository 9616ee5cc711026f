import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherSummaryDto } from '../../../shared/metal-api';
import { disputeSchema } from '../../../shared/schemas/metal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { firstError } from '../../components/validate';
import { useOwnWorkshop } from '../account';
import { useMetalFormat } from './format';
import {
  noticeCleared,
  selectMetal,
  selectStatement,
  selectVoucherDetail,
  selectVouchers,
  statementRequested,
  voucherConfirmRequested,
  voucherDisputeRequested,
  voucherRequested,
  vouchersRequested,
} from './slice';
import { StatementView } from './StatementView';
import { VoucherLines, VoucherStatus } from './VoucherParts';

/** The workshop's reason for disputing a voucher: required, in a dialog. */
function DisputeDialog({ voucher, onClose }: { voucher: VoucherSummaryDto; onClose: () => void }) {
  const { t } = useTranslation('metal');
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const invalid = firstError(disputeSchema, { reason: reason.trim() });
    setError(invalid);
    if (invalid) return;
    dispatch(voucherDisputeRequested({ id: voucher.id, reason: reason.trim() }));
    onClose();
  };
  return (
    <Modal title={t('decide.disputeTitle', { number: voucher.number })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="dispute-reason">{t('decide.reason')}</label>
        <textarea id="dispute-reason" rows={3} value={reason} aria-invalid={error ? true : undefined} onChange={(event) => setReason(event.target.value)} />
        {error && (
          <div className="field-error" role="alert">
            {t(error)}
          </div>
        )}
        <div className="toolbar">
          <button type="submit" className="big danger">
            {t('decide.disputeSend')}
          </button>
          <button type="button" className="big secondary" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A voucher waiting for the workshop: its lines large, and the two answers. */
function PendingVoucher({ voucher, onDispute }: { voucher: VoucherSummaryDto; onDispute: () => void }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectMetal);
  const detail = useAppSelector((state) => selectVoucherDetail(state, voucher.id));
  useEffect(() => {
    dispatch(voucherRequested(voucher.id));
  }, [voucher.id, dispatch]);
  const title = t('decide.voucherTitle', { type: t(`types.${voucher.type}`), number: voucher.number, date: fmt.day(voucher.date) });
  return (
    <article className="card pending-voucher" aria-label={title}>
      <h3>{title}</h3>
      {voucher.note && <p>{t('vouchers.note', { note: voucher.note })}</p>}
      {detail ? <VoucherLines lines={detail.lines} label={t('vouchers.linesOf', { number: voucher.number })} large /> : <p role="status">{t('common:loading')}</p>}
      <div className="piece-actions">
        <button type="button" className="big" disabled={busy} onClick={() => dispatch(voucherConfirmRequested(voucher.id))}>
          {t('decide.confirm')}
        </button>
        <button type="button" className="big secondary" disabled={busy} onClick={onDispute}>
          {t('decide.dispute')}
        </button>
      </div>
    </article>
  );
}

/**
 * The workshop's metal tab on its tablet: what it owes in fine gold, the vouchers addressed to it
 * (each one waiting confirmed or disputed here), and its statement.
 */
export function WorkshopMetalPanel() {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const own = useOwnWorkshop();
  const workshopId = own.data?.id;
  const vouchers = useAppSelector(selectVouchers);
  const statement = useAppSelector(selectStatement);
  const { notice } = useAppSelector(selectMetal);
  const [disputing, setDisputing] = useState<VoucherSummaryDto | null>(null);
  useEffect(() => {
    dispatch(vouchersRequested());
    return () => {
      dispatch(noticeCleared());
    };
  }, [dispatch]);
  useEffect(() => {
    if (workshopId) dispatch(statementRequested({ workshopId }));
  }, [workshopId, dispatch]);
  const pending = vouchers.data.filter((v) => v.status === 'pending');
  const answered = vouchers.data.filter((v) => v.status !== 'pending');
  const ownStatement = statement.data && statement.data.workshop_id === workshopId ? statement.data : null;
  return (
    <section aria-labelledby="workshop-metal-title" className="workshop-metal">
      <h2 id="workshop-metal-title">{t('workshop.title')}</h2>
      <NoticeView notice={notice} />
      <NoticeView notice={own.notice} />
      <div className="cards">
        <div className="card stat">
          <strong data-figure="balance">{ownStatement ? fmt.grams(ownStatement.closing_fine_g) : '-'}</strong>
          {t('workshop.balance')}
        </div>
        <div className="card stat">
          <strong>{pending.length}</strong>
          {t('workshop.pending')}
        </div>
      </div>
      <ListStatus status={vouchers.status} notice={vouchers.notice} count={vouchers.data.length} empty={t('workshop.noVouchers')} />
      {pending.map((voucher) => (
        <PendingVoucher key={voucher.id} voucher={voucher} onDispute={() => setDisputing(voucher)} />
      ))}
      {answered.length > 0 && (
        <div className="table-scroll">
          <table aria-label={t('workshop.answered')}>
            <TableHead labels={[t('vouchers.number'), t('vouchers.type'), t('vouchers.date'), t('vouchers.status')]} />
            <tbody>
              {answered.map((voucher) => (
                <tr key={voucher.id}>
                  <td>{voucher.number}</td>
                  <td>{t(`types.${voucher.type}`)}</td>
                  <td>{fmt.day(voucher.date)}</td>
                  <td>
                    <VoucherStatus voucher={voucher} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>{t('workshop.statement')}</h3>
      <ListStatus status={statement.status} notice={statement.notice} count={ownStatement ? 1 : 0} empty="" />
      {ownStatement && <StatementView statement={ownStatement} />}
      {disputing && <DisputeDialog voucher={disputing} onClose={() => setDisputing(null)} />}
    </section>
  );
}
