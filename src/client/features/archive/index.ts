/* The archive: order lines of any age found by a query, held apart from the everyday lines. */
export { archiveSlice, archiveRowsAsked, selectArchiveRows } from './slice';
export { archiveSaga } from './sagas';
export { ARCHIVE_GRID_MAX } from './limits';
export { archivePages } from './pages';
export { ArchiveLink, archivePathOf } from './ArchiveLink';
export { ArchiveRowsBanner, ArchiveRowsButton } from './ArchiveRows';
export { archiveQuery, NEWEST_FIRST, NO_FILTERS } from './query';
