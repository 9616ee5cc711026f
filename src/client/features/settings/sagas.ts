import { all, call, put, takeLatest } from 'redux-saga/effects';
import { takeLoadOnce } from '../session';
import { API, type SaidBody } from '../../../shared/api';
import type { GeneralSettings } from '../../../shared/schemas/settings';
import { http } from '../../api/http';
import { failure } from '../../api/failure';
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
  try {
    const { settings }: { settings: GeneralSettings } = yield call(http.get, API.generalSettings);
    yield put(settingsLoaded(settings));
  } catch (error) {
    yield put(settingsFailed(failure(error, 'settings:general.loadFailed')));
  }
}

function* save(action: ReturnType<typeof settingsSaveRequested>) {
  try {
    const answer: Partial<SaidBody> & { settings: GeneralSettings } = yield call(http.put, API.generalSettings, action.payload);
    // The server's sentence when it sends one, else the tab's own.
    const notice = answer.message ? { kind: 'success' as const, ...said(answer) } : { kind: 'success' as const, key: 'settings:general.saved' };
    yield put(settingsSaved({ settings: answer.settings, notice }));
  } catch (error) {
    yield put(settingsSaveFailed(failure(error, 'settings:general.failed')));
  }
}

function* loadSystemInfo() {
  try {
    const { system }: { system: SystemInfo } = yield call(http.get, API.systemInfo);
    yield put(systemInfoLoaded(system));
  } catch (error) {
    yield put(systemInfoFailed(failure(error, 'settings:systemInfo.failed')));
  }
}

export function* settingsSaga() {
  yield all([
    takeLoadOnce(settingsRequested.type, selectSettingsStatus, load),
    takeLatest(settingsSaveRequested.type, save),
    takeLatest(systemInfoRequested.type, loadSystemInfo),
  ]);
}
