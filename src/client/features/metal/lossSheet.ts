import type { TFunction } from 'i18next';
import type { LossRowDto } from '../../../shared/metal-api';
import type { SheetColumn } from '../../components/excel';

/* In the sheet weights and rates are numbers, so Excel sums and compares them; the decimal text reads back as the same figure. */
const figure = (value: string | null) => (value === null ? null : Number(value));

/** The loss table's columns for the export worker; `names` gives each row's workshop, purity and step as the screen does. */
export function lossSheet(
  rows: readonly LossRowDto[],
  t: TFunction<'metal'>,
  names: { purity: (milyem: number) => string; step: (id: number) => string },
) {
  const columns: SheetColumn<LossRowDto>[] = [
    { header: t('loss.workshop'), type: 'text', value: (r) => r.workshop_name },
    { header: t('loss.purity'), type: 'text', value: (r) => names.purity(r.milyem) },
    { header: t('loss.step'), type: 'text', value: (r) => (r.step_id === null ? t('loss.noStep') : names.step(r.step_id)) },
    { header: t('sheet.issued'), type: 'number', value: (r) => figure(r.issued_g) },
    { header: t('sheet.returned'), type: 'number', value: (r) => figure(r.returned_g) },
    { header: t('sheet.loss'), type: 'number', value: (r) => figure(r.loss_g) },
    { header: t('sheet.lossPerMille'), type: 'number', value: (r) => figure(r.loss_per_mille) },
    { header: t('sheet.normPerMille'), type: 'number', value: (r) => figure(r.norm_per_mille) },
    { header: t('loss.verdict'), type: 'text', value: (r) => (r.above_norm ? t('loss.aboveNorm') : '') },
  ];
  return { columns, rows };
}
