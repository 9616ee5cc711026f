import { BUILT_IN_NAMES, type BuiltInStep } from './routing';

/** Order line status ids (SPEC section 4); names live in the database's order_line_statuses. */
export const LineStatus = {
  Waiting: 1,
  InProcess: 2,
  QualityControl: 3,
  Packing: 4,
  Completed: 5,
} as const;

export const QualityControl = { Approved: 1, Rejected: 2 } as const;

export const PackingStatus = { Preparing: 1, Packed: 2, HandedToCarrier: 3 } as const;

/** customer_approval_status_id of an approved order line. */
export const CUSTOMER_APPROVED = 2;

/** workshop_started_process_id of a line its workshop has approved. */
export const WORKSHOP_APPROVED = 2;

/** current_order_line_process of a line whose production has not started. */
export const NOT_STARTED = -1;

/** What a line's shown status rests on (OrderLineDto has these fields). */
export interface StatusLine {
  order_line_status_id: number;
  canceled_at: string | null;
}

/** The shown status of a canceled line, beside the status ids. */
export const CANCELED = 'canceled';

/**
 * The status a line shows on every screen and export: a canceled line reads canceled, whatever
 * state it stopped in (that state stays in its history and its step), and offers no action;
 * any other line its stored status.
 */
export const shownStatus = (line: StatusLine): number | typeof CANCELED => (line.canceled_at === null ? line.order_line_status_id : CANCELED);

/**
 * The label of a line's production step: the not-started sentence for NOT_STARTED, the step's name
 * when it is known, else its id (a step deleted since, or names not loaded yet).
 */
export function stepLabel(step: number, stepName: (id: number) => string | undefined, notStarted: string): string {
  if (step === NOT_STARTED) return notStarted;
  return stepName(step) ?? String(step);
}

/** What a step's shown name rests on (ProductionStepDto has these fields). */
export interface NamedStep {
  step_name: string;
  built_in: string | null;
}

/**
 * A step's name as a reader sees it: a built-in step (shared/routing.ts) still under the name the
 * product's language gives it reads in the reader's language (`builtInName`, from the catalogues by
 * its key), while its stored name stays as it is; a step the office named or renamed reads as named.
 */
export function shownStepName(step: NamedStep, builtInName: (key: BuiltInStep) => string): string {
  const key = step.built_in as BuiltInStep | null;
  return key !== null && BUILT_IN_NAMES[key] === step.step_name ? builtInName(key) : step.step_name;
}
