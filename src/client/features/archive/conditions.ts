import type { TFunction } from 'i18next';
import { formatDay } from '../../../shared/locale';
import type { Choice } from './ArchiveForm';
import type { ArchiveFilters } from './query';
import type { ArchiveChoices } from './useArchiveChoices';

/** A picked id by its name, or its number when the list does not hold it (yet). */
const nameOf = (choices: readonly Choice[] | undefined, id: number) => choices?.find((choice) => choice.id === id)?.name ?? `#${id}`;

/** The conditions of an archive query in the reader's words, one sentence part each: its search, day range and filters. */
export function archiveConditions(filters: ArchiveFilters, choices: ArchiveChoices, t: TFunction, language: string): string[] {
  const condition = (name: string, value: string) => t('archive:grid.condition', { name, value });
  const parts: string[] = [];
  const q = filters.q.trim();
  if (q) parts.push(condition(t('archive:filters.search'), q));
  if (filters.from || filters.to) {
    const from = filters.from ? formatDay(filters.from, language) : '';
    const to = filters.to ? formatDay(filters.to, language) : '';
    const range = from && to ? t('archive:grid.between', { from, to }) : from ? t('archive:grid.since', { from }) : t('archive:grid.until', { to });
    parts.push(condition(t(`archive:filters.dates.${filters.date}`), range));
  }
  const picked: Array<[string, number | undefined, readonly Choice[] | undefined]> = [
    ['archive:filters.customer', filters.customerId, choices.customers],
    ['archive:filters.workshop', filters.workshopId, choices.workshops],
    ['archive:filters.status', filters.statusId, choices.statuses],
    ['archive:filters.product', filters.productId, choices.products],
  ];
  for (const [label, id, list] of picked) if (id !== undefined) parts.push(condition(t(label), nameOf(list, id)));
  return parts;
}
