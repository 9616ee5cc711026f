import { useEffect, useMemo, useRef } from 'react';
import { Controller, type UseFormRegister, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '../../../shared/api';
import { type Amount, exceedsCredit, orderAmount } from '../../../shared/credit';
import { WHOLE } from '../../../shared/decimal';
import { MAX_QUANTITY, manualOrderFormSchema } from '../../../shared/schemas/orders';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NumberNote, numberInput, typedResolver, useTypedNumbers } from '../../components/numberFields';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { type OwnCustomer, useOwnCustomer } from '../account';
import { useProducts } from '../catalogue';
import { type Formatters, useFormatters } from '../lookups';
import {
  manualOrderConfirmationDeclined,
  manualOrderFormLeft,
  type ManualOrderInput,
  manualOrderNeedsConfirmation,
  manualOrderSubmitted,
  selectManualOrder,
} from './manualOrder';
import { ProductPicker } from './ProductPicker';

type Values = Omit<ManualOrderInput, 'credit_exceeded_confirmed'>;
/** The form's values: each row's quantity as typed, and a note for each of its pieces. */
type Texts = Omit<Values, 'products'> & { products: Array<{ product_id: number; quantity: string; notes?: string[] }> };

const FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'address', 'city', 'country', 'zip_code', 'notes'] as const;
const emptyRow = () => ({ product_id: undefined as unknown as number, quantity: '1', notes: [] });

/** How many pieces a row's typed quantity makes (a note field each): none until it reads as a whole number. */
const piecesOf = (quantity: number | undefined) => (quantity !== undefined && Number.isInteger(quantity) && quantity > 0 ? Math.min(quantity, MAX_QUANTITY) : 0);

/** The notes of a row's pieces as sent: one per piece, trimmed; none at all when every one is empty, so the order's note stands for them. */
function pieceNotes(notes: readonly string[] | undefined, quantity: number | undefined): { notes?: string[] } {
  const kept = Array.from({ length: piecesOf(quantity) }, (_, piece) => (notes?.[piece] ?? '').trim());
  return kept.some(Boolean) ? { notes: kept } : {};
}

/** The form's first values: the buyer's own contact details (postcode and city too). */
function prefillOf(buyer: OwnCustomer): Texts {
  const [first, ...rest] = buyer.name.split(' ');
  return {
    first_name: first ?? '',
    last_name: rest.join(' '),
    email: buyer.email,
    phone_number: buyer.phone,
    address: buyer.address,
    city: buyer.city ?? '',
    country: buyer.country,
    zip_code: buyer.zip_code ?? '',
    products: [emptyRow()],
  };
}

/** The amount of the chosen rows at the catalogue's prices; null until a product is chosen, or when the rows mix currencies. A quantity not read as a whole number counts nothing. */
function amountOf(rows: ReadonlyArray<{ product_id: number; quantity: number | undefined }>, catalogue: ReadonlyMap<number, ProductDto>): Amount | null {
  const chosen = rows.flatMap(({ product_id, quantity }) => {
    const product = catalogue.get(product_id);
    return product && quantity !== undefined && Number.isInteger(quantity) && quantity > 0 ? [{ price: product.price, currency: product.currency, quantity }] : [];
  });
  return orderAmount(chosen);
}

/** The customer's credit as the order may draw on it: what is left, what open orders hold, and open orders in other currencies apart. */
function CreditFacts({ customer, amount, fmt }: { customer: OwnCustomer; amount: Amount | null; fmt: Formatters }) {
  const { t } = useTranslation('customerOrders');
  const other = customer.other_currency_open_amounts.map((o) => fmt.money(o.amount, o.currency)).join(', ');
  return (
    <dl className="facts" aria-label={t('form.creditTitle')}>
      <div>
        <dt>{t('form.availableCredit')}</dt>
        <dd data-testid="available-credit">{fmt.money(customer.available_credit, customer.credit_currency)}</dd>
      </div>
      <div>
        <dt>{t('form.openOrders')}</dt>
        <dd>{fmt.money(customer.open_order_amount, customer.credit_currency)}</dd>
      </div>
      {other && (
        <div>
          <dt>{t('form.otherCurrencies')}</dt>
          <dd>{other}</dd>
        </div>
      )}
      <div>
        <dt>{t('form.orderAmount')}</dt>
        <dd data-testid="order-amount">{amount ? fmt.money(amount.amount, amount.currency) : '-'}</dd>
      </div>
    </dl>
  );
}

