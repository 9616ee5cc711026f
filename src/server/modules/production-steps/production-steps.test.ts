import { testDatabases } from '../../../../test/databases';
import { isUniqueViolationOn } from '../../db/errors';
import { startTestApp, type TestApp } from '../../../../test/server';
import type { ProductionStepDto } from '../../../shared/api';
import { FALLBACK_ROUTING } from '../../../shared/routing';

const STEPS = '/api/v1/production-steps';
/** The steps of the process a product without a routing follows, there from the first start, with their keys. */
const BUILT_IN = ['Kesim', 'Kaynak', 'Cila', 'Kalite Kontrol'].map((step_name, i) => ({ step_name, built_in: FALLBACK_ROUTING[i] }));

describe.each(testDatabases())('production steps on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
  });
  afterAll(() => t.close());

  const stepCount = async () => Number((await t.db.selectFrom('production_steps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('the admin adds, reads, edits and deletes a step', async () => {
    const created = await t.call('POST', STEPS, { token: admin, body: { step_name: '  Döküm ', description: 'Mum modelden döküm' } });
    expect(created).toMatchObject({ status: 201, body: { production_step: { id: expect.any(Number), step_name: 'Döküm', description: 'Mum modelden döküm', built_in: null } } });
    const id = created.body.production_step.id;

    expect((await t.call('GET', STEPS, { token: admin })).body.production_steps).toEqual([
      ...BUILT_IN.map((step) => expect.objectContaining(step)),
      expect.objectContaining({ id, step_name: 'Döküm', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
    ]);
    const edited = await t.call('PUT', `${STEPS}/${id}`, { token: admin, body: { step_name: 'Döküm (altın)' } });
    expect(edited).toMatchObject({ status: 200, body: { production_step: { id, step_name: 'Döküm (altın)', description: 'Mum modelden döküm' } } });
    expect((await t.call('GET', `${STEPS}/${id}`, { token: admin })).body.production_step.step_name).toBe('Döküm (altın)');

    expect((await t.call('DELETE', `${STEPS}/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${STEPS}/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('DELETE', `${STEPS}/${id}`, { token: admin })).status).toBe(404);
  });

  test('bad input answers 400 with the Turkish sentence and stores nothing', async () => {
    const before = await stepCount();
    for (const body of [{}, { step_name: '   ' }, { step_name: 5 }]) {
      expect(await t.call('POST', STEPS, { token: admin, body })).toMatchObject({ status: 400, body: { error: 'Adım adı gereklidir.' } });
    }
    expect((await t.call('POST', STEPS, { token: admin, body: { step_name: 'x'.repeat(101) } })).status).toBe(400);
    expect((await t.call('POST', STEPS, { token: admin, body: { step_name: 'Cila', description: 'x'.repeat(501) } })).status).toBe(400);
    expect((await t.call('PUT', `${STEPS}/abc`, { token: admin, body: { step_name: 'Cila' } })).status).toBe(400);
    expect((await t.call('PUT', `${STEPS}/0`, { token: admin, body: { step_name: 'Cila' } })).status).toBe(400);
    expect((await t.call('PUT', `${STEPS}/999999`, { token: admin, body: { step_name: 'Cila' } })).status).toBe(404);
    expect(await stepCount()).toBe(before);
  });

  test('a step used in a routing cannot be deleted', async () => {
    const step = (await t.call('POST', STEPS, { token: admin, body: { step_name: 'Lehim' } })).body.production_step;
    const at = new Date().toISOString();
    const product = await t.db.insertInto('products').values({ title: 'Yüzük', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    await t.db.insertInto('product_production_steps').values({ product_id: product.id, step_id: step.id, position_in_process: 1 }).execute();
    const answer = await t.call('DELETE', `${STEPS}/${step.id}`, { token: admin });
    expect(answer).toMatchObject({ status: 409, body: { code: 'STEP_IN_USE', error: expect.stringContaining('silinemez') } });
    expect((await t.call('GET', `${STEPS}/${step.id}`, { token: admin })).status).toBe(200);
  });

  test('the built-in steps cannot be deleted, renamed or not; a user-created step of a renamed built-in\'s former name can', async () => {
    const steps: ProductionStepDto[] = (await t.call('GET', STEPS, { token: admin })).body.production_steps;
    const builtIn = FALLBACK_ROUTING.map((key) => steps.find((step) => step.built_in === key)!);
    // A rename changes the name only: the step is still the built-in one.
    await t.call('PUT', `${STEPS}/${builtIn[2].id}`, { token: admin, body: { step_name: 'Parlatma' } });
    for (const { id } of builtIn) {
      expect(await t.call('DELETE', `${STEPS}/${id}`, { token: admin })).toMatchObject({ status: 409, body: { code: 'STEP_IN_USE' } });
      expect((await t.call('GET', `${STEPS}/${id}`, { token: admin })).status).toBe(200);
    }
    const namesake = (await t.call('POST', STEPS, { token: admin, body: { step_name: 'Cila' } })).body.production_step;
    expect(namesake).toMatchObject({ step_name: 'Cila', built_in: null });
    expect((await t.call('DELETE', `${STEPS}/${namesake.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${STEPS}/${builtIn[2].id}`, { token: admin })).body.production_step).toMatchObject({ step_name: 'Parlatma', built_in: 'polishing' });
  });

  test('a name another step has, as Turkish folds case, is refused on adding and on renaming, in Turkish with its key', async () => {
    const before = await stepCount();
    const own = (await t.call('POST', STEPS, { token: admin, body: { step_name: 'İnce Ayar' } })).body.production_step;
    const taken = (name: string) => ({ status: 409, body: { code: 'STEP_NAME_TAKEN', error: `'${name}' adında bir üretim adımı zaten var; başka bir ad seçin.`, message: { key: 'errors:stepNameTaken', values: { name } } } });
    expect(await t.call('POST', STEPS, { token: admin, body: { step_name: ' ince ayar ' } })).toMatchObject(taken('İnce Ayar'));
    expect(await t.call('POST', STEPS, { token: admin, body: { step_name: 'İNCE AYAR' } })).toMatchObject(taken('İnce Ayar'));
    // A built-in step's name is taken too.
    expect(await t.call('POST', STEPS, { token: admin, body: { step_name: 'KALİTE KONTROL' } })).toMatchObject(taken('Kalite Kontrol'));
    expect(await stepCount()).toBe(before + 1);

    const other = (await t.call('POST', STEPS, { token: admin, body: { step_name: 'Kaba Ayar' } })).body.production_step;
    expect(await t.call('PUT', `${STEPS}/${other.id}`, { token: admin, body: { step_name: 'ince AYAR' } })).toMatchObject(taken('İnce Ayar'));
    expect((await t.call('GET', `${STEPS}/${other.id}`, { token: admin })).body.production_step.step_name).toBe('Kaba Ayar');
    // A step keeps its own name in another case, and another name is free.
    expect((await t.call('PUT', `${STEPS}/${own.id}`, { token: admin, body: { step_name: 'İnce ayar' } })).body.production_step.step_name).toBe('İnce ayar');
    expect((await t.call('PUT', `${STEPS}/${other.id}`, { token: admin, body: { step_name: 'Orta Ayar' } })).status).toBe(200);
    // The folded name's unique index holds when a write passes by the check.
    const bypass = await t.db.insertInto('production_steps').values({ step_name: 'ınce ayar', step_name_folded: 'ince ayar', created_at: own.created_at, updated_at: own.created_at }).execute().catch((error: unknown) => error);
    expect(isUniqueViolationOn(bypass, 'production_steps', 'step_name_folded')).toBe(true);
    for (const { id } of [own, other]) await t.call('DELETE', `${STEPS}/${id}`, { token: admin });
  });

  test('active roles read steps; only the admin changes them; role 1 reads nothing', async () => {
    const user = await t.newUser('step_reader');
    const step = (await t.call('POST', STEPS, { token: admin, body: { step_name: 'Taş mıhlama' } })).body.production_step;
    for (const role of [3, 4, 5]) {
      await t.db.updateTable('users').set({ role_id: role }).where('id', '=', user.user_id).execute();
      expect((await t.call('GET', STEPS, { token: user.token })).status).toBe(200);
      expect((await t.call('POST', STEPS, { token: user.token, body: { step_name: 'x' } })).status).toBe(403);
      expect((await t.call('PUT', `${STEPS}/${step.id}`, { token: user.token, body: { step_name: 'x' } })).status).toBe(403);
      expect((await t.call('DELETE', `${STEPS}/${step.id}`, { token: user.token })).status).toBe(403);
    }
    await t.db.updateTable('users').set({ role_id: 1 }).where('id', '=', user.user_id).execute();
    expect((await t.call('GET', STEPS, { token: user.token })).status).toBe(403);
    expect((await t.call('GET', `${STEPS}/${step.id}`, { token: admin })).body.production_step.step_name).toBe('Taş mıhlama');
  });
});

describe.each(testDatabases())('status lookups on $name', (database) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
  });
  afterAll(() => t.close());

  test('each list and each id answers with the names of the spec', async () => {
    expect((await t.call('GET', '/api/v1/statuses', { token: admin })).body.statuses.map((s: { name: string }) => s.name)).toEqual([
      'Bekliyor',
      'Üretimde',
      'Kalite Kontrol',
      'Paketleme',
      'Tamamlandı',
    ]);
    expect((await t.call('GET', '/api/v1/statuses/4', { token: admin })).body).toEqual({ status: { id: 4, name: 'Paketleme' } });
    expect((await t.call('GET', '/api/v1/quality-control-statuses/2', { token: admin })).body).toEqual({
      quality_control_status: { id: 2, name: 'Reddedildi' },
    });
    expect((await t.call('GET', '/api/v1/packing-statuses', { token: admin })).body.packing_statuses).toHaveLength(3);
    expect((await t.call('GET', '/api/v1/packing-statuses/3', { token: admin })).body).toEqual({ packing_status: { id: 3, name: 'Kargoya Verildi' } });
    expect((await t.call('GET', '/api/v1/statuses/9', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/statuses/x', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/statuses')).status).toBe(401);
  });
});
