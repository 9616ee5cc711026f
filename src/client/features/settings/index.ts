/* The general settings as other features see them: loaded once, the currency and time zone of every screen. */
export { settingsSlice, settingsRequested, settingsLoaded, settingsSaved, selectGeneralSettings, selectSettingsStatus } from './slice';
export { settingsSaga } from './sagas';
export { useGramCheck } from './gramCheck';
export { GeneralSettingsPanel } from './GeneralSettingsPanel';
export { SystemInfoPanel } from './SystemInfoPanel';
