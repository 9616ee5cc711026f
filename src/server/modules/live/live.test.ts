/*
 * The live channel on a listening server: who may connect, who hears of which change, and that only
 * committed changes are told. "Hears nothing of X" is proven by order: each socket receives its
 * events in commit order, so once a later change has arrived, an earlier one it was owed would have too.
 */
import type { AddressInfo } from 'node:net';
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { type LiveClient, liveClient } from '../../../../test/live-client';
import { API } from '../../../shared/api';
import { type HeardLineEvent, LIVE_LINES_MAX, LiveClose, type LineEvent, type LiveMessage, type MetalVoucherMessage } from '../../../shared/live';
import { Role } from '../../../shared/roles';

const isEvent = (message: LiveMessage): message is LineEvent => message.type !== 'ready' && message.type !== 'resync' && message.type !== 'metal_voucher' && message.type !== 'notifications';
const isNotification = (message: LiveMessage) => message.type === 'notifications';
const isVoucher = (message: LiveMessage): message is MetalVoucherMessage => message.type === 'metal_voucher';
const eventOf = (lineId: number) => (message: LiveMessage) => isEvent(message) && message.line_id === lineId;
const ready = (message: LiveMessage) => message.type === 'ready';

describe.each(testDatabases())('live channel on $name', (database) => {
  let f: Fixture;
  let base: string;
  const open: LiveClient[] = [];
  const connect = (path: string, options?: Parameters<typeof liveClient>[1]) => {
    const client = liveClient(`${base}${path}`, options);
    open.push(client);
    return client;
  };
  /** A socket of the caller, authenticated by its first message and ready. */
  const listen = async (name: string) => {
    const client = connect('/ws/orders', { authMessage: f.caller(name).token });
    await client.next(ready);
    return client;
  };
  const token = (name: string) => f.caller(name).token!;

  beforeAll(async () => {
    f = await startFixture(await database.create(), { LIVE_SESSION_CHECK_MS: '100' });
    await f.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(f.t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(() => f?.close());

  test('a socket without a valid token is closed with 4401 and hears nothing', async () => {
    const refused = [
      connect('/ws/orders', { authMessage: 'not-a-token' }),
      connect(`/ws/orders?token=${token('admin').slice(0, -4)}AAAA`),
      connect('/ws/orders', { headers: { authorization: 'Bearer nope' } }),
      // A first message that is not the auth message.
      connect('/ws/orders', { authMessage: undefined }),
    ];
    refused[3].socket.on('open', () => refused[3].socket.send('{"type":"hello"}'));
    for (const client of refused) {
      expect(await client.closed()).toBe(LiveClose.Unauthorized);
      expect(client.messages).toEqual([]);
    }
  });

  test('user_id and role in the address must be the token’s own', async () => {
    const admin = f.caller('admin');
    const workshop = f.caller('workshop');
    const forgedUser = connect(`/ws/orders?user_id=${admin.userId}&role=${Role.Admin}`, { authMessage: workshop.token });
    const forgedRole = connect(`/ws/orders?user_id=${workshop.userId}&role=${Role.Admin}`, { authMessage: workshop.token });
    for (const client of [forgedUser, forgedRole]) {
      expect(await client.closed()).toBe(LiveClose.Unauthorized);
      expect(client.messages).toEqual([]);
    }
    const honest = connect(`/ws/orders?user_id=${workshop.userId}&role=${Role.Workshop}`, { authMessage: workshop.token });
    await honest.next(ready);
  });

  test('a page of another site cannot open the socket; the product’s own page can', async () => {
    const foreign = connect('/ws/orders', { headers: { origin: 'https://evil.example' }, authMessage: token('admin') });
    expect(await foreign.refusedWith).toBe(403);
    const own = connect('/ws/orders', { headers: { origin: f.t.config.publicUrl }, authMessage: token('admin') });
    expect(await own.refusedWith).toBeNull();
    await own.next(ready);
  });

  test('the token may come in the address, a Bearer header or the first message, on every alias', async () => {
    const viaQuery = connect(`/ws?token=${token('office')}`);
    const viaHeader = connect('/api/ws/orders', { headers: { authorization: `Bearer ${token('office')}` } });
    const viaMessage = connect('/ws/orders', { authMessage: token('office') });
    for (const client of [viaQuery, viaHeader, viaMessage]) await client.next(ready);
  });

  test('each socket hears exactly the changes of lines its user may read, with no cost field', async () => {
    const names = ['admin', 'office', 'workshop', 'customer', 'other workshop', 'other customer'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await listen(name)] as const)));
    const { line, otherLine } = f.ids;
    const approveA = await f.t.call('PATCH', API.myWorkshopApprove(line), { token: token('workshop'), body: { approved: true } });
    expect(approveA.status).toBe(200);
    const approveB = await f.t.call('PATCH', API.myWorkshopApprove(otherLine), { token: token('other workshop'), body: { approved: true } });
    expect(approveB.status).toBe(200);

    for (const name of ['admin', 'office'] as const) {
      await sockets[name].next(eventOf(otherLine));
      expect(sockets[name].messages.filter(isEvent).map((e) => e.line_id)).toEqual([line, otherLine]);
    }
    for (const [mine, theirs] of [
      ['workshop', 'other workshop'],
      ['customer', 'other customer'],
    ] as const) {
      await sockets[mine].next(eventOf(line));
      await sockets[theirs].next(eventOf(otherLine));
      // Both changes have reached both processes' sockets in order: neither heard of the other's line.
      await sockets.admin.next(eventOf(otherLine));
      expect(sockets[mine].messages.filter(isEvent).map((e) => e.line_id)).not.toContain(otherLine);
      expect(sockets[theirs].messages.filter(isEvent).map((e) => e.line_id)).not.toContain(line);
    }
    const heard = sockets.customer.messages.find(eventOf(line)) as HeardLineEvent;
    expect(Object.keys(heard).sort()).toEqual(['customer_id', 'line', 'line_id', 'order_id', 'type', 'version', 'workshop_id']);
    expect(heard).toMatchObject({ type: 'order_update', line_id: line, workshop_id: f.ids.workshop, customer_id: f.ids.customer });
    expect(heard.line).not.toHaveProperty('product_cost');
  });

  test('each event carries its line as its reader reads it: the office and the workshop every field, the customer all but the cost, no other workshop or customer anything', async () => {
    const names = ['admin', 'office', 'workshop', 'customer', 'other workshop', 'other customer'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await listen(name)] as const)));
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    const lineId = (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', placed.body.order.id).executeTakeFirstOrThrow()).id;
    for (const name of ['admin', 'office', 'workshop', 'customer'] as const) {
      const heard = (await sockets[name].next(eventOf(lineId))) as HeardLineEvent;
      // The same serialiser as the HTTP read, so every field of the answer, and only those, comes along.
      const readBack = await f.t.call('GET', `${API.lineChanges}?ids=${lineId}`, { token: token(name) });
      expect({ name, line: heard.line }).toEqual({ name, line: readBack.body.orders[0] });
      expect({ name, cost: 'product_cost' in heard.line! }).toEqual({ name, cost: name !== 'customer' });
    }
    // The other side's next order reaches the others in order: the first line's event was never theirs.
    const theirs = await f.t.call('POST', API.manualOrder, {
      token: token('other customer'),
      body: { address: 'Bağdat Cd. 1', email: 'b@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.otherProduct, quantity: 1 }] },
    });
    expect(theirs.status).toBe(201);
    for (const name of ['other workshop', 'other customer'] as const) {
      await sockets[name].next((m) => isEvent(m) && m.order_id === theirs.body.order.id);
      expect(sockets[name].messages.some(eventOf(lineId))).toBe(false);
      expect(sockets[name].messages.filter(isEvent).every((e) => (e as HeardLineEvent).line?.id !== lineId)).toBe(true);
    }
  });

  test('a burst of more lines than an event carries names them only, to be read back', async () => {
    const admin = await listen('admin');
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.otherProduct, quantity: LIVE_LINES_MAX + 1 }] },
    });
    expect(placed.status).toBe(201);
    const ofOrder = (m: LiveMessage) => isEvent(m) && m.order_id === placed.body.order.id;
    await admin.next((m) => admin.messages.filter(ofOrder).length === LIVE_LINES_MAX + 1 && ofOrder(m));
    expect(admin.messages.filter(ofOrder).filter((m) => 'line' in m || 'gone' in m)).toEqual([]);
  });

  test("new notifications are told to their users' sockets only, after the change commits", async () => {
    const names = ['admin', 'office', 'workshop', 'other workshop', 'customer', 'other customer'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await listen(name)] as const)));
    // The office places an order for customer A: workshop A gets new work, the customer its order.
    const placed = await f.t.call('POST', API.customerOrders(f.ids.customer), {
      token: token('office'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    for (const name of ['workshop', 'customer'] as const) expect(await sockets[name].next(isNotification)).toEqual({ type: 'notifications' });
    // The admin is told too (the order is above customer A's credit); the office, who acted, is not.
    await sockets.admin.next(isNotification);
    // A notification is sent as its transaction commits, before the order's line events are flushed.
    await sockets.office.next((m) => isEvent(m) && m.order_id === placed.body.order.id);
    expect(names.filter((name) => sockets[name].messages.some(isNotification))).toEqual(['admin', 'workshop', 'customer']);
  });

  test('a notification written outside a line change (a new account waiting for its role) is told live to the admins only', async () => {
    const names = ['admin', 'office'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await listen(name)] as const)));
    const registered = await f.t.call('POST', API.register, { body: { username: 'canli_yeni', email: 'canli_yeni@example.com', password: 'secret-pass' } });
    expect(registered.status).toBe(201);
    expect(await sockets.admin.next(isNotification)).toEqual({ type: 'notifications' });
    // Told in commit order: once the office hears of a later change, an earlier notification would have come first.
    const written = await f.t.call('POST', API.metalVouchers, {
      token: token('admin'),
      body: { type: 'issue', workshop_id: f.ids.otherWorkshop, date: '2026-11-20', lines: [{ kind: 'raw', metal: 'gold', milyem: 916, gross_g: '1' }] },
    });
    expect(written.status).toBe(201);
    await sockets.office.next((m) => isVoucher(m) && m.voucher_id === written.body.voucher.id);
    expect(names.filter((name) => sockets[name].messages.some(isNotification))).toEqual(['admin']);
  });

  test('a metal voucher written or answered reaches the office and its own workshop, never another workshop or a customer', async () => {
    const names = ['admin', 'office', 'workshop', 'other workshop', 'customer'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await listen(name)] as const)));
    const vouchersOf = (name: (typeof names)[number]) => sockets[name].messages.filter(isVoucher).map((m) => m.voucher_id);
    // Workshop A confirms the voucher addressed to it; the admin writes one to workshop B.
    expect((await f.t.call('POST', API.metalVoucherConfirm(f.ids.voucher), { token: token('workshop'), body: {} })).status).toBe(200);
    const written = await f.t.call('POST', API.metalVouchers, {
      token: token('admin'),
      body: { type: 'issue', workshop_id: f.ids.otherWorkshop, date: '2026-11-20', lines: [{ kind: 'raw', metal: 'gold', milyem: 916, gross_g: '1' }] },
    });
    expect(written.status).toBe(201);
    const other = written.body.voucher.id as number;
    for (const name of ['admin', 'office'] as const) {
      await sockets[name].next((m) => isVoucher(m) && m.voucher_id === other);
      expect(vouchersOf(name)).toEqual([f.ids.voucher, other]);
    }
    expect(await sockets.workshop.next(isVoucher)).toEqual({ type: 'metal_voucher', voucher_id: f.ids.voucher, workshop_id: f.ids.workshop });
    await sockets['other workshop'].next((m) => isVoucher(m) && m.voucher_id === other);
    // A new order afterwards reaches workshop A and the customer: whatever voucher they were owed came before it.
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    for (const name of ['workshop', 'customer'] as const) await sockets[name].next((m) => isEvent(m) && m.order_id === placed.body.order.id);
    expect(vouchersOf('workshop')).toEqual([f.ids.voucher]);
    expect(vouchersOf('other workshop')).toEqual([other]);
    expect(vouchersOf('customer')).toEqual([]);
  });

  test('a refused change tells no one; the next real one is the first event', async () => {
    const admin = await listen('admin');
    // Packing approval of a line that is nowhere near packing: refused with 409, nothing written.
    const refused = await f.t.call('PUT', API.approveShipping(f.ids.line), { token: token('admin') });
    expect(refused.status).toBe(409);
    const moved = await f.t.call('PATCH', API.myWorkshopNextStep(f.ids.line), { token: token('workshop'), body: {} });
    expect(moved.status).toBe(200);
    const first = await admin.next(isEvent);
    expect(first).toMatchObject({ type: 'status_change', line_id: f.ids.line });
    expect(admin.messages.filter(isEvent)).toHaveLength(1);
  });

  test('a new order reaches its workshop and customer at once; the catch-up route answers what changed', async () => {
    const workshop = await listen('workshop');
    const otherWorkshop = await listen('other workshop');
    const since = (workshop.messages[0] as { version: number }).version;
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 2 }] },
    });
    expect(placed.status).toBe(201);
    const created = await workshop.next((m) => isEvent(m) && m.type === 'new_order');
    expect(created).toMatchObject({ order_id: placed.body.order.id, workshop_id: f.ids.workshop, customer_id: f.ids.customer });

    const changes = await f.t.call('GET', `${API.lineChanges}?since=${since}`, { token: token('workshop') });
    expect(changes.status).toBe(200);
    const newLines = changes.body.orders.filter((l: { order_id: number }) => l.order_id === placed.body.order.id);
    expect(newLines).toHaveLength(2);
    expect(changes.body.version).toBeGreaterThanOrEqual((created as LineEvent).version);
    const theirs = await f.t.call('GET', `${API.lineChanges}?since=${since}`, { token: token('other workshop') });
    expect(theirs.body.orders.map((l: { id: number }) => l.id)).not.toEqual(expect.arrayContaining(newLines.map((l: { id: number }) => l.id)));
    // Another workshop asking for these lines by id learns only that it may not see them.
    const ids = newLines.map((l: { id: number }) => l.id);
    const byIds = await f.t.call('GET', `${API.lineChanges}?ids=${ids.join(',')}`, { token: token('other workshop') });
    expect(byIds.body).toMatchObject({ orders: [], gone: ids });
    await f.t.call('GET', API.myWorkshopOrders, { token: token('other workshop') });
    expect(otherWorkshop.messages.filter(isEvent)).toEqual([]);
  });

  test('changes made together reach a socket as one message: an order of five pieces is one batch', async () => {
    const admin = await listen('admin');
    const before = admin.frames();
    const heard = admin.messages.length;
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 5 }] },
    });
    const ofOrder = (m: LiveMessage) => isEvent(m) && m.order_id === placed.body.order.id;
    await admin.next((m) => admin.messages.filter(ofOrder).length === 5 && ofOrder(m));
    // The admin is also told of the order above credit, in a message of its own.
    const notices = admin.messages.slice(heard).filter(isNotification).length;
    expect(admin.frames() - before - notices).toBe(1);
    const versions = admin.messages.filter(ofOrder).map((m) => (m as LineEvent).version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  test('a product moved to another workshop takes its unstarted lines: both workshops hear of it, the old one loses them', async () => {
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] },
    });
    const lineId = (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', placed.body.order.id).executeTakeFirstOrThrow()).id;
    const from = await listen('workshop');
    const to = await listen('other workshop');
    const moved = await f.t.call('PUT', API.workshopAssignProduct(f.ids.otherWorkshop), { token: token('admin'), body: { product_id: f.ids.product } });
    expect(moved.status).toBe(200);
    for (const socket of [from, to]) {
      expect(await socket.next(eventOf(lineId))).toMatchObject({ type: 'order_assigned', workshop_id: f.ids.otherWorkshop, previous_workshop_id: f.ids.workshop });
    }
    // The workshop it left learns only that it is gone; the one it reached gets the line.
    const left = (await from.next(eventOf(lineId))) as HeardLineEvent;
    expect(left.gone).toBe(true);
    expect(left).not.toHaveProperty('line');
    expect(((await to.next(eventOf(lineId))) as HeardLineEvent).line).toMatchObject({ id: lineId, workshop_id: f.ids.otherWorkshop });
    const gone = await f.t.call('GET', `${API.lineChanges}?ids=${lineId}`, { token: token('workshop') });
    expect(gone.body).toMatchObject({ orders: [], gone: [lineId] });
    const arrived = await f.t.call('GET', `${API.lineChanges}?ids=${lineId}`, { token: token('other workshop') });
    expect(arrived.body.orders.map((l: { id: number }) => l.id)).toEqual([lineId]);
    // Back where it was, for the other tests.
    await f.t.call('PUT', API.workshopAssignProduct(f.ids.workshop), { token: token('admin'), body: { product_id: f.ids.product } });
  });

  test('the catch-up route refuses a malformed question with the sentence and changes nothing', async () => {
    for (const query of ['', '?since=-1', '?since=abc', '?ids=', '?ids=1,,2', '?ids=0', `?ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`, '?since=1&ids=1', '?since=1&x=2']) {
      const answer = await f.t.call('GET', `${API.lineChanges}${query}`, { token: token('admin') });
      expect({ query, status: answer.status, code: answer.body.code }).toEqual({ query, status: 400, code: 'VALIDATION' });
      expect(answer.body.error).toMatch(/^Değişen satırlar geçersiz/);
    }
  });

  test('only the roles that read lines are admitted: an inactive account or an unknown role is closed with 4403 and hears nothing', async () => {
    const roles = [Role.Inactive, Role.Admin, Role.Workshop, Role.Office, Role.Customer, 9];
    // A role the database knows and the code does not (added by hand, or by a newer version).
    await f.t.db.insertInto('roles').values({ id: 9, role_name: 'Denetçi' }).execute();
    const users = await Promise.all(
      roles.map(async (role) => {
        // Registration gives anyone an inactive account; the others are set as an admin (or a faulty row) would.
        const user = await f.t.newUser(`rol_${role}`);
        if (role !== Role.Inactive) await f.t.db.updateTable('users').set({ role_id: role }).where('id', '=', user.user_id).execute();
        return { role, token: user.token };
      }),
    );
    const sockets = users.map(({ role, token: userToken }) => ({ role, client: connect('/ws/orders', { authMessage: userToken }) }));
    for (const { role, client } of sockets) {
      if (role === Role.Inactive || role === 9) {
        expect({ role, code: await client.closed() }).toEqual({ role, code: LiveClose.Forbidden });
        expect(client.messages).toEqual([]);
      } else {
        await client.next(ready);
      }
    }
    // A new order the admin's socket hears proves the closed ones were not merely slow.
    const placed = await f.t.call('POST', API.manualOrder, {
      token: token('customer'),
      body: { address: 'Bağdat Cd. 1', email: 'a@example.com', phone_number: '0532', country: 'Türkiye', zip_code: '34000', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 1 }] },
    });
    expect(placed.status).toBe(201);
    await sockets[1].client.next((m) => isEvent(m) && m.order_id === placed.body.order.id);
    for (const { role, client } of sockets.filter((s) => s.role === Role.Inactive || s.role === 9)) expect({ role, heard: client.messages }).toEqual({ role, heard: [] });
    // Nor may they read what changed over HTTP.
    for (const { role, token: userToken } of users.filter((u) => u.role === Role.Inactive || u.role === 9)) {
      const answer = await f.t.call('GET', `${API.lineChanges}?since=0`, { token: userToken });
      expect({ role, status: answer.status }).toEqual({ role, status: 403 });
    }
  });

  test('a socket closes when its session ends: logout, and a role change', async () => {
    const fresh = await f.t.login('ofis', 'secret-pass');
    const byLogout = connect('/ws/orders', { authMessage: fresh.token });
    await byLogout.next(ready);
    expect((await f.t.call('POST', API.logout, { token: fresh.token })).status).toBe(200);
    expect(await byLogout.closed()).toBe(LiveClose.Unauthorized);

    const buyer = await f.t.newUser('gecici_alici');
    await f.t.call('POST', API.changeUserRoles, { token: token('admin'), body: [{ ID: buyer.user_id, Role: Role.Office }] });
    const office = connect('/ws/orders', { authMessage: buyer.token });
    await office.next(ready);
    await f.t.call('POST', API.changeUserRoles, { token: token('admin'), body: [{ ID: buyer.user_id, Role: Role.Inactive }] });
    expect(await office.closed()).toBe(LiveClose.Unauthorized);
  });
});