/** A note field for each piece of a row (engraving, size ...), stored with that piece's line. */
function PieceNotes({ row, pieces, register }: { row: number; pieces: number; register: UseFormRegister<Texts> }) {
  const { t } = useTranslation('customerOrders');
  if (pieces === 0) return null;
  return (
    <div className="piece-notes">
      {Array.from({ length: pieces }, (_, piece) => {
        const label = t('form.pieceNote', { row: row + 1, piece: piece + 1 });
        return (
          <label key={piece}>
            {label}
            <input type="text" placeholder={t('form.pieceNoteHint')} {...register(`products.${row}.notes.${piece}`)} />
          </label>
        );
      })}
    </div>
  );
}

/** The signed-in customer's own manual order: the form with its own profile and credit; the placed order opens in its list. */
export function ManualOrderForm() {
  const customer = useOwnCustomer().data;
  return <OrderForm buyer={customer} />;
}

/**
 * A manual order, prefilled from the buyer's record (postcode and city too), with the credit it
 * may draw on: the customer's own, or a customer's placed by the office (a phone order,
 * `customerId`). An order beyond the available credit is sent only after a yes (asked here from
 * the form's figures, or after the server's 409 from its own). Each piece takes its own note.
 * The customer's placed order opens its list filtered to the new order (one piece or several
 * alike); a phone order is told here and the form starts again for the same customer.
 */
