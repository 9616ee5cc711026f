import type { Db } from '../../db';

/** Saves the language a user reads the product in; the schema has checked it is one of locales/. */
export async function saveLanguage(db: Db, userId: number, language: string): Promise<void> {
  await db.updateTable('users').set({ language, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
}
