import { type ClosingLine, isClosedLine } from './lifecycle';
import { LineStatus, NOT_STARTED } from './statuses';

/*
 * Where a piece waits (issue 28): every stay of a piece is in one phase, named by a stable id the
 * dwell table stores and the flow report answers. Quality control and packing keep the last step's
 * id on the line, so its status, not its step, names those phases.
 */

export const PHASES = [
  /** Waiting for a workshop: the piece has none. */
  'unassigned',
  /** In a workshop, production not started. */
  'waiting',
  /** At a production step (the stay names the step). */
  'step',
  'quality_control',
  'packing',
  /** Completed and packed, until it is handed to the carrier (which closes the line). */
  'carrier',
] as const;
export type Phase = (typeof PHASES)[number];

/** Where a line stands, as its stored columns say. */
export interface Whereabouts {
  status: number;
  step: number;
  workshop: number | null;
  /** Canceled or handed to the carrier (lifecycle.ts `isClosedLine`): it waits nowhere. */
  closed: boolean;
}

/** What a stay is in: a workshop (or none), a phase, and for the step phase its step. */
export interface StayPlace {
  workshop_id: number | null;
  phase: Phase;
  step_id: number | null;
}

/** The phase a line is in, or null for a closed one. */
export function placeOf(line: Whereabouts): StayPlace | null {
  if (line.closed) return null;
  if (line.status === LineStatus.QualityControl) return { workshop_id: line.workshop, phase: 'quality_control', step_id: null };
  if (line.status === LineStatus.Packing) return { workshop_id: line.workshop, phase: 'packing', step_id: null };
  if (line.status >= LineStatus.Completed) return { workshop_id: line.workshop, phase: 'carrier', step_id: null };
  if (line.workshop === null) return { workshop_id: null, phase: 'unassigned', step_id: null };
  if (line.step === NOT_STARTED) return { workshop_id: line.workshop, phase: 'waiting', step_id: null };
  return { workshop_id: line.workshop, phase: 'step', step_id: line.step };
}

/** A line's columns that say where it waits: a stored row and a line's answer alike. */
export interface PlacedLine extends ClosingLine {
  order_line_status_id: number;
  current_order_line_process: number;
  workshop_id: number | null;
}

/** The place a line waits in, read from its columns; null for a closed one. */
export const placeOfLine = (line: PlacedLine): StayPlace | null =>
  placeOf({ status: line.order_line_status_id, step: line.current_order_line_process, workshop: line.workshop_id, closed: isClosedLine(line) });

/** True when two places are the same stay's (null: nowhere). */
export const samePlace = (a: StayPlace | null, b: StayPlace | null) =>
  a === null || b === null ? a === b : a.workshop_id === b.workshop_id && a.phase === b.phase && a.step_id === b.step_id;
