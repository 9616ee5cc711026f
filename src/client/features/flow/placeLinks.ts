import { type Phase, PHASES, type PlacedLine, placeOfLine, type StayPlace } from '../../../shared/flow';

/*
 * A board cell's link into the order grid: the lines waiting in one place now. The address names
 * the place (`?workshop=<id|none>&phase=<phase>&step=<id>`), so the link can be kept, sent or
 * opened again; the grid reads it as a filter of its rows.
 */

/** The lines a link asks for: a workshop (null: none), a phase and a step; what it leaves out is any. */
export interface PlaceFilter {
  workshop?: number | null;
  phase?: Phase;
  step?: number;
}

/** The parameters of the address a place filter is written in. */
export const PLACE_PARAMS = ['workshop', 'phase', 'step'] as const;

const NO_WORKSHOP = 'none';

/** The query of a board cell's link to the lines waiting in `place`. */
export function placeSearch(place: StayPlace): string {
  const params = new URLSearchParams({ workshop: place.workshop_id === null ? NO_WORKSHOP : String(place.workshop_id), phase: place.phase });
  if (place.step_id !== null) params.set('step', String(place.step_id));
  return params.toString();
}

const idOf = (value: string | null) => (value !== null && /^\d{1,10}$/.test(value) ? Number(value) : undefined);
const isPhase = (value: string | null): value is Phase => (PHASES as readonly (string | null)[]).includes(value);

/** The place filter an address names; null when it names none (a parameter it cannot read is left out). */
export function placeFromSearch(params: URLSearchParams): PlaceFilter | null {
  const filter: PlaceFilter = {};
  const workshop = params.get('workshop');
  if (workshop === NO_WORKSHOP) filter.workshop = null;
  else if (idOf(workshop) !== undefined) filter.workshop = idOf(workshop);
  const phase = params.get('phase');
  if (isPhase(phase)) filter.phase = phase;
  const step = idOf(params.get('step'));
  // A step is a place of the step phase only.
  if (step !== undefined && (filter.phase ?? 'step') === 'step') Object.assign(filter, { phase: 'step', step });
  return Object.keys(filter).length > 0 ? filter : null;
}

/** Whether a line waits in the filter's place now (a closed line waits nowhere); its place is the shared rule's. */
export function inPlace(filter: PlaceFilter): (line: PlacedLine) => boolean {
  return (line) => {
    const place = placeOfLine(line);
    return (
      place !== null &&
      (filter.workshop === undefined || place.workshop_id === filter.workshop) &&
      (filter.phase === undefined || place.phase === filter.phase) &&
      (filter.step === undefined || place.step_id === filter.step)
    );
  };
}
