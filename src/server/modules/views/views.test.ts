import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { API } from '../../../shared/api';
import { GRID_VIEW_STATE_MAX_BYTES, GRID_VIEWS_MAX } from '../../../shared/grid-views';
import { Role } from '../../../shared/roles';

const state = (filter: string) => ({
  grid: {
    columnOrder: { orderedColIds: ['status', 'order_number'] },
    sort: { sortModel: [{ colId: 'production_expected_date', sort: 'asc' }] },
    filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter } } },
  },
  quickFilter: 'yüzük',
});

describe.each(testDatabases())('saved grid views on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let master: string;
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    const o = await t.newUser('ofis_gorunum');
    const m = await t.newUser('usta_gorunum');
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: o.user_id, Role: Role.Office }, { ID: m.user_id, Role: Role.Workshop }] });
    office = o.token;
    master = m.token;
  });
  afterAll(() => t.close());

  const rows = () => t.db.selectFrom('grid_views').selectAll().orderBy('id').execute();

  test('the current state: null at first, then saved by one upsert and read back as sent', async () => {
    expect(await t.call('GET', API.gridViews('orders'), { token: admin })).toMatchObject({ status: 200, body: { current: null, views: [] } });
    for (const filter of ['Kalite Kontrol', 'Paketleme']) {
      const saved = await t.call('PUT', API.gridViewsCurrent('orders'), { token: admin, body: { state: state(filter) } });
      expect(saved).toMatchObject({ status: 200, body: { updated_at: expect.any(String) } });
    }
    expect((await t.call('GET', API.gridViews('orders'), { token: admin })).body).toEqual({ current: state('Paketleme'), views: [] });
    const stored = (await rows()).filter((row) => row.name === null);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].state)).toEqual(state('Paketleme'));
  });

  test('named views: created, renamed, replaced and deleted; a taken name is a 409 with its sentence', async () => {
    const created = await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: '  Acil işler ', state: state('Acil') } });
    expect(created).toMatchObject({ status: 201, body: { view: { id: expect.any(Number), name: 'Acil işler', state: state('Acil'), updated_at: expect.any(String) } } });
    const id = created.body.view.id as number;
    const other = (await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: 'Paketleme', state: state('Paketleme') } })).body.view.id as number;

    const taken = await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: 'Acil işler', state: state('x') } });
    expect(taken).toMatchObject({ status: 409, body: { code: 'GRID_VIEW_NAME_TAKEN', error: 'Bu adla kayıtlı bir görünümünüz zaten var. Başka bir ad seçin.' } });
    expect(await t.call('PUT', API.gridView('orders', other), { token: admin, body: { name: 'Acil işler' } })).toMatchObject({ status: 409, body: { code: 'GRID_VIEW_NAME_TAKEN' } });

    const renamed = await t.call('PUT', API.gridView('orders', id), { token: admin, body: { name: 'Çok acil' } });
    expect(renamed).toMatchObject({ status: 200, body: { view: { id, name: 'Çok acil', state: state('Acil') } } });
    const replaced = await t.call('PUT', API.gridView('orders', id), { token: admin, body: { state: state('Acil!') } });
    expect(replaced.body.view).toMatchObject({ id, name: 'Çok acil', state: state('Acil!') });
    // Its own name again is no conflict.
    expect((await t.call('PUT', API.gridView('orders', id), { token: admin, body: { name: 'Çok acil' } })).status).toBe(200);

    const read = (await t.call('GET', API.gridViews('orders'), { token: admin })).body;
    expect(read.views.map((v: { name: string }) => v.name)).toEqual(['Çok acil', 'Paketleme']);
    expect(read.current).toEqual(state('Paketleme'));

    expect(await t.call('DELETE', API.gridView('orders', id), { token: admin })).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await t.call('DELETE', API.gridView('orders', id), { token: admin })).status).toBe(404);
    expect((await t.call('PUT', API.gridView('orders', id), { token: admin, body: { name: 'Geri' } })).status).toBe(404);
    // The name is free again.
    expect((await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: 'Çok acil', state: state('Acil') } })).status).toBe(201);
  });

  test("users never see or touch each other's views; roles without the grid are refused", async () => {
    const mine = (await t.call('POST', API.gridViews('orders'), { token: office, body: { name: 'Ofisin görünümü', state: state('Ofis') } })).body.view.id as number;
    await t.call('PUT', API.gridViewsCurrent('orders'), { token: office, body: { state: state('Ofis şimdi') } });
    // The same name is free for another user.
    expect((await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: 'Ofisin görünümü', state: state('Admin') } })).status).toBe(201);

    const before = await rows();
    const adminViews = (await t.call('GET', API.gridViews('orders'), { token: admin })).body;
    expect(adminViews.current).toEqual(state('Paketleme'));
    expect(adminViews.views.map((v: { id: number }) => v.id)).not.toContain(mine);
    expect(await t.call('PUT', API.gridView('orders', mine), { token: admin, body: { name: 'Benim oldu' } })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await t.call('DELETE', API.gridView('orders', mine), { token: admin })).status).toBe(404);
    // The current row's id is not a named view either.
    const currentId = before.find((row) => row.name === null && row.state.includes('Ofis şimdi'))!.id;
    expect((await t.call('DELETE', API.gridView('orders', currentId), { token: office })).status).toBe(404);
    expect(await rows()).toEqual(before);

    expect((await t.call('GET', API.gridViews('orders'), { token: office })).body).toEqual({
      current: state('Ofis şimdi'),
      views: [{ id: mine, name: 'Ofisin görünümü', state: state('Ofis'), updated_at: expect.any(String) }],
    });
    expect((await t.call('GET', API.gridViews('orders'), { token: master })).status).toBe(403);
    expect((await t.call('PUT', API.gridViewsCurrent('orders'), { token: master, body: { state: state('x') } })).status).toBe(403);
    expect((await t.call('GET', API.gridViews('orders'))).status).toBe(401);
    expect((await t.call('GET', API.gridViews('customers'), { token: admin })).status).toBe(404);
  });

  test('bad bodies are refused with their sentence and change nothing', async () => {
    const id = (await t.call('POST', API.gridViews('orders'), { token: admin, body: { name: 'Değişmeyen', state: state('Sabit') } })).body.view.id as number;
    const before = await rows();
    const big = { grid: { filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: 'x'.repeat(GRID_VIEW_STATE_MAX_BYTES) } } } } };
    let deep: Record<string, unknown> = { grid: {} };
    for (let i = 0; i < 40; i += 1) deep = { a: deep };
    const refusals: Array<[method: 'POST' | 'PUT', url: string, body: unknown, error: string]> = [
      ['PUT', API.gridViewsCurrent('orders'), { state: big }, 'Görünüm çok büyük: kaydedilen durum en fazla 32 KB olabilir.'],
      ['PUT', API.gridViewsCurrent('orders'), { state: deep }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridViewsCurrent('orders'), {}, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridViewsCurrent('orders'), { state: null }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridViewsCurrent('orders'), { state: [1, 2] }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridViewsCurrent('orders'), { state: '{"grid":{}}' }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridViewsCurrent('orders'), { state: { grid: { quickFilter: 'a\u0000b' } } }, 'Metin alanları kontrol karakteri (ör. NUL) içeremez; yalnızca satır sonu ve sekme kullanılabilir.'],
      ['POST', API.gridViews('orders'), { name: '   ', state: state('x') }, 'Görünüm adı gereklidir.'],
      ['POST', API.gridViews('orders'), { state: state('x') }, 'Görünüm adı gereklidir.'],
      ['POST', API.gridViews('orders'), { name: 42, state: state('x') }, 'Görünüm adı gereklidir.'],
      ['POST', API.gridViews('orders'), { name: 'x'.repeat(61), state: state('x') }, 'Görünüm adı en fazla 60 karakter olabilir.'],
      ['POST', API.gridViews('orders'), { name: 'iki\nsatır', state: state('x') }, 'Görünüm adı tek satır olmalıdır; sekme ve satır sonu içeremez.'],
      ['POST', API.gridViews('orders'), { name: 'zil\u0007', state: state('x') }, 'Metin alanları kontrol karakteri (ör. NUL) içeremez; yalnızca satır sonu ve sekme kullanılabilir.'],
      ['POST', API.gridViews('orders'), { name: 'Büyük', state: big }, 'Görünüm çok büyük: kaydedilen durum en fazla 32 KB olabilir.'],
      ['POST', API.gridViews('orders'), { name: 'Durumsuz' }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridView('orders', id), { name: '' }, 'Görünüm adı gereklidir.'],
      ['PUT', API.gridView('orders', id), { name: null }, 'Görünüm adı gereklidir.'],
      ['PUT', API.gridView('orders', id), { name: 'Yeni', state: big }, 'Görünüm çok büyük: kaydedilen durum en fazla 32 KB olabilir.'],
      ['PUT', API.gridView('orders', id), { state: 5 }, 'Görünüm durumu geçerli bir JSON nesnesi olmalıdır.'],
      ['PUT', API.gridView('orders', 'abc'), { name: 'Yeni' }, 'Geçersiz kimlik numarası.'],
    ];
    for (const [method, url, body, error] of refusals) {
      expect({ method, url, body: JSON.stringify(body).slice(0, 80), answer: await t.call(method, url, { token: admin, body }) }).toMatchObject({
        answer: { status: 400, body: { error } },
      });
    }
    const unparsable = await t.app.inject({ method: 'PUT', url: API.gridViewsCurrent('orders'), payload: '{"state": {"__proto__": {"x": 1}}}', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' } });
    expect(unparsable.statusCode).toBe(400);
    expect(await rows()).toEqual(before);

    // Just under the limit is stored; unknown keys beside name and state are ignored.
    const fits = { grid: { filter: { filterModel: { status: { filterType: 'text', type: 'contains', filter: '' } } } } };
    fits.grid.filter.filterModel.status.filter = 'x'.repeat(GRID_VIEW_STATE_MAX_BYTES - JSON.stringify(fits).length);
    expect(JSON.stringify(fits).length).toBe(GRID_VIEW_STATE_MAX_BYTES);
    const saved = await t.call('PUT', API.gridView('orders', id), { token: admin, body: { state: fits, id: 999, user_id: 1, grid: 'x' } });
    expect(saved).toMatchObject({ status: 200, body: { view: { id, name: 'Değişmeyen', state: fits } } });
  });

  test(`at most ${GRID_VIEWS_MAX} named views per user and grid`, async () => {
    const user = await t.newUser('cok_gorunum');
    await t.call('POST', API.changeUserRoles, { token: admin, body: [{ ID: user.user_id, Role: Role.Office }] });
    const at = new Date().toISOString();
    await t.db
      .insertInto('grid_views')
      .values(Array.from({ length: GRID_VIEWS_MAX }, (_, i) => ({ user_id: user.user_id, grid: 'orders', name: `Görünüm ${i}`, state: '{}', created_at: at, updated_at: at })))
      .execute();
    expect(await t.call('POST', API.gridViews('orders'), { token: user.token, body: { name: 'Bir tane daha', state: {} } })).toMatchObject({ status: 409, body: { code: 'GRID_VIEWS_TOO_MANY' } });
    // The current state is not a named view and is always saved.
    expect((await t.call('PUT', API.gridViewsCurrent('orders'), { token: user.token, body: { state: {} } })).status).toBe(200);
  });
});
