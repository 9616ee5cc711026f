import type { FlowStepDto } from '../../../shared/api';
import { PHASES } from '../../../shared/flow';

/*
 * The flow report arranged for the screen: the places pieces wait in (a phase, or a step of the
 * step phase) in the order a piece passes them, the workshops, and the bottleneck.
 */

/** A column of the board: a phase, or one step of the step phase. */
export interface Place {
  key: string;
  phase: FlowStepDto['phase'];
  stepId: number | null;
  stepName: string | null;
}

export const placeKey = (row: Pick<FlowStepDto, 'phase' | 'step_id'>) => `${row.phase}:${row.step_id ?? ''}`;

/** Every place of the answer once, phases in a piece's order and steps by their id within theirs. */
export function placesOf(rows: readonly FlowStepDto[]): Place[] {
  const places = new Map<string, Place>();
  for (const row of rows) places.set(placeKey(row), { key: placeKey(row), phase: row.phase, stepId: row.step_id, stepName: row.step_name });
  return [...places.values()].sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || (a.stepId ?? 0) - (b.stepId ?? 0));
}

/** The workshops of the answer once, by id, after the pieces waiting for a workshop (null). */
export const workshopsOf = (rows: readonly FlowStepDto[]): (number | null)[] => [...new Set(rows.map((row) => row.workshop_id))].sort((a, b) => (a ?? 0) - (b ?? 0));

/** The pieces waiting now, by workshop and place. */
export function waitingNow(rows: readonly FlowStepDto[]): Map<number | null, Map<string, number>> {
  const board = new Map<number | null, Map<string, number>>();
  for (const row of rows) {
    const cells = board.get(row.workshop_id) ?? new Map<string, number>();
    cells.set(placeKey(row), (cells.get(placeKey(row)) ?? 0) + row.waiting_now);
    board.set(row.workshop_id, cells);
  }
  return board;
}

/** How many places the bottleneck names. */
export const BOTTLENECK_SIZE = 3;

/** A place's weight as a bottleneck: how long and how many pieces waited there (median hours by pieces). */
const weight = (row: FlowStepDto) => (row.median_hours ?? 0) * row.pieces;

/** The places where pieces waited longest and most in the period: the heaviest few, none without a stay. */
export function bottleneckOf(rows: readonly FlowStepDto[]): FlowStepDto[] {
  return rows
    .filter((row) => weight(row) > 0)
    .sort((a, b) => weight(b) - weight(a))
    .slice(0, BOTTLENECK_SIZE);
}
