import type { VoucherType } from '../../../shared/schemas/metal';

/*
 * The metal ledger's answers as the server sends them (src/server/modules/metal/service.ts).
 * Every weight is a decimal string ("44.7008"): shown as written, never read into a float.
 */

export type { VoucherType };
export type VoucherStatus = 'pending' | 'confirmed' | 'disputed';

export interface PurityDto {
  id: number;
  metal: string;
  /** Gold's ayar; null for silver and platinum. */
  ayar: number | null;
  milyem: number;
  updated_at: string;
}

export interface VoucherSummaryDto {
  id: number;
  type: VoucherType;
  number: string;
  workshop_id: number;
  /** The voucher's day, YYYY-MM-DD. */
  date: string;
  note: string | null;
  reverses_id: number | null;
  status: VoucherStatus;
  dispute_reason: string | null;
  created_at: string;
  decided_at: string | null;
  /** Loss above the norm, when the server judges it (not every answer carries it). */
  above_norm?: boolean;
}

export interface VoucherLineDto {
  id: number;
  kind: string;
  metal: string;
  milyem: number;
  order_product_id: number | null;
  step_id: number | null;
  gross_g: string;
  stone_ct: string;
  stone_g: string;
  other_g: string;
  net_g: string;
  fine_g: string;
}

export interface VoucherDto extends VoucherSummaryDto {
  lines: VoucherLineDto[];
}

export interface StatementEntryDto {
  id: number;
  date: string;
  voucher_id: number;
  number: string;
  type: VoucherType;
  reverses_id: number | null;
  metal: string;
  milyem: number;
  net_g: string;
  fine_g: string;
  balance_fine_g: string;
}

export interface StatementDto {
  workshop_id: number;
  workshop_name: string;
  from: string | null;
  to: string | null;
  opening_fine_g: string;
  closing_fine_g: string;
  entries: StatementEntryDto[];
  by_milyem: Array<{ metal: string; milyem: number; net_g: string; fine_g: string }>;
}

export interface BalanceDto {
  workshop_id: number;
  workshop_name: string;
  fine_g: string;
  oldest_pending_date: string | null;
}

/** A weighed piece of the workshop not yet received: what a receipt offers. */
export interface ReceivablePieceDto {
  order_product_id: number;
  order_number: string | null;
  product_title: string;
  karat_id: number | null;
  order_line_status_id: number;
  gross_g: string;
}

export type { VoucherInput, VoucherLineInput } from '../../../shared/schemas/metal';

/** The statement asked for: a workshop and its period (days, inclusive; either open). */
export interface StatementQuery {
  workshopId: number;
  from?: string;
  to?: string;
}
