import { sql } from 'kysely';
import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { usernameKey } from '../../../shared/schemas/auth';
import { isUniqueViolation } from '../../db/errors';
import { usernameKeySql } from './usernames';

/*
 * A username's key is written twice, in TypeScript (shared/schemas/auth.ts: what a typed name is
 * looked up by) and in SQL (the key of a stored name, and the unique index). Both run here over
 * one table of names on each database and must agree; and a name registers, logs in and is taken
 * in any case of its letters.
 */
const NAMES = ['ayşe_öz', 'AYŞE_ÖZ', 'ÇİĞDEM_1', 'çiğdem_1', 'IŞIK', 'ışık', 'isik', 'Ümit_Ğ', 'admin', 'ADMIN_IT', 'Zeynep_9'];

describe.each(testDatabases())('usernames with Turkish letters on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
  });
  afterAll(() => t.close());

  test('the key in SQL is the key in TypeScript, name by name', async () => {
    const keys = await Promise.all(
      NAMES.map(async (name) => {
        const { rows } = await sql<{ key: string }>`select ${usernameKeySql()} as key from (select ${name} as username) as typed`.execute(t.db);
        return rows[0].key;
      }),
    );
    expect(keys).toEqual(NAMES.map(usernameKey));
  });

  test('a name with Turkish letters registers and logs in typed in any case; the same name in another case is taken', async () => {
    for (const [username, email] of [['ayşe_öz', 'ayse@example.com'], ['ÇİĞDEM_1', 'cigdem@example.com']]) {
      const created = await t.call('POST', API.register, { body: { username, email, password: 'secret-pass' } });
      expect(created.status).toBe(201);
    }
    for (const typed of ['AYŞE_ÖZ', 'çiğdem_1']) {
      expect((await t.call('POST', API.login, { body: { username: typed, password: 'secret-pass' } })).status).toBe(200);
    }
    const again = await t.call('POST', API.register, { body: { username: 'çİğdem_1', email: 'other@example.com', password: 'secret-pass' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'USERNAME_TAKEN' } });
    // The index holds whatever the checks before it miss.
    const at = new Date().toISOString();
    const refused = await t.db
      .insertInto('users')
      .values({ username: 'AYŞE_ÖZ', email: 'x@example.com', password_hash: 'x', role_id: 1, created_at: at, updated_at: at })
      .execute()
      .then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
  });

  test('the password change takes the own name in any case of its letters', async () => {
    const user = await t.call('POST', API.register, { body: { username: 'şükrü_1', email: 'sukru@example.com', password: 'secret-pass' } });
    expect(user.status).toBe(201);
    const { token } = await t.login('ŞÜKRÜ_1', 'secret-pass');
    const changed = await t.call('POST', API.changePassword, { token, body: { username: 'Şükrü_1', old_password: 'secret-pass', new_password: 'other-pass' } });
    expect(changed.status).toBe(200);
    expect((await t.call('POST', API.login, { body: { username: 'şükrü_1', password: 'other-pass' } })).status).toBe(200);
  });
});
