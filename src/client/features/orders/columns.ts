import type { TFunction } from 'i18next';
import type { OrderLineDto } from '../../../shared/api';
import { dayIn } from '../../../shared/days';
import { lineState, type Offer, offers, whyNot } from '../../../shared/lifecycle';
import { CANCELED, CUSTOMER_APPROVED, LineStatus, shownStatus, stepLabel } from '../../../shared/statuses';
import { type Formatters, type Lookups, statusTexts } from '../lookups';
import type { SheetColumn } from '../../components/excel';
import { lineIsUrgent } from '../order-lines';

/** Names behind the ids of an order line, each with the raw id as fallback. */
export interface OrderLookups extends Lookups {
  qualityControl: Map<number, string>;
  packing: Map<number, string>;
}

export type ColumnKind = 'text' | 'gram' | 'tracking' | 'photo' | 'qualityAction' | 'packingAction' | 'correctAction' | 'historyAction';

/** Which of the grid's own filters a column has: text (contains, Turkish case folding), number or date. */
export type FilterKind = 'text' | 'number' | 'date';

export interface OrderColumn {
  /** The grid's colId; saved views and tests name columns by it. */
  key: string;
  header: string;
  kind: ColumnKind;
  width: number;
  filter: FilterKind;
  /** Not shown until the admin (or a saved view) shows it. */
  hidden: boolean;
  /** What sorting compares: numbers and ISO dates as they are, so they order correctly. */
  sortValue: (row: OrderLineDto) => string | number | null;
  /** The line's field `sortValue` reads, when it reads one as it is (the grid then reads it directly). */
  sortField?: keyof OrderLineDto;
  /**
   * What the cell shows, the filters search and the exports write ('' when empty). Cheap to call
   * again: texts that cost something to build (dates, money, grams) are built once per value, and
   * whether a line is urgent is known once per line object.
   */
  text: (row: OrderLineDto) => string;
  /** What a number filter compares (the number) or a date filter (the instant, ISO); null when empty. */
  filterValue: (row: OrderLineDto) => string | number | null;
}

/** Once per value: amounts and grams repeat across lines. */
function perValue<V, T>(compute: (value: V) => T): (value: V) => T {
  const cache = new Map<V, T>();
  return (value) => {
    let found = cache.get(value);
    if (found === undefined) {
      found = compute(value);
      cache.set(value, found);
    }
    return found;
  };
}

/** Whether a line is urgent, known once per line object: rows, the 'Acil' column, its filter and the urgent built-in view share it. */
export const urgentLine = lineIsUrgent;

/**
 * The calendar day (yyyymmdd) of an instant in the office's time zone, for the date filters. Every
 * zone's offset is a multiple of 15 minutes, so the day is looked up once per quarter hour.
 */
export function dayOf(timeZone: string | undefined): (iso: string | null) => number | null {
  const quarter = perValue((slot: number) => Number(dayIn(slot * 900_000, timeZone).replaceAll('-', '')));
  return (iso) => {
    if (!iso) return null;
    const at = Date.parse(iso);
    return Number.isNaN(at) ? null : quarter(Math.floor(at / 900_000));
  };
}

/** A line's field, read as it is: the grid reads it directly, with no call per cell (sorting 100,000 rows reads 3 million values). */
type Field = keyof OrderLineDto;

type Spec = [
  key: string,
  width: number,
  /** What the cell shows: a text field as it is, or a text built from the line. */
  text: Field | ((row: OrderLineDto) => string),
  /** What sorting compares, when not the text: a field (numbers, ISO dates) or a value built from the line. */
  sort?: Field | ((row: OrderLineDto) => string | number | null),
  filter?: FilterKind,
  kind?: ColumnKind,
];

/**
 * The admin order grid's columns (SPEC section 2, in its order), plus the product's name after the order number, the gram deviation flag
 * next to the gram, the credit flag next to the price, the hidden 'Acil' column, the corrections and each line's history. One definition serves the grid cells, its
 * filters and the exports.
 */
