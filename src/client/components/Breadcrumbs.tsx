import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to: string;
}

/** Where a detail screen sits: the dashboard, the screens above it (links) and itself. */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  const { t } = useTranslation('common');
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs')}>
      <ol>
        {[{ label: t('nav.dashboard'), to: '/dashboard' }, ...trail].map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
