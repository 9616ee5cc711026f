import { setImmediate } from 'node:timers/promises';

/*
 * SQLite answers synchronously: a loop of statements (a long list read page by page, a job or a
 * pruning done batch by batch) runs as one unbroken chain of promise callbacks, and every other
 * request, a health check included, waits for all of it. Such a loop lets the event loop take a
 * turn between its pages or batches. (PostgreSQL's answers arrive as I/O, which is a turn anyway.)
 */
export const othersTurn = (): Promise<void> => setImmediate();