export function orderColumns(t: TFunction, lookups: OrderLookups, fmt: Formatters): OrderColumn[] {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  const named = (names: Map<number, string>, id: number | null) => (id === null ? '' : (names.get(id) ?? String(id)));
  // Once per instant: the lines of an order share their dates, and a hundred thousand formatted dates cost about a second.
  const dateText = perValue((iso: string) => fmt.date(iso));
  const date = (read: (row: OrderLineDto) => string | null) => (row: OrderLineDto) => {
    const iso = read(row);
    return iso ? dateText(iso) : '';
  };
  // An amount in its line's currency: once per currency and value.
  const moneyIn = perValue((currency: string) => perValue((value: number) => fmt.money(value, currency)));
  const money = (value: number | null, currency: string) => (value === null ? '' : moneyIn(currency)(value));
  const gram = perValue((value: number | null) => (value === null ? '' : fmt.gram(value)));
  // The shown status: a canceled line reads as canceled (why and when have their own columns), sorted after the completed.
  const status = statusTexts(t, lookups.status, fmt.date).name;
  const statusOrder = (row: OrderLineDto) => {
    const shown = shownStatus(row);
    return shown === CANCELED ? LineStatus.Completed + 1 : shown;
  };
  const notStarted = t('orders:notStarted');
  const step = (id: number) => stepLabel(id, (s) => lookups.step.get(s), notStarted);
  const [waiting, approved, deviates, urgent, overCredit] = [t('orders:approval.waiting'), t('orders:approval.approved'), t('orders:gramDeviates'), t('orders:urgent'), t('orders:creditExceeded')];
  // A mark and a word, never a colour alone; a closed line has no forecast, so no risk to name.
  const [atRisk, noRisk] = [t('orders:lateRisk.yes'), t('orders:lateRisk.no')];
  const lateRisk = (risk: boolean | null) => (risk === null ? '' : risk ? atRisk : noRisk);
  const approval = (id: number | null) => (id === null ? waiting : id === CUSTOMER_APPROVED ? approved : String(id));
  const source = perValue((value: string) => t(`orders:sources.${value}`, { defaultValue: value }));
  const historyAction = t('orders:history.action');
  /*
   * An action cell's value is what it shows: the button's name where the line is offered the action,
   * else why not. A live change that alters either then changes the value, and the grid draws the cell again.
   */
  const why = perValue((reason: string) => t(`orders:why.${reason}`));
  const action = (offered: readonly Offer[], label: string) => (row: OrderLineDto) => {
    const state = lineState(row);
    return offered.some((offer) => offers(state, offer)) ? label : why(whyNot(state, offered[offered.length - 1]) ?? '');
  };

  const specs: Spec[] = [
    ['order_number', 140, 'order_number'],
    // Beyond the spec's columns: the piece by its name, which the photo alone does not give.
    ['product', 180, 'product_title'],
    ['first_name', 120, 'first_name'],
    ['last_name', 120, 'last_name'],
    ['email', 190, 'email'],
    ['address', 220, 'address'],
    ['city', 110, 'city'],
    ['country', 110, 'country'],
    ['zip_code', 100, 'zip_code'],
    ['created_at', 160, date((r) => r.created_at), 'created_at', 'date'],
    ['updated_at', 160, date((r) => r.updated_at), 'updated_at', 'date'],
    ['order_id', 90, (r) => text(r.order_id), 'order_id', 'number'],
    ['product_id', 90, (r) => text(r.product_id), 'product_id', 'number'],
    ['order_product_id', 110, (r) => text(r.id), 'id', 'number'],
    ['status', 130, status, statusOrder],
    ['current_step', 150, (r) => step(r.current_order_line_process)],
    ['material', 110, (r) => named(lookups.optionValue, r.material_id)],
    ['chain_length', 110, (r) => named(lookups.optionValue, r.chain_length_id)],
    ['color', 100, (r) => named(lookups.optionValue, r.color_id)],
    ['size', 90, (r) => named(lookups.optionValue, r.size_id)],
    ['karat', 90, (r) => named(lookups.optionValue, r.karat_id)],
    ['customer_note', 200, 'customer_note'],
    ['product_cost', 120, (r) => money(r.product_cost ?? null, r.currency), 'product_cost', 'number'],
    ['product_gram', 90, (r) => gram(r.product_gram), 'product_gram', 'number', 'gram'],
    ['gram_flagged', 130, (r) => (r.gram_flagged ? deviates : '')],
    ['customer_approval', 130, (r) => approval(r.customer_approval_status_id)],
    ['quality_control', 130, (r) => named(lookups.qualityControl, r.quality_control_id)],
    ['fulfilment_style', 130, 'fulfilment_style'],
    ['shipment_tracking_number', 150, 'shipment_tracking_number', undefined, 'text', 'tracking'],
    ['location', 110, 'location'],
    ['workshop', 140, 'workshop_name'],
    ['production_expected_date', 160, date((r) => r.production_expected_date), 'production_expected_date', 'date'],
    // When the line will likely leave its workshop, and whether that passes the date before it (shared/forecast.ts).
    ['forecast_date', 160, date((r) => r.forecast_date), 'forecast_date', 'date'],
    ['late_risk', 120, (r) => lateRisk(r.late_risk)],
    ['source', 100, (r) => source(r.source)],
    ['customization_option', 160, 'customization_option'],
    // Wide enough for the thirteen digits whole: a code cut short cannot be read against a label.
    ['barcode', 150, 'barcode'],
    ['packing_status', 130, (r) => named(lookups.packing, r.packing_status_id)],
    ['b2b_customer', 160, 'b2b_customer_name'],
    ['total_price', 120, (r) => money(r.total_price, r.currency), 'total_price', 'number'],
    // Placed above the customer's available credit, as the customer confirmed: the office decides.
    ['credit_exceeded', 120, (r) => (r.credit_exceeded ? overCredit : '')],
    ['canceled_at', 160, date((r) => r.canceled_at), 'canceled_at', 'date'],
    ['cancel_reason', 160, 'cancel_reason'],
  ];
  const column = (
    key: string,
    kind: ColumnKind,
    width: number,
    shown: Field | ((row: OrderLineDto) => string),
    { sort, filter = 'text', hidden = false }: { sort?: Spec[3]; filter?: FilterKind; hidden?: boolean } = {},
  ): OrderColumn => {
    const show = typeof shown === 'function' ? shown : (row: OrderLineDto) => text(row[shown] as string | number | null);
    const sortField = typeof sort === 'string' ? sort : sort === undefined && typeof shown === 'string' ? shown : undefined;
    const sortValue = sortField ? (row: OrderLineDto) => row[sortField] as string | number | null : (sort as OrderColumn['sortValue'] | undefined) ?? show;
    return {
      key,
      header: t(`orders:columns.${key}`),
      kind,
      width,
      filter,
      hidden,
      text: show,
      sortValue,
      sortField,
      // A number or date column filters by its sort value: the number, or the instant.
      filterValue: filter === 'text' ? show : sortValue,
    };
  };
  return [
    column('photo', 'photo', 80, 'product_picture_url'),
    ...specs.map(([key, width, show, sort, filter, kind = 'text']) => column(key, kind, width, show, { sort, filter })),
    column('urgent', 'text', 90, (r) => (urgentLine(r) ? urgent : ''), { hidden: true }),
    // Compact: an icon button each, named and explained on hover, so the pinned actions leave the grid its width.
    column('quality_action', 'qualityAction', ACTION_WIDTH, action(QUALITY_OFFERS, t('orders:qualityAction'))),
    column('packing_action', 'packingAction', ACTION_WIDTH, action(PACKING_OFFERS, t('orders:packingAction'))),
    column('correct_action', 'correctAction', ACTION_WIDTH, action(CORRECT_OFFERS, t('orders:correction.action'))),
    column('history_action', 'historyAction', ACTION_WIDTH, () => historyAction),
  ];
}

