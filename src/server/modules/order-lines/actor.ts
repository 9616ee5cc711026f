import { Role, type RoleId } from '../../../shared/roles';

/** Who reads or acts on lines: the office every line, a workshop its own, a customer its own orders'. */
export interface Actor {
  userId: number;
  /** Only this workshop's lines. */
  workshopId?: number;
  /** Only the lines of this customer's orders. */
  customerId?: number;
  /** The reader is the customer itself (not the office looking at a customer's orders): see order-lines/queries.ts answerFor. */
  isCustomer?: boolean;
}

/** Whether the actor reads only its own lines (a workshop's, a customer's), not the office's every line. */
export const isOwner = (actor: Actor): boolean => actor.workshopId !== undefined || actor.customerId !== undefined;

/** A session's user with the records it acts for (null when it has none). */
export interface ActingUser {
  id: number;
  role: RoleId;
  workshopId: number | null;
  customerId: number | null;
}

/**
 * The actor of a user, deny by default: the office reads every line, a workshop and a customer
 * their own; every other role (the inactive one, a number no role has) has none and reads no
 * line, nor does a workshop user without a workshop or a customer user without a customer record.
 */
export function actorOf(user: ActingUser): Actor | null {
  switch (user.role) {
    case Role.Admin:
    case Role.Office:
      return { userId: user.id };
    case Role.Workshop:
      return user.workshopId === null ? null : { userId: user.id, workshopId: user.workshopId };
    case Role.Customer:
      return user.customerId === null ? null : { userId: user.id, customerId: user.customerId, isCustomer: true };
    default:
      return null;
  }
}
