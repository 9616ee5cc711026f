import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FailedMailDto } from '../../../shared/api';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedOut } from '../session';

/** The mails not sent: the list, and the last retry's sentence. */
export interface MailState extends Loadable {
  failed: FailedMailDto[];
  /** The mail being sent again, while its retry is asked for. */
  retrying: number | null;
  retryNotice: NoticeLike | null;
}

const initialState: MailState = { ...notLoaded(), failed: [], retrying: null, retryNotice: null };

export const mailSlice = createSlice({
  name: 'mail',
  initialState,
  reducers: {
    failedMailsRequested: (state) => loading(state),
    failedMailsLoaded: (state, action: PayloadAction<FailedMailDto[]>) => {
      state.failed = action.payload;
      loaded(state);
    },
    failedMailsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
    mailRetryRequested: (state, action: PayloadAction<number>) => {
      state.retrying = action.payload;
      state.retryNotice = null;
    },
    /** Sent again: it leaves the list. */
    mailRetried: (state, action: PayloadAction<{ id: number; notice: NoticeLike }>) => {
      state.failed = state.failed.filter((mail) => mail.id !== action.payload.id);
      state.retrying = null;
      state.retryNotice = action.payload.notice;
    },
    mailRetryFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.retrying = null;
      state.retryNotice = action.payload;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
});

export const { failedMailsRequested, failedMailsLoaded, failedMailsFailed, mailRetryRequested, mailRetried, mailRetryFailed } = mailSlice.actions;
export const selectMail = (state: { mail: MailState }) => state.mail;