/** The width of an action column: one icon button. */
const ACTION_WIDTH = 48;

/** The offers behind each action column's button (the cell says why not by the last). */
export const QUALITY_OFFERS: readonly Offer[] = ['decideQuality'];
export const PACKING_OFFERS: readonly Offer[] = ['approvePacking'];
export const CORRECT_OFFERS: readonly Offer[] = ['stepBack', 'cancel'];

const ACTIONS: ReadonlySet<ColumnKind> = new Set(['qualityAction', 'packingAction', 'correctAction', 'historyAction']);

/** The action columns: buttons, not data (no export, no quick filter). */
export const isActionColumn = (column: Pick<OrderColumn, 'kind'>) => ACTIONS.has(column.kind);

/** The buttons that change a line: none for a reader, who still opens a line's history. */
export const changesLine = (column: Pick<OrderColumn, 'kind'>) => isActionColumn(column) && column.kind !== 'historyAction';

/** The columns written to the spreadsheet: every data column shown by default, without the action buttons. */
/**
 * The sheet of an Excel export: the data columns the grid shows, in its order (`shown`, the grid's
 * displayed column ids), with real types: numbers as numbers, dates as dates, the rest as shown.
 */
export function exportedColumns(columns: readonly OrderColumn[], shown: readonly string[]): SheetColumn<OrderLineDto>[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return shown.flatMap((key): SheetColumn<OrderLineDto>[] => {
    const column = byKey.get(key);
    if (!column || isActionColumn(column)) return [];
    if (column.filter === 'text') return [{ header: column.header, type: 'text', value: column.text }];
    return [{ header: column.header, type: column.filter, value: column.sortValue }];
  });
}
