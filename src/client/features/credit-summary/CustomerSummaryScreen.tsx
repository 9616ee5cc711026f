import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { useAppSelector } from '../../app/hooks';
import { CreditSummary } from './CreditSummary';
import { selectCreditSummary } from './slice';

/** /admin/customers/:id/summary and /office/customers/:id/summary: one customer's summary on a page of its own, to print. */
export default function CustomerSummaryScreen() {
  const { t } = useTranslation('summary');
  const id = Number(useParams().id);
  const base = useLocation().pathname.replace(/\/\d+\/summary$/, '');
  const customer = useAppSelector(selectCreditSummary).summary?.customer;
  const name = customer?.id === id ? customer.name : String(id);
  return (
    <>
      <Breadcrumbs trail={[{ label: t('common:nav.customers'), to: base }, { label: name, to: `${base}/${id}` }]} current={t('title')} />
      <CreditSummary key={id} customerId={id} />
    </>
  );
}
