import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ArchiveLineDto, LineArchiveDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';
import type { ArchiveSheetWords } from './columns';

/**
 * The archive's answers, apart from `orderLines`: lines of any age read for a query are never
 * taken for the lines the everyday lists show.
 */
export interface ArchiveState extends Loadable {
  /** The query the lines answer (without its page marker); null before the first search. */
  query: string | null;
  lines: ArchiveLineDto[];
  /** The marker of the page after the last one read; null on the last page. */
  next: string | null;
  /** Reading the next page ('Daha fazla'), the lines read so far staying on screen. */
  more: boolean;
  /** The export of the query while its pages are read: lines read so far, and why it stopped. */
  exportRead: number | null;
  exportNotice: NoticeLike | null;
}

/** What the export of a query writes: the query, the file's and sheet's names and the sheet's words. */
export interface ArchiveExportRequest {
  query: string;
  fileName: string;
  sheetName: string;
  words: ArchiveSheetWords;
}

const initialState: ArchiveState = { ...notLoaded(), query: null, lines: [], next: null, more: false, exportRead: null, exportNotice: null };

export const archiveSlice = createSlice({
  name: 'archive',
  initialState,
  reducers: {
    archiveSearched: (state, action: PayloadAction<string>) => {
      loading(state);
      state.query = action.payload;
      state.lines = [];
      state.next = null;
      state.more = false;
    },
    archiveMoreRequested: (state) => {
      if (!state.next || state.status === 'loading') return;
      loading(state);
      state.more = true;
    },
    archivePageLoaded: (state, action: PayloadAction<LineArchiveDto>) => {
      const { orders, has_more, next } = action.payload;
      state.lines = state.more ? [...state.lines, ...orders] : orders;
      state.next = has_more ? next : null;
      state.more = false;
      loaded(state);
    },
    archiveFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.more = false;
      loadFailed(state, action.payload);
    },
    archiveExportRequested: (state, _action: PayloadAction<ArchiveExportRequest>) => {
      state.exportRead = 0;
      state.exportNotice = null;
    },
    archiveExportRead: (state, action: PayloadAction<number>) => {
      state.exportRead = action.payload;
    },
    /** The pages are read (or reading stopped): the sentence why, when there is one. */
    archiveExportEnded: (state, action: PayloadAction<NoticeLike | null>) => {
      state.exportRead = null;
      state.exportNotice = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { archiveSearched, archiveMoreRequested, archivePageLoaded, archiveFailed, archiveExportRequested, archiveExportRead, archiveExportEnded } = archiveSlice.actions;
export const selectArchive = (state: { archive: ArchiveState }) => state.archive;
