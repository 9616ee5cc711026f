import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScorecardMonthDto } from '../../../shared/api';
import { formatDecimal, intlLocale } from '../../../shared/locale';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { useFormatters } from '../lookups';
import { scorecardRequested, selectScorecard } from './slice';

/** A month with nothing to judge: no delivery, no quality control and no metal. */
const isEmptyMonth = (month: ScorecardMonthDto) => month.delivered === 0 && month.inspected === 0 && month.loss_per_mille === null;

/** A month (yyyy-mm) as its reader names it, in the reader's language: 'November 2026'. */
const monthName = (month: string, language: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, index - 1, 1));
};

/**
 * A workshop's scorecard, month by month (newest first, months with nothing left out): on-time
 * deliveries, lead time, quality-control rejections, metal loss against its norm (in words beside
 * its colour when above).
 */
export function Scorecard({ workshopId }: { workshopId: number }) {
  const { t, i18n } = useTranslation('scorecard');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, card, workshopId: asked } = useAppSelector(selectScorecard);
  useEffect(() => {
    dispatch(scorecardRequested(workshopId));
  }, [dispatch, workshopId]);

  const months = useMemo(() => (card && asked === workshopId ? card.months.filter((month) => !isEmptyMonth(month)).reverse() : null), [card, asked, workshopId]);
  const percent = (rate: number | null) => (rate === null ? '-' : t('percent', { value: fmt.number(rate * 100, 1) }));
  const perMille = (value: string | null) => (value === null ? '-' : formatDecimal(value, i18n.language));

  return (
    <section className="card scorecard" aria-labelledby={`scorecard-${workshopId}`}>
      <h2 id={`scorecard-${workshopId}`}>{t('title')}</h2>
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={months ? 1 : 0} empty="" />
      {months && months.length === 0 && <p>{t('empty')}</p>}
      {months && months.length > 0 && (
        <table aria-label={t('title')}>
          <thead>
            <tr>
              <th scope="col">{t('columns.month')}</th>
              <th scope="col">{t('columns.delivered')}</th>
              <th scope="col">{t('columns.onTime')}</th>
              <th scope="col">{t('columns.lead')}</th>
              <th scope="col">{t('columns.rejection')}</th>
              <th scope="col">{t('columns.loss')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthName(month.month, i18n.language)}</th>
                <td>{fmt.number(month.delivered)}</td>
                <td>{percent(month.on_time_rate)}</td>
                <td>{month.lead_days === null ? '-' : fmt.number(month.lead_days, 1)}</td>
                <td>{month.rejection_rate === null ? '-' : t('rejection', { rate: percent(month.rejection_rate), rejected: month.rejected, inspected: month.inspected })}</td>
                <td className={month.above_norm ? 'above-norm' : undefined}>
                  {month.loss_per_mille === null
                    ? '-'
                    : t(month.norm_per_mille === null ? 'lossWithoutNorm' : month.above_norm ? 'lossAboveNorm' : 'lossWithinNorm', {
                        loss: perMille(month.loss_per_mille),
                        norm: perMille(month.norm_per_mille),
                      })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
