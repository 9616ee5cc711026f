import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';

const USERS = '/api/v1/user';
const ROLES = '/api/v1/roles';
const CHANGE = '/api/v1/user/changeUserRoles';

describe.each(testDatabases())('users and roles on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
  });
  afterAll(() => t.close());

  const roleOf = async (id: number) => (await t.db.selectFrom('users').select('role_id').where('id', '=', id).executeTakeFirstOrThrow()).role_id;

  test('the admin lists users and the five roles', async () => {
    await t.newUser('listed');
    const users = await t.call('GET', USERS, { token: admin });
    expect(users.status).toBe(200);
    expect(users.body.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'admin', role: 2, role_name: 'Yönetici', status: 'active' }),
        expect.objectContaining({ username: 'listed', role: 1, role_name: 'Pasif Kullanıcı', status: 'inactive', email: 'listed@example.com' }),
      ]),
    );
    expect(users.body.users[0]).not.toHaveProperty('password_hash');
    const roles = await t.call('GET', ROLES, { token: admin });
    expect(roles.body.roles).toEqual([
      { id: 1, role_name: 'Pasif Kullanıcı' },
      { id: 2, role_name: 'Yönetici' },
      { id: 3, role_name: 'Atölye' },
      { id: 4, role_name: 'Ofis Personeli' },
      { id: 5, role_name: 'B2B Müşteri' },
    ]);
  });

  test('only the admin may read or change users and roles', async () => {
    const user = await t.newUser('curious');
    for (const role of [1, 3, 4, 5]) {
      await t.db.updateTable('users').set({ role_id: role }).where('id', '=', user.user_id).execute();
      expect((await t.call('GET', USERS, { token: user.token })).status).toBe(403);
      expect((await t.call('GET', ROLES, { token: user.token })).status).toBe(403);
      const attempt = await t.call('POST', CHANGE, { token: user.token, body: [{ ID: user.user_id, Role: 2 }] });
      expect(attempt).toMatchObject({ status: 403, body: { error: 'Bu işlem için yetkiniz yok.', code: 'FORBIDDEN' } });
    }
    expect(await roleOf(user.user_id)).toBe(5);
  });

  test('a role change applies at once to the user session', async () => {
    const user = await t.newUser('promoted');
    const answer = await t.call('POST', CHANGE, { token: admin, body: [{ ID: user.user_id, Role: 3 }] });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Rol başarıyla atandı!' } });
    const me = await t.call('GET', '/api/v1/user/me', { token: user.token });
    expect(me.body.user).toMatchObject({ role: 3, role_name: 'Atölye', status: 'active' });
  });

  test('an unknown user or role changes nothing (all or nothing)', async () => {
    const user = await t.newUser('untouched');
    const unknownUser = await t.call('POST', CHANGE, { token: admin, body: [{ ID: user.user_id, Role: 4 }, { ID: 999999, Role: 4 }] });
    expect(unknownUser).toMatchObject({ status: 400, body: { code: 'UNKNOWN_USER', error: 'Kullanıcı bulunamadı: 999999' } });
    const unknownRole = await t.call('POST', CHANGE, { token: admin, body: [{ ID: user.user_id, Role: 4 }, { ID: user.user_id, Role: 9 }] });
    expect(unknownRole).toMatchObject({ status: 400, body: { code: 'UNKNOWN_ROLE', error: 'Geçersiz rol: 9' } });
    for (const body of [[], {}, [{ ID: '1', Role: 2 }], [{ ID: 1 }], { ID: 1, Role: 2 }, [[1, 2]], [null]]) {
      expect((await t.call('POST', CHANGE, { token: admin, body })).status).toBe(400);
    }
    expect(await roleOf(user.user_id)).toBe(1);
  });

  test('the last admin keeps the admin role', async () => {
    const me = await t.login();
    const answer = await t.call('POST', CHANGE, { token: admin, body: [{ ID: me.user_id, Role: 4 }] });
    expect(answer).toMatchObject({ status: 409, body: { code: 'LAST_ADMIN', error: 'Son yöneticinin yönetici rolü kaldırılamaz.' } });
    expect(await roleOf(me.user_id)).toBe(2);

    const second = await t.newUser('second_admin');
    const swap = await t.call('POST', CHANGE, { token: admin, body: [{ ID: second.user_id, Role: 2 }, { ID: me.user_id, Role: 4 }] });
    expect(swap.status).toBe(200);
    expect(await roleOf(me.user_id)).toBe(4);
    expect((await t.call('GET', USERS, { token: admin })).status).toBe(403);
  });
});
