import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ARCHIVE_DATES, ARCHIVE_SEARCH_MAX } from '../../../shared/schemas/archive';
import type { ArchiveFilters } from './query';

/** A choice of a filter's list: its id and name. */
export interface Choice {
  id: number;
  name: string;
}

interface Props {
  initial: ArchiveFilters;
  statuses: readonly Choice[];
  products: readonly Choice[];
  /** The office's pickers; absent for a workshop or a customer, whose lines the server picks. */
  customers?: readonly Choice[];
  workshops?: readonly Choice[];
  busy: boolean;
  onSearch: (filters: ArchiveFilters) => void;
}

const idOf = (value: string): number | undefined => (value ? Number(value) : undefined);

function Picker({ label, value, choices, onChange }: { label: string; value: number | undefined; choices: readonly Choice[]; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('archive');
  return (
    <label>
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(idOf(e.target.value))}>
        <option value="">{t('filters.any')}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The archive's query: which date the day range bounds, the range, the filters and the search text. */
export function ArchiveForm({ initial, statuses, products, customers, workshops, busy, onSearch }: Props) {
  const { t } = useTranslation('archive');
  const [filters, setFilters] = useState(initial);
  const set = (change: Partial<ArchiveFilters>) => setFilters((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(filters);
  };
  return (
    <form className="toolbar archive-form" onSubmit={submit} aria-label={t('form')}>
      <label>
        {t('filters.search')}
        <input type="search" value={filters.q} maxLength={ARCHIVE_SEARCH_MAX} placeholder={t('filters.searchHint')} onChange={(e) => set({ q: e.target.value })} />
      </label>
      <label>
        {t('filters.date')}
        <select value={filters.date} onChange={(e) => set({ date: e.target.value as ArchiveFilters['date'] })}>
          {ARCHIVE_DATES.map((date) => (
            <option key={date} value={date}>
              {t(`filters.dates.${date}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filters.from')}
        <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label>
        {t('filters.to')}
        <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
      </label>
      {customers && <Picker label={t('filters.customer')} value={filters.customerId} choices={customers} onChange={(customerId) => set({ customerId })} />}
      {workshops && <Picker label={t('filters.workshop')} value={filters.workshopId} choices={workshops} onChange={(workshopId) => set({ workshopId })} />}
      <Picker label={t('filters.status')} value={filters.statusId} choices={statuses} onChange={(statusId) => set({ statusId })} />
      <Picker label={t('filters.product')} value={filters.productId} choices={products} onChange={(productId) => set({ productId })} />
      <button type="submit" disabled={busy}>
        {t('search')}
      </button>
    </form>
  );
}
