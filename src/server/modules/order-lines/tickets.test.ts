/*
 * Job tickets (GET API.tickets): who may print which lines, the limit of one page, and that a
 * ticket carries nothing of the buyer and no price or cost, whoever reads it.
 */
import { type Fixture, startFixture } from '../../../../test/fixture';
import { testDatabases } from '../../../../test/databases';
import { API } from '../../../shared/api';
import { TICKETS_MAX, type TicketDto, type TicketsDto } from '../../../shared/api/tickets';
import { isUrgent } from '../../../shared/urgent';
import { getLine } from './queries';
import { Role } from '../../../shared/roles';
import { actorOf } from './actor';

/** Exactly what a ticket carries: the buyer, the price, the cost and the currency are not among them. */
const TICKET_FIELDS = [
  'id', 'barcode', 'order_id', 'order_number', 'product_id', 'product_title', 'material_id', 'color_id', 'size_id', 'chain_length_id', 'karat_id',
  'customization_option', 'font', 'customer_note', 'production_expected_date', 'urgent', 'workshop_id', 'workshop_name', 'item_index', 'item_count',
].sort();

const BUYER = { first_name: 'Zerrin', last_name: 'Gizlioğlu', address: 'Saklı Sokak 7', email: 'zerrin@gizli.example', phone_number: '05559998877', zip_code: '34999', country: 'Türkiye' };

describe.each(testDatabases())('job tickets on $name', (database) => {
  let f: Fixture;
  /** A two-piece order of workshop A's product, urgent by its note, and its lines. */
  let order = 0;
  let pieces: number[] = [];

  const get = (who: string, query: string) => f.t.call('GET', `${API.tickets}${query}`, { token: f.caller(who).token });
  const tickets = async (who: string, query: string): Promise<TicketDto[]> => {
    const answer = await get(who, query);
    if (answer.status !== 200) throw new Error(`${query} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body as TicketsDto).tickets;
  };

  beforeAll(async () => {
    f = await startFixture(await database.create());
    const body = { ...BUYER, notes: 'ACİL: yüzüğün içine "Sonsuza dek" yazılacak', credit_exceeded_confirmed: true, products: [{ product_id: f.ids.product, quantity: 2 }] };
    const answer = await f.t.call('POST', API.manualOrder, { token: f.caller('customer').token, body });
    if (answer.status !== 201) throw new Error(`order answered ${answer.status} ${JSON.stringify(answer.body)}`);
    order = answer.body.order.id;
    pieces = (await f.t.db.selectFrom('order_lines').select('id').where('order_id', '=', order).orderBy('item_index').execute()).map((row) => row.id);
  }, 120_000);
  afterAll(() => f?.close());

  test.each(['admin', 'office'])('%s prints any line, in the order asked', async (who) => {
    const read = await tickets(who, `?lines=${f.ids.otherLine},${f.ids.line},${pieces[1]}`);
    expect(read.map((ticket) => ticket.id)).toEqual([f.ids.otherLine, f.ids.line, pieces[1]]);
    expect(read.map((ticket) => ticket.workshop_id)).toEqual([f.ids.otherWorkshop, f.ids.workshop, f.ids.workshop]);
  });

  test('a ticket names the piece and the work, and carries nothing of the buyer, no price and no cost', async () => {
    for (const who of ['admin', 'office', 'workshop']) {
      const answer = await get(who, `?lines=${pieces.join(',')}`);
      expect(answer.status).toBe(200);
      const [first] = (answer.body as TicketsDto).tickets;
      expect(Object.keys(first).sort()).toEqual(TICKET_FIELDS);
      const line = await f.t.db.selectFrom('order_lines').selectAll().where('id', '=', pieces[0]).executeTakeFirstOrThrow();
      expect(first).toMatchObject({ barcode: line.barcode, product_title: 'Yüzük', material_id: f.ids.optionValue, item_index: 1, item_count: 2, workshop_name: 'Atölye A' });
      expect(first.customer_note).toContain('Sonsuza dek');
      // Not a field under another name either: none of the buyer's words, no amount of the line.
      const text = JSON.stringify(answer.body);
      for (const value of Object.values(BUYER)) expect(text).not.toContain(value);
      expect(text).not.toMatch(/price|cost|currency|customer_name|customer_id|email|phone|address/);
      expect(line.total_price).not.toBeNull();
      expect(text).not.toContain(`:${line.total_price}`);
    }
  });

  test('the urgent mark is the urgent rule over the whole line, as the grid reads it', async () => {
    const read = await tickets('admin', `?lines=${pieces[0]},${f.ids.line}`);
    expect(read.map((ticket) => ticket.urgent)).toEqual([true, false]);
    const admin = actorOf({ id: f.caller('admin').userId!, role: Role.Admin, workshopId: null, customerId: null })!;
    for (const ticket of read) expect(ticket.urgent).toBe(isUrgent(await getLine(f.t.db, ticket.id, admin)));
  });

  test('a workshop prints its own lines; another workshop\'s line or an unknown one is refused alike, naming them', async () => {
    expect((await tickets('workshop', `?lines=${f.ids.line}`)).map((ticket) => ticket.id)).toEqual([f.ids.line]);
    const other = await get('workshop', `?lines=${f.ids.line},${f.ids.otherLine}`);
    expect(other.status).toBe(404);
    expect(other.body.message.key).toBe('errors:ticketLinesRefused');
    expect(other.body.error).toContain(String(f.ids.otherLine));
    expect(other.body.error).not.toContain(`${f.ids.line},`);
    const unknown = await get('workshop', '?lines=999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message.key).toBe(other.body.message.key);
    expect((await get('other workshop', `?lines=${f.ids.line}`)).status).toBe(404);
  });

  test("by order: the order's lines the reader may print, in the order's own order", async () => {
    expect((await tickets('admin', `?order=${order}`)).map((ticket) => ticket.id)).toEqual(pieces);
    expect((await tickets('workshop', `?order=${order}`)).map((ticket) => ticket.id)).toEqual(pieces);
    const refused = await get('other workshop', `?order=${order}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message.key).toBe('errors:ticketOrderRefused');
    expect((await get('admin', '?order=999999')).status).toBe(404);
  });

  test.each(['customer', 'other customer'])('%s gets 403, even for its own line', async (who) => {
    const answer = await get(who, `?lines=${f.ids.line}`);
    expect(answer.status).toBe(403);
    expect((await get(who, `?order=${order}`)).status).toBe(403);
  });

  test(`at most ${TICKETS_MAX} lines a page; more is refused with its sentence`, async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(',');
    const tooMany = await get('admin', `?lines=${ids(TICKETS_MAX + 1)}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'TOO_MANY_TICKETS', message: { key: 'validation:ticketsTooMany' } });
    expect(tooMany.body.error).toContain(String(TICKETS_MAX));
    // Exactly the limit is read (and here refused only for the lines that do not exist).
    const atLimit = await get('admin', `?lines=${ids(TICKETS_MAX)}`);
    expect(atLimit.status).toBe(404);
    expect(atLimit.body.message.key).toBe('errors:ticketLinesRefused');
  });

  test.each(['', '?lines=', '?lines=1,,2', '?lines=a', `?lines=1&order=1`, '?order=0', '?order=x', '?lines=1&extra=2'])('%s is a 400', async (query) => {
    const answer = await get('admin', query);
    expect(answer.status).toBe(400);
    expect(answer.body.message.key).toBe('validation:ticketsInvalid');
  });
});
