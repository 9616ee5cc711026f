import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { NoticeView } from '../../components/NoticeView';
import { type Tab, Tabs } from '../../components/Tabs';
import { BalancesPanel } from './BalancesPanel';
import { LockPanel } from './LockPanel';
import { LossPanel } from './LossPanel';
import { NormsPanel } from './NormsPanel';
import { PuritiesPanel } from './PuritiesPanel';
import { RefiningPanel } from './RefiningPanel';
import {
  balancesRequested,
  lockRequested,
  lossRequested,
  noticeCleared,
  refiningRequested,
  selectLock,
  selectLoss,
  selectMetal,
  selectRefining,
  selectStatement,
  statementRequested,
  vouchersRequested,
} from './slice';
import { StatementPanel } from './StatementPanel';
import { VoucherForm } from './VoucherForm';
import { VouchersPanel } from './VouchersPanel';

/**
 * The metal account, /admin/metal and the office's read-only /office/metal: balances, vouchers, a
 * workshop's statement, the loss against its norms, refining lots and the period lock; the admin
 * also writes vouchers, norms and lots, closes periods and keeps the purity table.
 */
export default function MetalScreen({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation('metal');
  const dispatch = useAppDispatch();
  const { notice, busy } = useAppSelector(selectMetal);
  const { query } = useAppSelector(selectStatement);
  const lossQuery = useAppSelector(selectLoss).query;
  const refiningStatus = useAppSelector(selectRefining).status;
  const lockStatus = useAppSelector(selectLock).status;
  // The balances name the workshops every tab picks from; the workshops answer vouchers meanwhile, so both are read on each visit.
  useEffect(() => {
    dispatch(balancesRequested());
    dispatch(vouchersRequested());
    return () => {
      dispatch(noticeCleared());
    };
  }, [dispatch]);
  const refresh = () => {
    dispatch(balancesRequested());
    dispatch(vouchersRequested());
    if (query) dispatch(statementRequested(query));
    if (lossQuery) dispatch(lossRequested(lossQuery));
    if (refiningStatus !== 'idle') dispatch(refiningRequested());
    if (lockStatus !== 'idle') dispatch(lockRequested());
  };
  const tabs: Tab[] = [
    { id: 'balances', label: t('tabs.balances'), content: () => <BalancesPanel /> },
    { id: 'vouchers', label: t('tabs.vouchers'), content: () => <VouchersPanel readOnly={readOnly} /> },
    { id: 'statement', label: t('tabs.statement'), content: () => <StatementPanel /> },
    {
      id: 'loss',
      label: t('tabs.loss'),
      content: () => (
        <>
          <LossPanel />
          <NormsPanel readOnly={readOnly} />
        </>
      ),
    },
    { id: 'refining', label: t('tabs.refining'), content: () => <RefiningPanel readOnly={readOnly} /> },
    { id: 'lock', label: t('tabs.lock'), content: () => <LockPanel readOnly={readOnly} /> },
    ...(readOnly
      ? []
      : [
          { id: 'new', label: t('tabs.newVoucher'), content: () => <VoucherForm /> },
          { id: 'purities', label: t('tabs.purities'), content: () => <PuritiesPanel /> },
        ]),
  ];
  return (
    <>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={busy} onClick={refresh}>
          {t('refresh')}
        </button>
      </div>
      <NoticeView notice={notice} />
      <Tabs label={t('title')} tabs={tabs} />
    </>
  );
}
