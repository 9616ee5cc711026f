import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Role, type RoleId } from '../../../shared/roles';
import { useAppSelector } from '../../app/hooks';
import { selectSession } from '../session';

const PATH_OF_ROLE: Partial<Record<RoleId, string>> = {
  [Role.Admin]: '/admin/archive',
  [Role.Office]: '/office/archive',
  [Role.Workshop]: '/workshop/archive',
  [Role.Customer]: '/customer/archive',
};

/** The archive screen of a role; null for a role that reads no lines. */
export function archivePathOf(role: RoleId): string | null {
  return PATH_OF_ROLE[role] ?? null;
}

/** The archive's link beside a list of lines: the signed-in reader's archive. */
export function ArchiveLink() {
  const { t } = useTranslation('archive');
  const { role } = useAppSelector(selectSession);
  const path = archivePathOf(role);
  return path ? (
    <Link to={path} className="button-link secondary">
      {t('link')}
    </Link>
  ) : null;
}
