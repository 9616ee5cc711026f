import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { AUDIT_PAGE_SIZE, type AuditKind } from '../../../shared/audit';
import type { AuditEntryDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/** The audit screen's filters as the admin typed them: days as yyyy-mm-dd in the office's time zone, ids as text. */
export interface AuditFilters {
  kind: AuditKind | '';
  userId: string;
  entityId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { kind: '', userId: '', entityId: '', from: '', to: '' };

export interface AuditState extends Loadable {
  /** The filters and offset of the page shown (or being read); kept while the admin is elsewhere. */
  filters: AuditFilters;
  offset: number;
  limit: number;
  /** One page, newest first, replaced whole by the next read: not a collection other screens share. */
  entries: AuditEntryDto[];
  total: number;
  /** Who may have made a change, for the user filter. */
  users: Loadable & { list: Array<{ id: number; username: string }> };
}

const initialState: AuditState = {
  filters: NO_FILTERS,
  offset: 0,
  limit: AUDIT_PAGE_SIZE,
  entries: [],
  total: 0,
  ...notLoaded(),
  users: { ...notLoaded(), list: [] },
};

export const auditSlice = createSlice({
  name: 'audit',
  initialState,
  reducers: {
    /** The screen opened, the filters were applied or cleared, or another page was asked for. */
    auditLogRequested: (state, action: PayloadAction<{ filters: AuditFilters; offset: number }>) => {
      state.filters = action.payload.filters;
      state.offset = Math.max(0, action.payload.offset);
      loading(state);
    },
    auditLogLoaded: (state, action: PayloadAction<{ entries: AuditEntryDto[]; total: number }>) => {
      state.entries = action.payload.entries;
      state.total = action.payload.total;
      loaded(state);
    },
    /** The page shown no longer matches the filters asked for: it goes, the sentence says why. */
    auditLogFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.entries = [];
      state.total = 0;
      loadFailed(state, action.payload);
    },
    /** The user filter needs the users; loaded once per session. */
    auditUsersRequested: (state) => loadAsked(state.users),
    auditUsersLoaded: (state, action: PayloadAction<Array<{ id: number; username: string }>>) => {
      state.users.list = action.payload;
      loaded(state.users);
    },
    auditUsersFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.users, action.payload),
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const { auditLogRequested, auditLogLoaded, auditLogFailed, auditUsersRequested, auditUsersLoaded, auditUsersFailed } = auditSlice.actions;

type State = { audit: AuditState };
export const selectAudit = (state: State) => state.audit;
export const selectAuditUsers = (state: State) => state.audit.users;
