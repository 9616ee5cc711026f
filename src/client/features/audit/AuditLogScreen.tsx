import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ENTITY, AUDIT_KINDS, type AuditKind } from '../../../shared/audit';
import { WHOLE } from '../../../shared/decimal';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';
import { TableHead } from '../../components/TableHead';
import { useFormatters, useLookups, useStatusLists } from '../lookups';
import { AuditChange } from './AuditChange';
import { type AuditFilters, auditLogRequested, auditUsersRequested, NO_FILTERS, selectAudit, selectAuditUsers } from './slice';

const COLUMNS = ['when', 'who', 'what', 'entity', 'change'] as const;

/** The filter form; its values reach the page only when applied. */
function FilterForm({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation('audit');
  const users = useAppSelector(selectAuditUsers);
  const [form, setForm] = useState(applied);
  const set = (field: keyof AuditFilters) => (event: { target: { value: string } }) => setForm((previous) => ({ ...previous, [field]: event.target.value }));
  const { read } = useTypedNumbers();
  const entity = read(form.entityId, WHOLE);
  return (
    <form
      noValidate
      className="toolbar"
      aria-label={t('filters.title')}
      onSubmit={(event) => {
        event.preventDefault();
        // A refused id says why beside the field; the filters wait for one that reads.
        if (entity.status === 'refused') return;
        onApply({ ...form, entityId: entity.status === 'read' ? entity.decimal : '' });
      }}
    >
      <label>
        {t('filters.kind')}
        <select value={form.kind} onChange={set('kind')}>
          <option value="">{t('filters.allKinds')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filters.user')}
        <select value={form.userId} onChange={set('userId')}>
          <option value="">{t('filters.allUsers')}</option>
          {users.list.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.username}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filters.entityId')}
        <input {...numberInput(WHOLE)} value={form.entityId} onChange={set('entityId')} />
      </label>
      <NumberNote typed={entity} />
      <label>
        {t('filters.from')}
        <input type="date" value={form.from} onChange={set('from')} />
      </label>
      <label>
        {t('filters.to')}
        <input type="date" value={form.to} onChange={set('to')} />
      </label>
      <button type="submit">{t('filters.apply')}</button>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          setForm(NO_FILTERS);
          onApply(NO_FILTERS);
        }}
      >
        {t('filters.clear')}
      </button>
      <NoticeView notice={users.notice} />
    </form>
  );
}

/**
 * /admin/audit-log: who changed which admin record or corrected which order line, when, from what to
 * what and why; filtered and read a page at a time. A change with no user is the system's (a shop's
 * cancellation arriving by webhook).
 */
export default function AuditLogScreen() {
  const { t } = useTranslation('audit');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const lookups = useLookups();
  const { qualityControl } = useStatusLists();
  const names = useMemo(() => ({ status: lookups.status, step: lookups.step, qualityControl }), [lookups, qualityControl]);
  const { filters, offset, limit, entries, total, status, notice } = useAppSelector(selectAudit);
  const page = (next: { filters?: AuditFilters; offset: number }) => dispatch(auditLogRequested({ filters: next.filters ?? filters, offset: next.offset }));
  // Opened again, the screen shows the filters and page it was left at, read anew (the log grows meanwhile).
  const [opened] = useState(() => ({ filters, offset }));
  useEffect(() => {
    dispatch(auditUsersRequested());
    dispatch(auditLogRequested(opened));
  }, [dispatch, opened]);
  const entity = (kind: AuditKind, id: number | null) => t(`entities.${AUDIT_ENTITY[kind]}`, { id });
  return (
    <>
      <h1>{t('title')}</h1>
      <p className="hint">{t('intro')}</p>
      <FilterForm applied={filters} onApply={(next) => page({ filters: next, offset: 0 })} />
      <NoticeView notice={notice} />
      {status === 'loading' && <p role="status">{t('common:loading')}</p>}
      {status === 'ready' && total === 0 && <p>{t('empty')}</p>}
      {entries.length > 0 && (
        <>
          <div className="table-scroll">
            <table aria-label={t('title')}>
              <TableHead labels={COLUMNS.map((column) => t(`columns.${column}`))} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{fmt.date(entry.created_at)}</td>
                    <td>{entry.username ?? t('common:system')}</td>
                    <td>{t(`kinds.${entry.kind}`, { defaultValue: entry.kind })}</td>
                    <td>{entity(entry.kind, entry.entity_id)}</td>
                    <td>
                      <AuditChange entry={entry} fmt={fmt} names={names} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="toolbar">
            <button type="button" className="secondary" disabled={status === 'loading' || offset === 0} onClick={() => page({ offset: offset - limit })}>
              {t('common:pager.previous')}
            </button>
            <span role="status">{t('range', { first: offset + 1, last: offset + entries.length, total })}</span>
            <button type="button" className="secondary" disabled={status === 'loading' || offset + entries.length >= total} onClick={() => page({ offset: offset + limit })}>
              {t('common:pager.next')}
            </button>
          </div>
        </>
      )}
    </>
  );
}
