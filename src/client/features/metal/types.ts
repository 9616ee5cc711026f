/*
 * What the metal screens ask the server for, as the slice keeps it. The answers' types are in
 * src/shared/metal-api.ts, the requests' bodies in src/shared/schemas/metal.ts.
 */

/** The loss asked for: a period (days, inclusive; either open). */
export interface LossQuery {
  from?: string;
  to?: string;
}

/** The statement asked for: a workshop and its period (days, inclusive; either open). */
export interface StatementQuery {
  workshopId: number;
  from?: string;
  to?: string;
}
