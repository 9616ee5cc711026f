import { all, call, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type SaidBody } from '../../../shared/api';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { http } from '../../api/http';
import { callAndStore } from '../../api/callAndStore';
import { said } from '../../api/said';
import {
  selectSettingsStatus,
  settingsFailed,
  settingsLoaded,
  settingsRequested,
  settingsSaved,
  settingsSaveFailed,
  settingsSaveRequested,
  type SystemInfo,
  systemInfoFailed,
  systemInfoLoaded,
  systemInfoRequested,
} from './slice';

function* load() {
  yield* callAndStore(
    call(http.get, API.generalSettings),
    (answer: { settings: GeneralSettings }) => settingsLoaded(answer.settings),
    settingsFailed,
    'settings:general.loadFailed',
  );
}

function* save(action: ReturnType<typeof settingsSaveRequested>) {
  yield* callAndStore(
    call(http.put, API.generalSettings, action.payload),
    (answer: Partial<SaidBody> & { settings: GeneralSettings }) =>
      // The server's sentence when it sends one, else the tab's own.
      settingsSaved({ settings: answer.settings, notice: answer.message ? { kind: 'success', ...said(answer) } : { kind: 'success', key: 'settings:general.saved' } }),
    settingsSaveFailed,
    'settings:general.failed',
  );
}

function* loadSystemInfo() {
  yield* callAndStore(call(http.get, API.systemInfo), (answer: { system: SystemInfo }) => systemInfoLoaded(answer.system), systemInfoFailed, 'settings:systemInfo.failed');
}

export function* settingsSaga() {
  yield all([
    takeLoadOnce(settingsRequested.type, selectSettingsStatus, load),
    takeLatest(settingsSaveRequested.type, save),
    takeLatest(systemInfoRequested.type, loadSystemInfo),
  ]);
}
