import { useTranslation } from 'react-i18next';

/** Shown on every page while the site is not served over HTTPS. */
export function HttpsBanner() {
  const { t } = useTranslation('common');
  if (window.location.protocol === 'https:') return null;
  return (
    <div className="https-banner" role="alert">
      {t('httpsWarning')}
    </div>
  );
}
