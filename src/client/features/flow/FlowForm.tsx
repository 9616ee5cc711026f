import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectWorkshops } from '../workshops';
import type { FlowFilters } from './query';

/** The report's question: a period of whole days and a workshop (none: every one). */
export function FlowForm({ initial, busy, onSearch }: { initial: FlowFilters; busy: boolean; onSearch: (filters: FlowFilters) => void }) {
  const { t } = useTranslation('flow');
  const workshops = useAppSelector(selectWorkshops);
  const [filters, setFilters] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(filters);
  };
  return (
    <form className="toolbar" onSubmit={submit} aria-label={t('form')}>
      <label>
        {t('from')}
        <input type="date" required value={filters.from} onChange={(e) => setFilters({ ...filters, from: e.target.value })} />
      </label>
      <label>
        {t('to')}
        <input type="date" required value={filters.to} onChange={(e) => setFilters({ ...filters, to: e.target.value })} />
      </label>
      <label>
        {t('workshop')}
        <select value={filters.workshopId ?? ''} onChange={(e) => setFilters({ ...filters, workshopId: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">{t('everyWorkshop')}</option>
          {workshops.map((workshop) => (
            <option key={workshop.id} value={workshop.id}>
              {workshop.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={busy}>
        {t('show')}
      </button>
    </form>
  );
}
