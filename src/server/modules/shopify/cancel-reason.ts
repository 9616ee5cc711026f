import { message } from '../../messages';

/*
 * The shop names why an order was canceled by a code (Shopify's OrderCancelReason). A line keeps
 * the reason in words, as it keeps the office's, so every reader sees a sentence, never a code.
 */
const BY_CODE: Record<string, string> = {
  customer: 'success:shopCanceledCustomer',
  declined: 'success:shopCanceledDeclined',
  fraud: 'success:shopCanceledFraud',
  inventory: 'success:shopCanceledInventory',
  staff: 'success:shopCanceledStaff',
};

/** The reason a line canceled by its shop keeps: the code's sentence, or the plain one for 'other', none or a code not known yet. */
export function shopCancelReason(code: string | null): string {
  return message(BY_CODE[code?.toLowerCase() ?? ''] ?? 'success:shopCanceledOther');
}
