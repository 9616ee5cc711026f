import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopConnectionDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { selectCatalogue, syncRequested } from '../catalogue';
import { customersRequested, selectCustomerList } from '../customers';
import { type Formatters, useFormatters } from '../lookups';
import { RowNotice } from './RowNotice';
import { connectionTestRequested, selectConnectionTest, selectStores, selectSubscriptions, storesRequested, subscriptionsRequested } from './slice';

const COLUMNS = ['name', 'domain', 'kind', 'customer', 'status', 'lastOrder', 'actions'] as const;

/** The webhook subscriptions the store reports, read each time they are opened. */
function SubscriptionList({ store }: { store: ShopConnectionDto }) {
  const { t } = useTranslation('shops');
  const subscriptions = useAppSelector((state) => selectSubscriptions(state, store.id));
  const list = subscriptions?.list ?? [];
  return (
    <>
      <ListStatus status={subscriptions?.status ?? 'loading'} notice={subscriptions?.notice ?? null} count={list.length} empty={t('subscriptions.empty')} />
      {list.length > 0 && (
        <dl className="facts" aria-label={t('subscriptions.title', { name: store.shop_name })}>
          {list.map((subscription) => (
            <div key={subscription.id}>
              <dt>{subscription.topic}</dt>
              <dd>{subscription.uri}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

function StoreRow({ store, customer, fmt }: { store: ShopConnectionDto; customer: string; fmt: Formatters }) {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const test = useAppSelector((state) => selectConnectionTest(state, store.id));
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const toggle = () => {
    if (!open) dispatch(subscriptionsRequested(store.id));
    setOpen(!open);
  };
  const testing = test?.status === 'busy';
  const { syncs, syncStarting } = useAppSelector(selectCatalogue);
  const syncing = syncStarting || syncs.some((sync) => sync.connection_id === store.id && sync.status === 'running');
  return (
    <>
      <tr>
        <td>{store.shop_name}</td>
        <td>{store.shop_domain ?? '-'}</td>
        <td>{t(`stores.kinds.${store.kind}`)}</td>
        <td>{customer}</td>
        <td>{t(`stores.statuses.${store.status}`)}</td>
        <td>{store.last_order_seen_at ? fmt.date(store.last_order_seen_at) : t('stores.noOrderYet')}</td>
        <td>
          <div className="toolbar">
            <button type="button" className="secondary small" disabled={testing} aria-busy={testing} onClick={() => dispatch(connectionTestRequested(store.id))}>
              {testing ? t('stores.testing') : t('stores.test')}
            </button>
            <button type="button" className="secondary small" aria-expanded={open} aria-controls={detailsId} onClick={toggle}>
              {open ? t('stores.hideSubscriptions') : t('stores.showSubscriptions')}
            </button>
            {store.kind === 'store' && store.status === 'active' && (
              <button type="button" className="secondary small" disabled={syncing} onClick={() => dispatch(syncRequested(store.id))}>
                {t('stores.syncCatalogue')}
              </button>
            )}
          </div>
          <RowNotice notice={test?.notice} />
        </td>
      </tr>
      {open && (
        <tr id={detailsId}>
          <td colSpan={COLUMNS.length}>
            <SubscriptionList store={store} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The store connections and webhook records, each with its customer, state and latest order. */
export function StoreList() {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, list } = useAppSelector(selectStores);
  const customers = useAppSelector(selectCustomerList);
  useEffect(() => {
    dispatch(storesRequested());
    // Names for the connections' user ids; the list is shared and loaded once.
    dispatch(customersRequested());
  }, [dispatch]);
  const customerNames = useMemo(() => new Map(customers.map((customer) => [customer.user_id, customer.name])), [customers]);
  return (
    <section aria-labelledby="shop-stores-title">
      <h3 id="shop-stores-title">{t('stores.title')}</h3>
      <ListStatus status={status} notice={notice} count={list.length} empty={t('stores.empty')} />
      {list.length > 0 && (
        <div className="table-scroll">
          <table aria-labelledby="shop-stores-title">
            <TableHead labels={COLUMNS.map((column) => t(`stores.columns.${column}`))} />
            <tbody>
              {list.map((store) => (
                <StoreRow key={store.id} store={store} customer={customerNames.get(store.user_id) ?? t('stores.customerId', { id: store.user_id })} fmt={fmt} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
