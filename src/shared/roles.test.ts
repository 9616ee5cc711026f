import {
  ADMINS,
  ANY_ROLE,
  CUSTOMERS,
  EVERY_ACTIVE,
  isInactive,
  OFFICE,
  OFFICE_AND_CUSTOMERS,
  PRODUCTION,
  ROLE_IDS,
  Role,
  type RoleId,
  WORKSHOPS,
  readsLines,
  userStatus,
} from './roles';

const GROUPS = { ADMINS, OFFICE, WORKSHOPS, CUSTOMERS, PRODUCTION, OFFICE_AND_CUSTOMERS, EVERY_ACTIVE, ANY_ROLE };
const sorted = (...groups: Array<readonly RoleId[]>) => [...new Set(groups.flat())].sort((a, b) => a - b);

test('each group names known roles, each once', () => {
  for (const [name, roles] of Object.entries(GROUPS)) {
    expect({ name, known: roles.every((role) => ROLE_IDS.includes(role)), once: new Set(roles).size === roles.length }).toEqual({ name, known: true, once: true });
  }
});

test('the groups are built of one another as their names say', () => {
  expect(sorted(OFFICE)).toEqual(sorted(ADMINS, [Role.Office]));
  expect(sorted(PRODUCTION)).toEqual(sorted(OFFICE, WORKSHOPS));
  expect(sorted(OFFICE_AND_CUSTOMERS)).toEqual(sorted(OFFICE, CUSTOMERS));
  expect(sorted(EVERY_ACTIVE)).toEqual(sorted(OFFICE, WORKSHOPS, CUSTOMERS));
  expect(sorted(ANY_ROLE)).toEqual(sorted(ROLE_IDS));
  expect(sorted(ANY_ROLE)).toEqual(sorted(EVERY_ACTIVE, [Role.Inactive]));
});

test('the office, the workshops and the customers share no role, and only a group of any role holds the inactive one', () => {
  expect(sorted(OFFICE, WORKSHOPS, CUSTOMERS)).toHaveLength(OFFICE.length + WORKSHOPS.length + CUSTOMERS.length);
  const withInactive = Object.entries(GROUPS).filter(([, roles]) => roles.includes(Role.Inactive)).map(([name]) => name);
  expect(withInactive).toEqual(['ANY_ROLE']);
});

test('every active role reads lines; the inactive one and a number no role has do not', () => {
  expect(ROLE_IDS.filter(readsLines)).toEqual(ROLE_IDS.filter((role) => EVERY_ACTIVE.includes(role)));
  expect([Role.Inactive, 0, 9].map(readsLines)).toEqual([false, false, false]);
});

test('a user is inactive in the inactive role alone, which no active group holds', () => {
  expect(ROLE_IDS.filter(isInactive)).toEqual([Role.Inactive]);
  expect(ROLE_IDS.map(userStatus)).toEqual(ROLE_IDS.map((role) => (EVERY_ACTIVE.includes(role) ? 'active' : 'inactive')));
  // A role the code does not know is not the inactive one: its user is listed as active (and reads nothing).
  expect(userStatus(9)).toBe('active');
});
