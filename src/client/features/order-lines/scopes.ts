import { API, type OrderLineDto } from '../../../shared/api';

/**
 * Which lines a screen shows, and where they are loaded from. The server applies the ownership
 * rule: a workshop or customer user's own lists hold every line that user may read.
 */
export type LineScope =
  | { kind: 'all' }
  | { kind: 'myWorkshop' }
  | { kind: 'myCustomer' }
  | { kind: 'workshop'; id: number }
  | { kind: 'customer'; id: number };

/** Every line the reader may see: the admin and office grid's list. */
export const EVERY_LINE: LineScope = { kind: 'all' };

export const scopeKey = (scope: LineScope): string => ('id' in scope ? `${scope.kind}:${scope.id}` : scope.kind);

const SCOPE_KINDS: readonly LineScope['kind'][] = ['all', 'myWorkshop', 'myCustomer', 'workshop', 'customer'];

/** The scope a load key names (scopeKey), or null for a key that is not a list's (a single line's). */
export function scopeOfKey(key: string): LineScope | null {
  const [kind, id] = key.split(':') as [LineScope['kind'], string | undefined];
  if (!SCOPE_KINDS.includes(kind)) return null;
  if (kind === 'workshop' || kind === 'customer') return id === undefined ? null : { kind, id: Number(id) };
  return id === undefined ? { kind } : null;
}

export function scopePath(scope: LineScope): string {
  switch (scope.kind) {
    case 'all':
      return API.orders;
    case 'myWorkshop':
      return API.myWorkshopOrders;
    case 'myCustomer':
      return API.myCustomerOrders;
    case 'workshop':
      return API.workshopOrders(scope.id);
    case 'customer':
      return API.customerOrders(scope.id);
  }
}

/** A scope's answer holds every line of the store (all, or a user's own) or a part of it. */
export const holdsAll = (scope: LineScope) => scope.kind === 'all' || scope.kind === 'myWorkshop' || scope.kind === 'myCustomer';

/** Whether a line belongs to a scope, so a screen selects its lines from the one collection. */
export function inScope(scope: LineScope, line: OrderLineDto): boolean {
  if (scope.kind === 'workshop') return line.workshop_id === scope.id;
  if (scope.kind === 'customer') return line.customer_id === scope.id;
  return true;
}

/** Where one line is read from, by who reads it. */
export const linePath = (id: number, reader: 'workshop' | 'customer') => (reader === 'workshop' ? API.myWorkshopOrder(id) : API.myCustomerOrder(id));
