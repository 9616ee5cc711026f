import type { Phase } from '../flow';

/* The flow report (GET API.flowReport): where pieces wait, by workshop and step or phase. */

export interface FlowStepDto {
  /** Null for pieces waiting for a workshop. */
  workshop_id: number | null;
  /** The production step of the step phase; null for a phase that is not a step. */
  step_id: number | null;
  phase: Phase;
  /** The step's stored name (null for a phase that is not a step); a screen names a phase by its id. */
  step_name: string | null;
  /** Stays that ended within the period. */
  pieces: number;
  /** The median and 90th percentile of those stays, in calendar hours (null without any). */
  median_hours: number | null;
  p90_hours: number | null;
  /** Pieces staying there now. */
  waiting_now: number;
}

export interface FlowReportDto {
  steps: FlowStepDto[];
}
