/** The most lines of an archive query the order grid shows; a query holding more says so and offers its export. */
export const ARCHIVE_GRID_MAX = 100_000;
