import { useTranslation } from 'react-i18next';
import type { VoucherDto, VoucherLineDto, VoucherSummaryDto } from '../../../shared/metal-api';
import { TableHead } from '../../components/TableHead';
import { useMetalFormat } from './format';

/** A voucher's status, the workshop's reason when it disputed it, and the flags the server sets on it. */
export function VoucherStatus({ voucher }: { voucher: VoucherSummaryDto }) {
  const { t } = useTranslation('metal');
  return (
    <>
      <span className={`voucher-status ${voucher.status}`}>{t(`statuses.${voucher.status}`)}</span>
      {voucher.dispute_reason && <div className="why">{t('vouchers.reason', { reason: voucher.dispute_reason })}</div>}
      {/* Loss above the norm is judged by the server; shown wherever a voucher's status is. */}
      {voucher.above_norm && <div className="voucher-flag">{t('vouchers.aboveNorm')}</div>}
    </>
  );
}

/** A settling receipt's job: what was lost, per mille of what was issued, beside the norm it was held to. */
export function VoucherLoss({ voucher }: { voucher: VoucherDto }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  if (voucher.loss_g === null) return null;
  const figures = {
    loss: fmt.grams(voucher.loss_g),
    perMille: voucher.loss_per_mille ? fmt.perMille(voucher.loss_per_mille) : '-',
    norm: voucher.norm_per_mille ? fmt.perMille(voucher.norm_per_mille) : '',
  };
  return (
    <p className="voucher-loss" data-figure="loss">
      {voucher.norm_per_mille ? t('vouchers.loss', figures) : t('vouchers.lossNoNorm', figures)}
      {voucher.above_norm && (
        <>
          {' — '}
          <span className="badge above-norm">{t('loss.aboveNorm')}</span>
        </>
      )}
    </p>
  );
}

/** A voucher's lines with their weights; `large` for the workshop's tablet. */
export function VoucherLines({ lines, label, large = false }: { lines: readonly VoucherLineDto[]; label: string; large?: boolean }) {
  const { t } = useTranslation('metal');
  const fmt = useMetalFormat();
  return (
    <div className="table-scroll">
      <table aria-label={label} className={large ? 'metal-lines large' : 'metal-lines'}>
        <TableHead labels={[t('line.kind'), t('line.metal'), t('line.milyem'), t('line.gross'), t('line.stones'), t('line.other'), t('line.net'), t('line.fine')]} />
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td>{t(`kinds.${line.kind}`)}</td>
              <td>{t(`metals.${line.metal}`)}</td>
              <td>{line.milyem}</td>
              <td>{fmt.grams(line.gross_g)}</td>
              <td>{fmt.carats(line.stone_ct)}</td>
              <td>{fmt.grams(line.other_g)}</td>
              <td>{fmt.grams(line.net_g)}</td>
              <td>{fmt.grams(line.fine_g)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
