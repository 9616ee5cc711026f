/** Numeric role ids used by the server, the client and the stored session (SPEC section 6). */
export const Role = {
  Inactive: 1,
  Admin: 2,
  Workshop: 3,
  Office: 4,
  Customer: 5,
} as const;

export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_IDS: readonly RoleId[] = Object.values(Role);

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === 'number' && (ROLE_IDS as readonly number[]).includes(value);
}

/**
 * The roles that may read order lines (each its own share of them: see the server's actorOf).
 * Any other role, the inactive one and a number no role has, reads no line and hears nothing live.
 */
export const LINE_READERS: readonly RoleId[] = [Role.Admin, Role.Office, Role.Workshop, Role.Customer];

export const readsLines = (role: number): boolean => (LINE_READERS as readonly number[]).includes(role);

/** Role given to every newly registered user until an admin changes it. */
export const DEFAULT_ROLE: RoleId = Role.Inactive;
