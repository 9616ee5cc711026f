import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { languagesIn } from '../../../../locales/languages';
import { API } from '../../../shared/api';

describe.each(testDatabases())("a user's language on $name", (database) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    other = (await t.newUser('dil_kisi')).token;
  });
  afterAll(() => t.close());

  test('none at first (the product default), then saved for the user alone and read back in /user/me', async () => {
    expect((await t.call('GET', API.me, { token: admin })).body.user.language).toBeNull();
    expect(await t.call('PUT', API.myLanguage, { token: admin, body: { language: 'en' } })).toMatchObject({ status: 200, body: { language: 'en' } });
    expect((await t.call('GET', API.me, { token: admin })).body.user.language).toBe('en');
    expect((await t.call('GET', API.me, { token: other })).body.user.language).toBeNull();
    // The inactive role too: whoever reads the product may choose its language.
    expect((await t.call('PUT', API.myLanguage, { token: other, body: { language: 'tr' } })).status).toBe(200);
  });

  test('only a language of locales/ is taken; anything else is refused and stores nothing', async () => {
    expect(Object.keys(languagesIn())).toEqual(expect.arrayContaining(['tr', 'en']));
    for (const language of ['xx', 'pseudo', '', 7, null, '../tr']) {
      const answer = await t.call('PUT', API.myLanguage, { token: admin, body: { language } });
      expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    }
    expect((await t.call('PUT', API.myLanguage, { body: { language: 'tr' } })).status).toBe(401);
    expect((await t.call('GET', API.me, { token: admin })).body.user.language).toBe('en');
  });
});
