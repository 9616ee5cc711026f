import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { startSmtp } from '../../../../test/smtp';

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

  describe("the admin's 'Kullanıcı Ekle' without a mail server", () => {
    const add = (body: object, token = admin) => t.call('POST', USERS, { token, body });

    test('adds a user of the chosen role, with a one-time password answered once, and records it', async () => {
      const answer = await add({ username: ' ayşe_öz ', email: ' Ayse@Example.com ', name: ' Ayşe Öz ', role: 4 });
      expect(answer).toMatchObject({
        status: 201,
        body: { user: { username: 'ayşe_öz', email: 'Ayse@Example.com', role: 4, status: 'active' }, message_key: { key: 'success:userAddedWithPassword' } },
      });
      const { password, user } = answer.body;
      expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
      // The user logs in with it and works in the role given.
      const session = await t.login('AYŞE_ÖZ', password);
      expect(session.user_role_id).toBe(4);
      // It is never answered again.
      const listed = await t.call('GET', USERS, { token: admin });
      expect(JSON.stringify(listed.body)).not.toContain(password);
      const stored = await t.db.selectFrom('users').select(['name', 'password_hash']).where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(stored.name).toBe('Ayşe Öz');
      expect(stored.password_hash).not.toContain(password);
      const audit = await t.db.selectFrom('audit_log').selectAll().where('kind', '=', 'user_created').where('entity_id', '=', user.id).executeTakeFirstOrThrow();
      expect(audit.before).toBeNull();
      expect(JSON.parse(audit.after!)).toEqual({ username: 'ayşe_öz', email: 'Ayse@Example.com', name: 'Ayşe Öz', role_id: 4, role_name: 'Ofis Personeli' });
    });

    test('refuses a taken name in any case or a taken address, a wrong name or role, and anyone but the admin', async () => {
      await add({ username: 'ÇİĞDEM_1', email: 'cigdem@example.com', name: 'Çiğdem', role: 3 });
      expect(await add({ username: 'çiğdem_1', email: 'new@example.com', name: 'X', role: 3 })).toMatchObject({ status: 409, body: { code: 'USERNAME_TAKEN' } });
      expect(await add({ username: 'cigdem_2', email: 'CIGDEM@example.com', name: 'X', role: 3 })).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } });
      for (const body of [
        { username: 'a-b', email: 'ab@example.com', name: 'X', role: 3 },
        { username: 'abc_1', email: 'ab@example.com', name: '', role: 3 },
        { username: 'abc_1', email: 'ab@example.com', name: 'X', role: 9 },
        { username: 'abc_1', email: 'ab@example.com', name: 'X' },
      ]) {
        expect((await add(body)).status).toBe(400);
      }
      const office = await t.newUserAs('not_admin', 4);
      expect((await add({ username: 'abc_2', email: 'abc2@example.com', name: 'X', role: 2 }, office.token)).status).toBe(403);
      expect(await t.db.selectFrom('users').select('id').where('username', 'in', ['abc_1', 'abc_2']).execute()).toEqual([]);
    });
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

describe.each(testDatabases())("'Kullanıcı Ekle' with a mail server on $name", (database) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(await database.create(), { SMTP_URL: smtp.url, PUBLIC_URL: 'https://atolye.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  test('mails an invitation whose link sets the password; no password is answered', async () => {
    const { token } = await t.login();
    const answer = await t.call('POST', USERS, { token, body: { username: 'usta_ümit', email: 'umit@example.com', name: 'Ümit Usta', role: 3 } });
    expect(answer).toMatchObject({ status: 201, body: { password: null, message_key: { key: 'success:userInvited', values: { email: 'umit@example.com' } } } });
    const mail = await smtp.waitForMessage('umit@example.com', 5000);
    expect(mail.subject).toBe('Hesabınız oluşturuldu');
    expect(mail.text).toContain('Ümit Usta');
    expect(mail.text).toContain('usta_ümit');
    const link = decodeURIComponent(mail.text.match(/https:\/\/atolye\.example\/reset-password\?token=(\S+)/)![1]);
    expect((await t.call('POST', '/api/v1/user/reset-password', { body: { token: link, password: 'chosen-pass' } })).status).toBe(200);
    expect((await t.login('USTA_ÜMIT', 'chosen-pass')).user_role_id).toBe(3);
  });
});
