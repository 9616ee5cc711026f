/*
 * A B2B customer's credit against its open orders. The credit is an amount in its own currency;
 * what the customer owes on open orders (lines neither completed nor canceled: `isOpenLine` of
 * lifecycle.ts, counted in SQL by the customers service) in that currency is drawn from it. Open
 * orders in another currency are listed apart, never converted. An order beyond the available
 * credit is the customer's to confirm and the office's to see ('Kredi aşımı'); nothing is debited.
 */

/** An amount in a currency. */
export interface Amount {
  currency: string;
  amount: number;
}

export interface CreditStanding {
  credit: number;
  credit_currency: string;
  /** The total of the open orders in the credit's currency. */
  open_order_amount: number;
  /** The credit less the open orders; below zero once exceeded. */
  available_credit: number;
  /** Open orders in other currencies, one total each, by currency. */
  other_currency_open_amounts: Amount[];
}

/** Rounded to cents: sums of decimal prices drift by fractions of a cent. */
export const toCents = (value: number) => Math.round(value * 100) / 100;

/** The standing of a credit of `credit` in `currency`, given the open order totals per currency. */
export function creditStanding(credit: number, currency: string, open: readonly Amount[]): CreditStanding {
  const own = open.filter((o) => o.currency === currency).reduce((sum, o) => sum + o.amount, 0);
  return {
    credit,
    credit_currency: currency,
    open_order_amount: toCents(own),
    available_credit: toCents(credit - own),
    other_currency_open_amounts: open
      .filter((o) => o.currency !== currency && o.amount !== 0)
      .map((o) => ({ currency: o.currency, amount: toCents(o.amount) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  };
}

/**
 * Whether an order goes beyond the available credit. An order in another currency than the
 * credit's has nothing to draw on (amounts are never converted), so any amount of it does.
 */
export function exceedsCredit(standing: CreditStanding, order: Amount): boolean {
  if (order.amount <= 0) return false;
  const available = order.currency === standing.credit_currency ? standing.available_credit : 0;
  return toCents(order.amount) > available;
}

/** The amount of an order's rows (price times quantity, an unpriced product counting nothing) in their one currency; null when they name none or several. */
export function orderAmount(rows: ReadonlyArray<{ price: number | null; currency: string; quantity: number }>): Amount | null {
  const currencies = new Set(rows.map((row) => row.currency));
  if (currencies.size !== 1) return null;
  return { currency: rows[0].currency, amount: toCents(rows.reduce((sum, row) => sum + (row.price ?? 0) * row.quantity, 0)) };
}
