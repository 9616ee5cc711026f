import { useTranslation } from 'react-i18next';
import type { CatalogueSyncDto } from '../../../shared/api';
import { useAppSelector } from '../../app/hooks';
import { useFormatters } from '../lookups';
import { selectCatalogue } from './slice';

/** One store's latest sync: a progress bar while it runs, then its outcome and when it ended. */
function StoreSync({ sync }: { sync: CatalogueSyncDto }) {
  const { t } = useTranslation('catalogue');
  const { date } = useFormatters();
  const counts = t('syncs.counts', { added: sync.added, updated: sync.updated, unchanged: sync.unchanged, failed: sync.failed, removed: sync.removed });
  return (
    <li>
      <strong>{sync.shop_name}</strong>{' '}
      {sync.status === 'running' ? (
        <>
          <progress value={sync.done} max={sync.total ?? undefined} aria-label={t('syncs.progressOf', { shop: sync.shop_name })} />{' '}
          <span>{t('syncs.progress', { done: sync.done, total: sync.total ?? '?' })}</span> <span>{counts}</span>
        </>
      ) : (
        <>
          {sync.status === 'failed' && <span className="row-notice error">{t('syncs.failed', { error: sync.error ?? '' })}</span>} <span>{counts}</span>{' '}
          {sync.finished_at && <span>{t('syncs.last', { date: date(sync.finished_at) })}</span>}
        </>
      )}
    </li>
  );
}

/** The latest sync of each store, as the catalogue screen follows them. */
export function SyncStatus() {
  const { t } = useTranslation('catalogue');
  const { syncs } = useAppSelector(selectCatalogue);
  if (syncs.length === 0) return null;
  return (
    <ul className="sync-status" aria-label={t('syncs.title')}>
      {syncs.map((sync) => (
        <StoreSync key={sync.connection_id} sync={sync} />
      ))}
    </ul>
  );
}
