import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VoucherSummaryDto } from '../../../shared/metal-api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { Modal } from '../../components/Modal';
import { TableHead } from '../../components/TableHead';
import { useMetalFormat } from './format';
import { selectBalances, selectMetal, selectVoucherDetail, selectVouchers, voucherCreateRequested, voucherRequested } from './slice';
import { VoucherLines, VoucherLoss, VoucherStatus } from './VoucherParts';

/** A voucher's lines, read when first opened, and a settling receipt's loss. */
function VoucherDetail({ voucher }: { voucher: VoucherSummaryDto }) {
  const { t } = useTranslation('metal');
  const detail = useAppSelector((state) => selectVoucherDetail(state, voucher.id));
  if (!detail) return <p role="status">{t('common:loading')}</p>;
  return (
    <>
      {detail.note && <p>{t('vouchers.note', { note: detail.note })}</p>}
      <VoucherLoss voucher={detail} />
      <VoucherLines lines={detail.lines} label={t('vouchers.linesOf', { number: detail.number })} />
    </>
  );
}

/**
 * The vouchers tab: every voucher, newest first, with its status and lines. The admin undoes a confirmed
 * one with a reversal voucher, after saying so in a dialog.
 */
export function VouchersPanel({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  const dispatch = useAppDispatch();
  const { status, notice, data } = useAppSelector(selectVouchers);
  const { busy } = useAppSelector(selectMetal);
  const names = useAppSelector(selectBalances).data;
  const nameOf = useMemo(() => new Map(names.map((w) => [w.workshop_id, w.workshop_name])), [names]);
  // A voucher already undone offers no second reversal.
  const reversed = useMemo(() => new Set(data.flatMap((v) => (v.reverses_id === null ? [] : [v.reverses_id]))), [data]);
  const [open, setOpen] = useState<number | null>(null);
  const [reversing, setReversing] = useState<VoucherSummaryDto | null>(null);
  const toggle = (voucher: VoucherSummaryDto) => {
    if (open === voucher.id) return setOpen(null);
    setOpen(voucher.id);
    dispatch(voucherRequested(voucher.id));
  };
  const reverse = (voucher: VoucherSummaryDto) => {
    dispatch(voucherCreateRequested({ type: voucher.type, workshop_id: voucher.workshop_id, date: fmt.today(), reverses_id: voucher.id, lines: [] }));
    setReversing(null);
  };
  return (
    <section aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t('vouchers.title')}</h2>
      <ListStatus status={status} notice={notice} count={data.length} empty={t('vouchers.empty')} />
      {data.length > 0 && (
        <div className="table-scroll">
          <table aria-label={t('vouchers.title')}>
            <TableHead labels={[t('vouchers.number'), t('vouchers.type'), t('vouchers.workshop'), t('vouchers.date'), t('vouchers.status'), t('vouchers.actions')]} />
            <tbody>
              {data.map((voucher) => (
                <Fragment key={voucher.id}>
                  <tr>
                    <td>{voucher.number}</td>
                    <td>
                      {t(`types.${voucher.type}`)}
                      {voucher.reverses_id !== null && <div className="why">{t('vouchers.reverses', { number: data.find((v) => v.id === voucher.reverses_id)?.number ?? voucher.reverses_id })}</div>}
                      {voucher.settles_id && <div className="why">{t('vouchers.settles', { number: data.find((v) => v.id === voucher.settles_id)?.number ?? voucher.settles_id })}</div>}
                    </td>
                    <td>{nameOf.get(voucher.workshop_id) ?? voucher.workshop_id}</td>
                    <td>{fmt.day(voucher.date)}</td>
                    <td>
                      <VoucherStatus voucher={voucher} />
                    </td>
                    <td>
                      <div className="toolbar">
                        <button type="button" className="link" aria-expanded={open === voucher.id} aria-label={t('vouchers.detailsOf', { number: voucher.number })} onClick={() => toggle(voucher)}>
                          {t('vouchers.details')}
                        </button>
                        {!readOnly && voucher.status === 'confirmed' && voucher.reverses_id === null && !reversed.has(voucher.id) && (
                          <button type="button" className="link" disabled={busy} aria-label={t('vouchers.reverseOf', { number: voucher.number })} onClick={() => setReversing(voucher)}>
                            {t('vouchers.reverse')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {open === voucher.id && (
                    <tr>
                      <td colSpan={6}>
                        <VoucherDetail voucher={voucher} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reversing && (
        <Modal title={t('vouchers.reverseTitle', { number: reversing.number })} onClose={() => setReversing(null)}>
          <p>{t('vouchers.reverseText', { number: reversing.number, type: t(`types.${reversing.type}`) })}</p>
          <div className="toolbar">
            <button type="button" onClick={() => reverse(reversing)}>
              {t('vouchers.reverseYes')}
            </button>
            <button type="button" className="secondary" autoFocus onClick={() => setReversing(null)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
