/* The archive: order lines of any age found by a query, held apart from the everyday lines. */
export { archiveSlice } from './slice';
export { archiveSaga } from './sagas';
export { ArchiveLink, archivePathOf } from './ArchiveLink';
