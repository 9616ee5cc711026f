import type { TFunction } from 'i18next';
import type { RoleId } from '../../shared/roles';

/** A role's name in the reader's language (the server names roles in Turkish); the server's name for a role the catalogues do not know. */
export const roleName = (t: TFunction<never>, id: RoleId, serverName: string): string => (t as TFunction)(`common:roles.${id}`, { defaultValue: serverName });
