import { type Kysely, sql } from 'kysely';
import { timestampType } from '../ddl';

/*
 * The daily digest's loose ends (issue 29). When a line turned at risk of being late
 * (`late_risk_since`, kept beside `late_risk` by the line writer), so the office's digest tells of
 * lines newly at risk; a line at risk before this was told once, in the first digest after it, as
 * from now. And the digest e-mails made, one row per user and office day (`until`: the last
 * instant it gathered, from which the next one gathers), so a restart or a second process never
 * makes one twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const at = timestampType(db);
  await db.schema.alterTable('order_lines').addColumn('late_risk_since', at).execute();
  await sql`update order_lines set late_risk_since = ${new Date().toISOString()} where late_risk = 1`.execute(db);
  // Few lines are at risk: the digest reads them over this index of theirs alone.
  await db.schema
    .createIndex('order_lines_late_risk_since_idx')
    .on('order_lines')
    .column('late_risk_since')
    .where(sql.ref('late_risk_since'), 'is not', null)
    .execute();

  await db.schema
    .createTable('notification_digest_mails')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('until', at, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_digest_mails_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_digest_mails').execute();
  await db.schema.dropIndex('order_lines_late_risk_since_idx').execute();
  await db.schema.alterTable('order_lines').dropColumn('late_risk_since').execute();
}
