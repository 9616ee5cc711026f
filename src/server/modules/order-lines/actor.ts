import { Role, type RoleId } from '../../../shared/roles';

/** Who reads or acts on lines: the office every line, a workshop its own, a customer its own orders'. */
export interface Actor {
  userId: number;
  /** Only this workshop's lines. */
  workshopId?: number;
  /** Only the lines of this customer's orders. */
  customerId?: number;
  /** The reader is the customer itself (not the office looking at a customer's orders): see answerFor. */
  isCustomer?: boolean;
}

/** A session's user with the records it acts for (null when it has none). */
export interface ActingUser {
  id: number;
  role: RoleId;
  workshopId: number | null;
  customerId: number | null;
}

/**
 * The actor of a user; none for a workshop user without a workshop or a customer user without a
 * customer record, who may then read no line at all.
 */
export function actorOf(user: ActingUser): Actor | null {
  if (user.role === Role.Workshop) return user.workshopId === null ? null : { userId: user.id, workshopId: user.workshopId };
  if (user.role === Role.Customer) return user.customerId === null ? null : { userId: user.id, customerId: user.customerId, isCustomer: true };
  return { userId: user.id };
}
