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

/** A registered user waits in the inactive role, reading nothing, until an admin gives them another. */
export const isInactive = (role: number): boolean => role === Role.Inactive;

/** A user's status as the users list shows it: inactive while their role is. */
export type UserStatus = 'active' | 'inactive';
export const userStatus = (role: number): UserStatus => (isInactive(role) ? 'inactive' : 'active');

/*
 * The groups of roles a route or a screen is declared for, named by who they are. The office is the
 * admin with the office staff: whatever the office may do, the admin may too.
 */
export const ADMINS: readonly RoleId[] = [Role.Admin];
export const OFFICE: readonly RoleId[] = [Role.Admin, Role.Office];
export const WORKSHOPS: readonly RoleId[] = [Role.Workshop];
export const CUSTOMERS: readonly RoleId[] = [Role.Customer];
/** The office and the workshops: who makes the pieces and keeps the metal. */
export const PRODUCTION: readonly RoleId[] = [Role.Admin, Role.Office, Role.Workshop];
/** The office and the customers: who orders and reads orders by customer. */
export const OFFICE_AND_CUSTOMERS: readonly RoleId[] = [Role.Admin, Role.Office, Role.Customer];
/** Every role but the inactive one. */
export const EVERY_ACTIVE: readonly RoleId[] = [Role.Admin, Role.Office, Role.Workshop, Role.Customer];
/** Whoever holds a session, the inactive role too. */
export const ANY_ROLE: readonly RoleId[] = ROLE_IDS;

/**
 * The roles that may read order lines: every active one, each its own share of them (see the
 * server's actorOf). The inactive role and a number no role has read no line and hear nothing live.
 */
export const LINE_READERS: readonly RoleId[] = EVERY_ACTIVE;

export const readsLines = (role: number): boolean => (LINE_READERS as readonly number[]).includes(role);

/** Role given to every newly registered user until an admin changes it. */
export const DEFAULT_ROLE: RoleId = Role.Inactive;
