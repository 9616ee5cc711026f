import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Combobox, type ComboOption } from '../../components/Combobox';
import { NoticeView } from '../../components/NoticeView';
import type { OwnCustomer } from '../account';
import { customerRequested, customersRequested, selectCustomerById, selectCustomerDetail, selectCustomerList, selectCustomersState } from '../customers';
import { OrderForm } from './ManualOrderForm';

/**
 * /admin/phone-order and /office/phone-order: the office places an order for the customer it
 * chooses (`?customer=`), on the customer's manual order form with that customer's record and
 * credit; the server applies the customer's own rules and records who placed it.
 */
export default function PhoneOrderScreen() {
  const { t } = useTranslation('customerOrders');
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('customer')) || undefined;
  const list = useAppSelector(selectCustomerList);
  const listNotice = useAppSelector((state) => selectCustomersState(state).notice);
  const listReady = useAppSelector((state) => selectCustomersState(state).status === 'ready');
  const customer = useAppSelector((state) => (chosen === undefined ? undefined : selectCustomerById(state, chosen)));
  const detail = useAppSelector((state) => (chosen === undefined ? undefined : selectCustomerDetail(state, chosen)));
  useEffect(() => {
    dispatch(customersRequested());
  }, [dispatch]);
  // The credit standing is read on each choice: other orders may have drawn on it since.
  useEffect(() => {
    if (chosen !== undefined) dispatch(customerRequested(chosen));
  }, [dispatch, chosen]);
  const statistics = detail?.statistics;
  const buyer = useMemo((): OwnCustomer | null => (customer && statistics ? { ...customer, ...statistics } : null), [customer, statistics]);
  const options = useMemo(
    (): ComboOption[] =>
      list.map((c) => ({ id: c.id, label: c.company_name ? `${c.name} (${c.company_name})` : c.name, search: [c.id, c.name, c.company_name, c.email, c.phone].join(' '), detail: c.email })),
    [list],
  );

  return (
    <>
      <h1>{t('phone.title')}</h1>
      <p>{t('phone.intro')}</p>
      <NoticeView notice={listNotice ?? detail?.notice ?? null} />
      <div className="card">
        <h2>{t('phone.customer')}</h2>
        <div className="inline-edit">
          <Combobox
            label={t('phone.customer')}
            options={options}
            value={chosen}
            onChange={(id) => setSearch(id === undefined ? {} : { customer: String(id) }, { replace: true })}
            placeholder={t('phone.chooseCustomer')}
            noMatches={t('phone.noCustomerMatches')}
            disabled={!listReady}
          />
        </div>
      </div>
      {chosen !== undefined && !buyer && detail?.status !== 'failed' && <p role="status">{t('phone.loading')}</p>}
      {/* A new form for each customer: nothing typed for one is sent for another. */}
      {buyer && <OrderForm key={buyer.id} buyer={buyer} customerId={buyer.id} />}
    </>
  );
}
