import { testDatabases } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/server';
import { takeBarcodes } from '../orders/barcodes';

const PRODUCTS = '/api/v1/product';
const BULK = '/api/v1/product-production-steps/bulk';

describe.each(testDatabases())('products and routings on $name', (database) => {
  let t: TestApp;
  let admin: string;
  let gold: number;
  let steps: number[];
  beforeAll(async () => {
    t = await startTestApp(await database.create());
    admin = (await t.login()).token;
    gold = (await t.db.insertInto('product_option_values').values({ option_id: 1, value_name: '14K Altın' }).returning('id').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('product_option_values').values({ option_id: 5, value_name: '14 ayar' }).execute();
    steps = [];
    // The office's own steps beside the built-in ones (whose names they cannot take).
    for (const step_name of ['Tel Kesim', 'Lehim', 'Son Cila']) {
      steps.push((await t.call('POST', '/api/v1/production-steps', { token: admin, body: { step_name } })).body.production_step.id);
    }
  });
  afterAll(() => t.close());

  const newProduct = async (body: object = {}) =>
    (await t.call('POST', PRODUCTS, { token: admin, body: { title: 'İsim Kolye', ...body } })).body.product as { id: number };
  const routingRows = async () => Number((await t.db.selectFrom('product_production_steps').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  test('the admin creates, reads, updates and deletes a product', async () => {
    const created = await t.call('POST', PRODUCTS, {
      token: admin,
      body: { title: ' İsim Kolye ', material_id: gold, price: 1250.5, workmanship_rate: 12.5, production_expected_days: 5, sku: 'KLY-1' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { product: { title: 'İsim Kolye', material_id: gold, price: 1250.5, workmanship_rate: 12.5, production_expected_days: 5, sku: 'KLY-1', user_id: 1 } },
    });
    const id = created.body.product.id;
    expect((await t.call('GET', `${PRODUCTS}/${id}`, { token: admin })).body.product.title).toBe('İsim Kolye');
    expect((await t.call('GET', PRODUCTS, { token: admin })).body.products.map((p: { id: number }) => p.id)).toContain(id);

    const updated = await t.call('PUT', `${PRODUCTS}/${id}`, { token: admin, body: { title: 'Harf Kolye', price: 990 } });
    expect(updated.body.product).toMatchObject({ title: 'Harf Kolye', price: 990, sku: 'KLY-1' });

    expect((await t.call('DELETE', `${PRODUCTS}/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${PRODUCTS}/${id}`, { token: admin })).status).toBe(404);
  });

  test('a new product takes 7 expected days unless told otherwise', async () => {
    expect((await newProduct()) as unknown).toMatchObject({ production_expected_days: 7 });
  });

  test('bad product input answers 400 and stores nothing', async () => {
    const count = async () => (await t.call('GET', PRODUCTS, { token: admin })).body.products.length;
    const before = await count();
    const cases: Array<[object, string]> = [
      [{}, 'Ürün adı gereklidir.'],
      [{ title: 'x', workmanship_rate: 100.5 }, 'İşçilik oranı 0 ile 100 arasında bir sayı olmalıdır.'],
      [{ title: 'x', production_expected_days: 0 }, 'Beklenen üretim süresi en az 1 gün olan bir tam sayı olmalıdır.'],
      [{ title: 'x', production_expected_days: 1.5 }, 'Beklenen üretim süresi en az 1 gün olan bir tam sayı olmalıdır.'],
      [{ title: 'x', price: -1 }, 'Tutar 0 veya daha büyük bir sayı olmalıdır.'],
      [{ title: 'x', material_id: 999999 }, 'Seçenek değeri bulunamadı: 999999'],
    ];
    for (const [body, error] of cases) {
      expect(await t.call('POST', PRODUCTS, { token: admin, body })).toMatchObject({ status: 400, body: { error } });
    }
    expect(await count()).toBe(before);
  });

  test('single-field edits: workmanship rate, our product id, expected days', async () => {
    const { id } = await newProduct();
    expect((await t.call('POST', `${PRODUCTS}/${id}/workmanshiprate`, { token: admin, body: { workmanship_rate: 17.25 } })).body.product.workmanship_rate).toBe(17.25);
    expect((await t.call('POST', `${PRODUCTS}/${id}/ourproductid`, { token: admin, body: { our_product_id: ' AT-77 ' } })).body.product.our_product_id).toBe('AT-77');
    expect((await t.call('POST', `${PRODUCTS}/${id}/expectedproductiondays`, { token: admin, body: { production_expected_days: 12 } })).body.product.production_expected_days).toBe(12);

    expect((await t.call('POST', `${PRODUCTS}/${id}/workmanshiprate`, { token: admin, body: { workmanship_rate: '17' } })).status).toBe(400);
    expect((await t.call('POST', `${PRODUCTS}/${id}/workmanshiprate`, { token: admin, body: { workmanship_rate: -0.01 } })).status).toBe(400);
    expect((await t.call('POST', `${PRODUCTS}/${id}/expectedproductiondays`, { token: admin, body: { production_expected_days: 0 } })).status).toBe(400);
    expect((await t.call('POST', `${PRODUCTS}/${id}/ourproductid`, { token: admin, body: { our_product_id: '' } })).status).toBe(400);
    expect((await t.call('POST', `${PRODUCTS}/999999/workmanshiprate`, { token: admin, body: { workmanship_rate: 5 } })).status).toBe(404);
    expect((await t.call('GET', `${PRODUCTS}/${id}`, { token: admin })).body.product).toMatchObject({
      workmanship_rate: 17.25,
      our_product_id: 'AT-77',
      production_expected_days: 12,
    });
  });

  test('a product code another product has, as Turkish folds case, is refused on creating and on setting it, in Turkish with its key', async () => {
    const first = await newProduct({ our_product_id: 'KOLYE-İ1' });
    const second = await newProduct();
    const taken = { status: 409, body: { code: 'PRODUCT_CODE_TAKEN', error: "'KOLYE-İ1' ürün kodu başka bir üründe kullanılıyor; başka bir kod seçin.", message: { key: 'errors:productCodeTaken', values: { code: 'KOLYE-İ1' } } } };
    expect(await t.call('POST', `${PRODUCTS}/${second.id}/ourproductid`, { token: admin, body: { our_product_id: 'kolye-i1' } })).toMatchObject(taken);
    expect(await t.call('PUT', `${PRODUCTS}/${second.id}`, { token: admin, body: { title: 'İsim Kolye', our_product_id: ' Kolye-i1' } })).toMatchObject(taken);
    expect(await t.call('POST', PRODUCTS, { token: admin, body: { title: 'Kopya', our_product_id: 'KOLYE-I1' } })).toMatchObject(taken);
    expect((await t.call('GET', `${PRODUCTS}/${second.id}`, { token: admin })).body.product.our_product_id).toBeNull();
    // A product keeps its own code in another case; other fields of a product change as before.
    const renamed = (await t.call('POST', `${PRODUCTS}/${first.id}/ourproductid`, { token: admin, body: { our_product_id: 'kolye-i1' } })).body.product;
    expect(renamed.our_product_id).toBe('kolye-i1');
    // The folded code keeps codes unique and is never answered.
    expect(renamed).not.toHaveProperty('our_product_id_folded');
    expect((await t.call('POST', `${PRODUCTS}/${second.id}/ourproductid`, { token: admin, body: { our_product_id: 'KOLYE-2' } })).status).toBe(200);
    expect((await t.call('POST', `${PRODUCTS}/${second.id}/workmanshiprate`, { token: admin, body: { workmanship_rate: 3 } })).status).toBe(200);
  });

  test('options and option values are looked up by id', async () => {
    expect((await t.call('GET', `${PRODUCTS}/options`, { token: admin })).body.product_options.map((o: { name: string }) => o.name)).toEqual([
      'Materyal',
      'Zincir Uzunluğu',
      'Beden',
      'Renk',
      'Ayar',
    ]);
    const values = (await t.call('GET', `${PRODUCTS}/options/values`, { token: admin })).body.product_option_values;
    expect(values).toEqual(expect.arrayContaining([{ id: gold, option_id: 1, value_name: '14K Altın' }]));
    expect((await t.call('GET', `/api/v1/product-option-values/${gold}`, { token: admin })).body).toEqual({
      product_option_value: { id: gold, option_id: 1, value_name: '14K Altın' },
    });
    expect((await t.call('GET', '/api/v1/product-options/5/values', { token: admin })).body.product_option_values).toEqual([
      expect.objectContaining({ option_id: 5, value_name: '14 ayar' }),
    ]);
    expect((await t.call('GET', '/api/v1/product-option-values/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/product-options/99/values', { token: admin })).status).toBe(404);
  });

  test('a routing is replaced whole, or not at all', async () => {
    const { id } = await newProduct();
    const [kesim, kaynak, cila] = steps;
    expect((await t.call('GET', `${PRODUCTS}/${id}/production_process`, { token: admin })).body.product_production_steps).toEqual([]);

    const saved = await t.call('POST', BULK, {
      token: admin,
      body: { product_id: id, steps: [{ step_id: cila, position_in_process: 3 }, { step_id: kesim, position_in_process: 1 }, { step_id: kaynak, position_in_process: 2 }] },
    });
    expect(saved.status).toBe(200);
    const routing = (await t.call('GET', `${PRODUCTS}/${id}/production_process`, { token: admin })).body.product_production_steps;
    expect(routing.map((s: { step_name: string; position_in_process: number }) => [s.position_in_process, s.step_name])).toEqual([
      [1, 'Tel Kesim'],
      [2, 'Lehim'],
      [3, 'Son Cila'],
    ]);

    const before = await routingRows();
    const refusals: Array<[object, string]> = [
      [{ product_id: id, steps: [{ step_id: kesim, position_in_process: 1 }, { step_id: 999999, position_in_process: 2 }] }, 'UNKNOWN_STEP'],
      [{ product_id: id, steps: [{ step_id: kesim, position_in_process: 1 }, { step_id: kaynak, position_in_process: 1 }] }, 'DUPLICATE_POSITION'],
      [{ product_id: id, steps: [{ step_id: kesim, position_in_process: 1 }, { step_id: kesim, position_in_process: 2 }] }, 'DUPLICATE_STEP'],
      [{ product_id: id, steps: [{ step_id: 'x', position_in_process: 1 }] }, 'VALIDATION'],
      [{ product_id: id }, 'VALIDATION'],
    ];
    for (const [body, code] of refusals) {
      expect(await t.call('PUT', BULK, { token: admin, body })).toMatchObject({ status: 400, body: { code } });
    }
    expect((await t.call('PUT', BULK, { token: admin, body: { product_id: 999999, steps: [] } })).status).toBe(404);
    expect(await routingRows()).toBe(before);

    const replaced = await t.call('PUT', BULK, { token: admin, body: { product_id: id, steps: [{ step_id: kaynak, position_in_process: 1 }] } });
    expect(replaced.body.product_production_steps).toEqual([expect.objectContaining({ step_id: kaynak, step_name: 'Lehim', position_in_process: 1 })]);
  });

  test('office staff read products but change nothing; workshops and customers read no catalogue', async () => {
    const { id } = await newProduct();
    const user = await t.newUser('catalogue_reader');
    const setRole = (role: number) => t.db.updateTable('users').set({ role_id: role }).where('id', '=', user.user_id).execute();
    await setRole(4);
    expect((await t.call('GET', PRODUCTS, { token: user.token })).status).toBe(200);
    expect((await t.call('POST', PRODUCTS, { token: user.token, body: { title: 'x' } })).status).toBe(403);
    expect((await t.call('PUT', `${PRODUCTS}/${id}`, { token: user.token, body: { title: 'x' } })).status).toBe(403);
    expect((await t.call('DELETE', `${PRODUCTS}/${id}`, { token: user.token })).status).toBe(403);
    expect((await t.call('POST', `${PRODUCTS}/${id}/workmanshiprate`, { token: user.token, body: { workmanship_rate: 1 } })).status).toBe(403);
    expect((await t.call('PUT', BULK, { token: user.token, body: { product_id: id, steps: [] } })).status).toBe(403);
    await setRole(3);
    expect((await t.call('GET', PRODUCTS, { token: user.token })).status).toBe(403);
    expect((await t.call('GET', `${PRODUCTS}/options`, { token: user.token })).status).toBe(200);
    await setRole(5);
    const seen = (await t.call('GET', PRODUCTS, { token: user.token })).body.products;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).not.toHaveProperty('workmanship_rate');
    expect(seen[0]).not.toHaveProperty('workshop_id');
    expect((await t.call('GET', `${PRODUCTS}/${id}`, { token: user.token })).status).toBe(403);
    await setRole(1);
    expect((await t.call('GET', `${PRODUCTS}/options`, { token: user.token })).status).toBe(403);
  });
});

describe.each(testDatabases())('records in use on $name', (database) => {
  test('a product or step that an order line uses cannot be deleted', async () => {
    const t = await startTestApp(await database.create());
    try {
      const admin = (await t.login()).token;
      const step = (await t.call('POST', '/api/v1/production-steps', { token: admin, body: { step_name: 'Döküm' } })).body.production_step;
      const product = (await t.call('POST', PRODUCTS, { token: admin, body: { title: 'Bileklik' } })).body.product;
      const at = new Date().toISOString();
      const order = await t.db.insertInto('orders').values({ order_number: 'M-1', source: 'manual', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
      await t.db
        .insertInto('order_lines')
        .values({ order_id: order.id, product_id: product.id, current_order_line_process: step.id, barcode: (await takeBarcodes(t.db, 1))[0], created_at: at, updated_at: at })
        .execute();
      expect(await t.call('DELETE', `${PRODUCTS}/${product.id}`, { token: admin })).toMatchObject({ status: 409, body: { code: 'PRODUCT_IN_USE' } });
      expect(await t.call('DELETE', `/api/v1/production-steps/${step.id}`, { token: admin })).toMatchObject({ status: 409, body: { code: 'STEP_IN_USE' } });
      expect((await t.call('GET', `${PRODUCTS}/${product.id}`, { token: admin })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
