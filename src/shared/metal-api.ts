import type { VoucherType } from './schemas/metal';

/*
 * The metal ledger's answers and the queries of its reports (server/modules/metal, read by
 * client/features/metal). Every weight
 * is a decimal string ("44.7008"): shown as written, never read into a float.
 */

export type VoucherStatus = 'pending' | 'confirmed' | 'disputed';

export interface PurityDto {
  id: number;
  metal: string;
  /** Gold's ayar; null for silver and platinum. */
  ayar: number | null;
  milyem: number;
  updated_at: string;
}

/** A product karat option value and the purity it stands for (null: none). */
export interface KaratDto {
  option_value_id: number;
  value_name: string;
  purity_id: number | null;
  /** The office chose the purity; otherwise it is the gold purity of the ayar the name says. */
  set_by_office: boolean;
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
  /** The issue this receipt settles (the job it closes), if any. */
  settles_id: number | null;
  status: VoucherStatus;
  dispute_reason: string | null;
  created_at: string;
  decided_at: string | null;
  /** The loss of the job this receipt settles is above its norm. */
  above_norm: boolean;
}

export interface VoucherLineDto {
  id: number;
  voucher_id: number;
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
  /** The users who wrote and decided it. */
  created_by: number | null;
  decided_by: number | null;
  /** A settling receipt's job: its loss in grams and per mille, beside the norm it was held to (null otherwise). */
  loss_g: string | null;
  loss_per_mille: string | null;
  norm_per_mille: string | null;
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
  /** The closing balance by metal and milyem. */
  by_milyem: Array<{ metal: string; milyem: number; net_g: string; fine_g: string }>;
}

export interface BalanceDto {
  workshop_id: number;
  workshop_name: string;
  fine_g: string;
  oldest_pending_date: string | null;
  /** The workshop's pieces past their expected date, not yet delivered. */
  overdue_pieces: number;
  /** The pieces the workshop still holds the gold of, canceled ones too, not yet received. */
  pieces_to_receive: number;
}

/** A piece of the workshop not yet received, weighed or canceled in production: what a receipt offers. */
export interface ReceivablePieceDto {
  order_product_id: number;
  order_number: string;
  product_title: string;
  karat_id: number | null;
  /** The milyem of the purity the piece's karat stands for, if any. */
  milyem: number | null;
  order_line_status_id: number;
  /** The gram the tablet entered; null for a piece canceled before it was weighed. */
  gross_g: string | null;
  canceled_at: string | null;
}

/** Loss of a workshop's jobs at one milyem and step over a period, beside the norm. */
export interface LossRowDto {
  workshop_id: number;
  workshop_name: string;
  milyem: number;
  step_id: number | null;
  issued_g: string;
  returned_g: string;
  loss_g: string;
  /** Null when nothing was issued. */
  loss_per_mille: string | null;
  norm_per_mille: string | null;
  above_norm: boolean;
}

/** A workshop's loss in fine gold over a period, what refining recovered for it, and what stays lost. */
export interface WorkshopLossDto {
  workshop_id: number;
  workshop_name: string;
  loss_fine_g: string;
  recovered_fine_g: string;
  unrecovered_fine_g: string;
}

/** The loss report: by workshop, milyem and step, and by workshop in fine gold. */
export interface LossReportDto {
  rows: LossRowDto[];
  workshops: WorkshopLossDto[];
}

/** A report's period, as its query asks for it (`?from=&to=`): days, inclusive; either open. */
export interface PeriodQuery {
  from?: string;
  to?: string;
}

/** The loss asked for: a period. */
export type LossQuery = PeriodQuery;

/** The statement asked for: a workshop (the path's id) and its period. */
export interface StatementQuery extends PeriodQuery {
  workshopId: number;
}

/** An allowed loss; a null workshop or step is every one. */
export interface NormDto {
  id: number;
  workshop_id: number | null;
  step_id: number | null;
  milyem: number;
  per_mille: string;
  valid_from: string | null;
  valid_to: string | null;
  created_at: string;
}

/** A workshop's share of a refining lot: the net weight issued to it over the lot's period, and the fine gold it is credited. */
export interface RefiningShareDto {
  workshop_id: number;
  workshop_name: string;
  handled_g: string;
  fine_g: string;
}

/** A refining lot (ramat): the dust sent, its assay, the fine gold recovered and its shares by workshop. */
export interface RefiningLotDto {
  id: number;
  /** 'RF-000001'. */
  number: string;
  date: string;
  period_from: string;
  period_to: string;
  dust_g: string;
  assayed_milyem: number;
  /** What the dust held by its assay: dust x milyem / 1000. */
  assayed_fine_g: string;
  recovered_fine_g: string;
  note: string | null;
  created_by: number | null;
  created_at: string;
  shares: RefiningShareDto[];
}
