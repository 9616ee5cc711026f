import { Role, type RoleId } from '../../../shared/roles';

const PATH_OF_ROLE: Partial<Record<RoleId, string>> = {
  [Role.Admin]: '/admin/notifications',
  [Role.Office]: '/office/notifications',
  [Role.Workshop]: '/workshop/notifications',
  [Role.Customer]: '/customer/notifications',
};

/** The notification settings screen of a role, in its own area; null for a role told of nothing. */
export function preferencesPathOf(role: RoleId): string | null {
  return PATH_OF_ROLE[role] ?? null;
}