export function OrderForm({ buyer, customerId }: { buyer: OwnCustomer | null; customerId?: number }) {
  const { t } = useTranslation('customerOrders');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const catalogue = useProducts('customerOrders:form.productsFailed');
  const save = useAppSelector(selectManualOrder);
  const { read, number } = useTypedNumbers();
  const { register, control, handleSubmit, formState, reset } = useForm<Texts, unknown, Values>({
    resolver: typedResolver(manualOrderFormSchema, (values) => ({
      ...values,
      products: values.products.map(({ notes, ...row }) => {
        const quantity = number(row.quantity, WHOLE);
        return { ...row, quantity, ...pieceNotes(notes, quantity) };
      }),
    })),
    defaultValues: { products: [emptyRow()] },
  });
  const rows = useFieldArray({ control, name: 'products' });
  const products = useMemo(() => new Map(catalogue.products.map((p) => [p.id, p])), [catalogue.products]);
  const typedRows = useWatch({ control, name: 'products' }) ?? [];
  const amount = amountOf(typedRows.map((row) => ({ product_id: row.product_id, quantity: number(row.quantity, WHOLE) })), products);
  // Prefilled once per buyer: the record is loaded again by other panels, and that must not wipe what was typed.
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!buyer || prefilledFor.current === buyer.id) return;
    prefilledFor.current = buyer.id;
    reset(prefillOf(buyer));
  }, [buyer, reset]);
  const placed = save.status === 'placed' ? save.placed : null;
  useEffect(() => {
    if (!placed) return;
    if (placed.customer_id === null) navigate(`/customer/orders?order=${encodeURIComponent(placed.order_number)}`);
    // A phone order: the next call starts from the customer's record again.
    else prefilledFor.current = null;
  }, [placed, navigate]);
  useEffect(
    () => () => {
      dispatch(manualOrderFormLeft());
    },
    [dispatch],
  );
  const errors = formState.errors;
  // A row's quantity says under the row why it is refused; what concerns the rows as a whole, or a product not chosen, is said below them.
  const productsError = errors.products?.message ?? errors.products?.root?.message ?? rows.fields.map((_, index) => errors.products?.[index]?.product_id?.message).find(Boolean);

  const submit = (values: Values) => {
    const input = customerId === undefined ? values : { ...values, customer_id: customerId };
    const total = amountOf(values.products, products);
    if (buyer && total && exceedsCredit(buyer, total)) {
      const notice = { kind: 'info', key: 'errors:creditExceeded', params: { total: fmt.money(total.amount, total.currency), available: fmt.money(buyer.available_credit, buyer.credit_currency) } } as const;
      dispatch(manualOrderNeedsConfirmation({ input, notice }));
    } else {
      dispatch(manualOrderSubmitted(input));
    }
  };
  const phonePlaced = placed && placed.customer_id !== null && buyer ? ({ kind: 'success', key: 'customerOrders:phone.placed', params: { number: placed.order_number, name: buyer.name } } as const) : null;
  const pending = save.status === 'confirming' ? save.pending : null;

  return (
    <section className="card" aria-labelledby="manual-order-title">
      <h2 id="manual-order-title">{t('form.title')}</h2>
      <NoticeView notice={save.status === 'failed' ? save.notice : (phonePlaced ?? catalogue.notice)} />
      {buyer && <CreditFacts customer={buyer} amount={amount} fmt={fmt} />}
      <form noValidate onSubmit={handleSubmit(submit)}>
        <div className="cards">
          {FIELDS.map((field) => (
            <TextField key={field} label={t(`form.${field}`)} error={(errors as Record<string, { message?: string }>)[field]?.message} {...register(field)} />
          ))}
        </div>
        {rows.fields.map((row, index) => (
          <div key={row.id}>
            <div className="inline-edit">
              <Controller
                control={control}
                name={`products.${index}.product_id`}
                render={({ field, fieldState }) => (
                  <ProductPicker
                    label={`${t('form.product')} ${index + 1}`}
                    products={catalogue.products}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={fieldState.invalid}
                    disabled={catalogue.status !== 'ready'}
                  />
                )}
              />
              <input {...numberInput(WHOLE)} aria-label={`${t('form.quantity')} ${index + 1}`} {...register(`products.${index}.quantity`)} />
              {rows.fields.length > 1 && (
                <button type="button" className="secondary" aria-label={t('form.removeRow')} onClick={() => rows.remove(index)}>
                  ×
                </button>
              )}
            </div>
            <NumberNote typed={read(typedRows[index]?.quantity ?? '', WHOLE)} error={errors.products?.[index]?.quantity?.message} />
            <PieceNotes row={index} pieces={piecesOf(number(typedRows[index]?.quantity ?? '', WHOLE))} register={register} />
            {errors.products?.[index]?.notes?.message && <div className="field-error">{t(errors.products[index].notes.message)}</div>}
          </div>
        ))}
        {productsError && <div className="field-error">{t(productsError)}</div>}
        <div className="toolbar">
          <button type="button" className="secondary" onClick={() => rows.append(emptyRow())}>
            {t('form.addRow')}
          </button>
          <button type="submit" disabled={save.status === 'busy' || save.status === 'confirming'}>
            {t('form.submit')}
          </button>
        </div>
      </form>
      {pending && (
        <Modal title={t('form.creditExceededTitle')} onClose={() => dispatch(manualOrderConfirmationDeclined())}>
          <NoticeView notice={save.notice} />
          <div className="toolbar">
            <button type="button" onClick={() => dispatch(manualOrderSubmitted({ ...pending, credit_exceeded_confirmed: true }))}>
              {t('form.confirmExceeded')}
            </button>
            <button type="button" className="secondary" onClick={() => dispatch(manualOrderConfirmationDeclined())}>
              {t('form.declineExceeded')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
