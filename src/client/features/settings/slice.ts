import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { RoleId } from '../../../shared/roles';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import type { NoticeLike } from '../../components/NoticeView';
import { type Loadable, loadAsked, loaded, loadFailed, loading, notLoaded } from '../../api/loadable';
import { loggedIn, loggedOut } from '../session';

/** Figures of the running system (GET /system/info). */
export interface SystemInfo {
  users_by_role: Array<{ role_id: RoleId; role_name: string; count: number }>;
  order_lines_by_status: Array<{ status_id: number; name: string; count: number }>;
  products: number;
  workshops: number;
  customers: number;
  database: string;
  database_size_bytes: number;
  uptime_seconds: number;
  version: string;
}

export interface SettingsState extends Loadable {
  /** The general settings as the server has them; null until loaded. */
  general: GeneralSettings | null;
  save: { status: 'idle' | 'busy' | 'done' | 'failed'; notice: NoticeLike | null };
  /*
   * The system figures live beside the settings they are shown with rather than in a generic request
   * helper: they are one read of the same tab, and a second, key-based data layer is what we retire.
   * They change by the minute (uptime, counts), so the panel reads them on every visit.
   */
  system: Loadable & { info: SystemInfo | null };
}

const initialState: SettingsState = {
  ...notLoaded(),
  general: null,
  save: { status: 'idle', notice: null },
  system: { ...notLoaded(), info: null },
};

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    /** A screen needs the settings (currency, time zone); once loaded this changes nothing and the saga makes no call. */
    settingsRequested: loadAsked,
    settingsLoaded: (state, action: PayloadAction<GeneralSettings>) => {
      state.general = action.payload;
      loaded(state);
    },
    settingsFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state, action.payload),
    settingsSaveRequested: (state, _action: PayloadAction<GeneralSettings>) => {
      state.save = { status: 'busy', notice: null };
    },
    settingsSaved: (state, action: PayloadAction<{ settings: GeneralSettings; notice: NoticeLike }>) => {
      state.general = action.payload.settings;
      state.status = 'ready';
      state.save = { status: 'done', notice: action.payload.notice };
    },
    settingsSaveFailed: (state, action: PayloadAction<NoticeLike>) => {
      state.save = { status: 'failed', notice: action.payload };
    },
    /** The settings form was left: its last outcome is not shown again. */
    settingsFormLeft: (state) => {
      if (state.save.status !== 'busy') state.save = { status: 'idle', notice: null };
    },
    systemInfoRequested: (state) => loading(state.system),
    systemInfoLoaded: (state, action: PayloadAction<SystemInfo>) => {
      state.system.info = action.payload;
      loaded(state.system);
    },
    systemInfoFailed: (state, action: PayloadAction<NoticeLike>) => loadFailed(state.system, action.payload),
  },
  extraReducers: (builder) => builder.addMatcher(isAnyOf(loggedIn, loggedOut), () => initialState),
});

export const {
  settingsRequested,
  settingsLoaded,
  settingsFailed,
  settingsSaveRequested,
  settingsSaved,
  settingsSaveFailed,
  settingsFormLeft,
  systemInfoRequested,
  systemInfoLoaded,
  systemInfoFailed,
} = settingsSlice.actions;

type State = { settings: SettingsState };
export const selectSettings = (state: State) => state.settings;
export const selectGeneralSettings = (state: State) => state.settings.general;
export const selectSettingsStatus = (state: State) => state.settings.status;
export const selectSystemInfo = (state: State) => state.settings.system;
