import type { Kysely } from 'kysely';

/* The language each user reads the product in, a folder of locales/; null is the product's default, Turkish. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
