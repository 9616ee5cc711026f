/* A workshop's scorecard (GET API.workshopScorecard): its figures month by month, in the office's time zone. */

export interface ScorecardMonthDto {
  /** yyyy-mm */
  month: string;
  /** Pieces the workshop delivered to the office in the month, counted at their last delivery (a rework delivered again counts then). */
  delivered: number;
  /** Of the delivered pieces with an expected date, the share delivered by it (0 to 1; null without any). */
  on_time_rate: number | null;
  /** Average calendar days from a delivered piece's assignment to the workshop to its delivery (null without any). */
  lead_days: number | null;
  /** Pieces whose quality control ended in the month, and those quality control sent back to a step. */
  inspected: number;
  rejected: number;
  /** rejected / inspected (0 to 1; null without any inspected). */
  rejection_rate: number | null;
  /** Metal issued to the workshop in the month (grams, confirmed entries, a decimal string as the ledger answers), and its loss per mille beside the norm it was allowed. */
  issued_g: string;
  loss_per_mille: string | null;
  /** The allowed loss, each issue's norm weighed by its net (null when some metal has no norm). */
  norm_per_mille: string | null;
  above_norm: boolean;
}

export interface WorkshopScorecardDto {
  workshop_id: number;
  /** Oldest month first. */
  months: ScorecardMonthDto[];
}
