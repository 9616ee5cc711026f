import { DEFAULT_SETTINGS, type GeneralSettings } from '../../shared/schemas/settings';
import type { Db } from './index';

/*
 * How the general settings are stored: one row of `settings`, its value the JSON of the settings
 * saved (none saved yet: every setting its default). Read here by the settings module and by a
 * list's version, which reads them in its own statement.
 */

export const GENERAL_SETTINGS_KEY = 'general';

/** The general settings' stored value, for a statement that reads it beside other things. */
export const storedSettings = (db: Db) => db.selectFrom('settings').select('value').where('key', '=', GENERAL_SETTINGS_KEY);

/** The general settings as stored (null: none saved yet). */
export const settingsOf = (stored: string | null | undefined): GeneralSettings =>
  stored ? { ...DEFAULT_SETTINGS, ...(JSON.parse(stored) as Partial<GeneralSettings>) } : DEFAULT_SETTINGS;
