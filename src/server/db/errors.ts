/** True when a write broke a unique index, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * True when a write broke the unique index on `table.column` named `${column}_unique`: PostgreSQL
 * names the index in its error, SQLite the column in its message.
 */
export function isUniqueViolationOn(error: unknown, table: string, column: string): boolean {
  if (!isUniqueViolation(error)) return false;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  return constraint === `${column}_unique` || (typeof message === 'string' && message.includes(`${table}.${column}`));
}

/** True when a write broke a foreign key (a row still referenced, or a reference to nothing). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * True when the database gave up on a statement that may succeed when tried again: PostgreSQL's
 * statement timeout, a deadlock it broke (two writes taking the kept figure sums in opposite
 * order) or a serialization failure, SQLite's busy wait. The transaction was rolled back whole.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '57014' || code === 'SQLITE_BUSY' || isWriteConflict(error);
}

/**
 * True when PostgreSQL rolled a transaction back to end a deadlock it found, or a serialization
 * failure: nothing of it was written, and the same work tried again usually goes through.
 */
export function isWriteConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
