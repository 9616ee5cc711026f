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

/* The flow trend (GET API.flowTrend, the same parameters): the report's dwell by week. */

export interface FlowWeekDto {
  workshop_id: number | null;
  step_id: number | null;
  phase: Phase;
  step_name: string | null;
  /** The week's first instant: the period's start, and every seven days after it. */
  week_start: string;
  /** Stays that ended within the week (and the period). */
  pieces: number;
  /** Their median, in calendar hours. */
  median_hours: number;
}

export interface FlowTrendDto {
  /** Per cell, its weeks in time order; a week without a stay ended in that cell is left out. */
  weeks: FlowWeekDto[];
}
