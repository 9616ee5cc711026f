import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** A screen whose content is not available yet; the route, its guard and the way back exist. */
export default function UpcomingScreen({ screen }: { screen: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <h1>{t(`screens.${screen}`)}</h1>
      <p className="alert info">{t('comingSoon')}</p>
      <Link to="/dashboard">{t('backToDashboard')}</Link>
    </>
  );
}
