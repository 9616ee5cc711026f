import { useTranslation } from 'react-i18next';
import { Role, type RoleId } from '../../../shared/roles';
import { NoticeView } from '../../components/NoticeView';
import { CUSTOMER_STATISTICS, MONEY_FIELDS } from '../customers';
import { useFormatters } from '../lookups';
import { useOwnCustomer, useOwnWorkshop } from './hooks';
import { LanguageCard } from './LanguageMenu';
import { PasswordChangeForm } from './PasswordChangeForm';

function Facts({ title, rows }: { title: string; rows: Array<[label: string, value: string | number]> }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <dl className="facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === '' ? '-' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function WorkshopBlock() {
  const { t } = useTranslation('workshops');
  const { data: workshop, notice } = useOwnWorkshop();
  if (!workshop) return <NoticeView notice={notice} />;
  return (
    <Facts
      title={t('account:workshopBlock')}
      rows={[
        ...(['name', 'code', 'company_name', 'phone_number', 'tax_number', 'address'] as const).map((f): [string, string] => [t(`fields.${f}`), workshop[f] ?? '']),
        [t('fields.processes'), workshop.processes.map((p) => p.name || p.step_name).join(', ')],
      ]}
    />
  );
}

function CustomerBlocks() {
  const { t } = useTranslation('customers');
  const fmt = useFormatters();
  const { data: customer, notice } = useOwnCustomer();
  if (!customer) return <NoticeView notice={notice} />;
  // The credit and the money figures are all in the credit's currency.
  const show = (key: string, value: number | string) => (MONEY_FIELDS.has(key) ? fmt.money(Number(value), customer.credit_currency) : value);
  return (
    <div className="cards">
      <Facts
        title={t('account:customerBlock')}
        rows={(['name', 'company_name', 'email', 'phone', 'address', 'tax_number', 'credit'] as const).map((f) => [t(`fields.${f}`), show(f, customer[f])])}
      />
      <Facts
        title={t('account:statisticsBlock')}
        rows={CUSTOMER_STATISTICS.map((key) => [t(`stats.${key}`), show(key, customer[key])])}
      />
    </div>
  );
}

/** The account tab: the user's own workshop or customer record, the language and the password change. */
export function AccountPanel({ role }: { role: RoleId }) {
  const { t } = useTranslation('account');
  if (role !== Role.Workshop && role !== Role.Customer) return <p className="alert info">{t('unsupportedRole')}</p>;
  return (
    <>
      {role === Role.Workshop ? <WorkshopBlock /> : <CustomerBlocks />}
      <LanguageCard />
      <PasswordChangeForm />
    </>
  );
}
