import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { catalogueLeft, catalogueOpened, SyncStatus } from '../catalogue';
import { EventList } from './EventList';
import { PendingItemList } from './PendingItemList';
import { RefusalList } from './RefusalList';
import { shopsPanelLeft } from './slice';
import { StoreList } from './StoreList';

/** The admin's view of the shop link: the connected stores, what they sent lately, and items waiting for a product. */
export function ShopsPanel() {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  // The stores' catalogue syncs are followed here as in the catalogue screen.
  useEffect(() => {
    dispatch(catalogueOpened());
    return () => {
      dispatch(catalogueLeft());
      dispatch(shopsPanelLeft());
    };
  }, [dispatch]);
  return (
    <section aria-labelledby="shops-title">
      <h2 id="shops-title">{t('title')}</h2>
      <p className="hint">
        {/* Stores are still added where their customer is chosen: the users screen. */}
        <Trans t={t} i18nKey="intro" components={{ users: <Link to="/admin/users" /> }} />
      </p>
      <StoreList />
      <SyncStatus />
      <EventList />
      <RefusalList />
      <PendingItemList />
    </section>
  );
}
