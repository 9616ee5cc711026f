import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { NoticeLike } from '../../components/NoticeView';
import { DEFAULT_LANGUAGE } from '../../../shared/locale';
import { loggedOut, profileLoaded } from '../session';

/*
 * The signed-in user's language: read with their profile after a login (and whenever the profile
 * is read again), or chosen in a language menu and saved to their account. The screens follow it
 * (useUserLanguage); a logout keeps the language shown, so the login card stays readable.
 */
export interface LanguageState {
  /** The language the user's screens are to show; null until the profile says. */
  wanted: string | null;
  /** Chosen on this page rather than read from the profile: it also ends a `?lng=` look. */
  chosen: boolean;
  notice: NoticeLike | null;
}

const initialState: LanguageState = { wanted: null, chosen: false, notice: null };

export const languageSlice = createSlice({
  name: 'language',
  initialState,
  reducers: {
    /** A language menu's choice; the saga saves it. */
    languageChosen: (state, action: PayloadAction<string>) => {
      state.wanted = action.payload;
      state.chosen = true;
      state.notice = null;
    },
    languageSaveFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.notice = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(profileLoaded, (state, action) => {
        state.wanted = action.payload.language ?? DEFAULT_LANGUAGE;
      })
      .addCase(loggedOut, () => initialState),
});

export const { languageChosen, languageSaveFailed } = languageSlice.actions;
export const selectLanguage = (state: { language: LanguageState }) => state.language;
