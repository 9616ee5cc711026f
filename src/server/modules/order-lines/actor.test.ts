import { Role } from '../../../shared/roles';
import { actorOf } from './actor';

// Deny by default: only the four roles that read lines have an actor, each with its own share.
test.each([
  [Role.Inactive, null],
  [Role.Admin, { userId: 7 }],
  [Role.Office, { userId: 7 }],
  [Role.Workshop, { userId: 7, workshopId: 3 }],
  [Role.Customer, { userId: 7, customerId: 4, isCustomer: true }],
  [9, null],
  [0, null],
])('role %p reads %p', (role, actor) => {
  expect(actorOf({ id: 7, role: role as never, workshopId: 3, customerId: 4 })).toEqual(actor);
});

test('a workshop or customer user without its record reads nothing', () => {
  expect(actorOf({ id: 7, role: Role.Workshop, workshopId: null, customerId: null })).toBeNull();
  expect(actorOf({ id: 7, role: Role.Customer, workshopId: null, customerId: null })).toBeNull();
});
