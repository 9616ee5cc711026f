import { useEffect, useMemo, useRef } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '../../../shared/api';
import { type Amount, exceedsCredit, orderAmount } from '../../../shared/credit';
import { WHOLE } from '../../../shared/decimal';
import { manualOrderFormSchema } from '../../../shared/schemas/orders';
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

type Values = Omit<ManualOrderInput, 'credit_exceeded_confirmed'>;
/** The form's values: each row's quantity as typed. */
type Texts = Omit<Values, 'products'> & { products: Array<{ product_id: number; quantity: string }> };

const FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'address', 'city', 'country', 'zip_code', 'notes'] as const;
const emptyRow = () => ({ product_id: undefined as unknown as number, quantity: '1' });

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

/**
 * The manual order of a B2B customer, prefilled from its own profile (postcode and city too),
 * with the credit it may draw on. An order beyond the available credit is sent only after the
 * customer's yes (asked here from the form's figures, or after the server's 409 from its own);
 * the placed order opens on the screen of its first line.
 */
export function ManualOrderForm() {
  const { t } = useTranslation('customerOrders');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const customer = useOwnCustomer().data;
  const catalogue = useProducts('customerOrders:form.productsFailed');
  const save = useAppSelector(selectManualOrder);
  const { read, number } = useTypedNumbers();
  const { register, control, handleSubmit, formState, reset } = useForm<Texts, unknown, Values>({
    resolver: typedResolver(manualOrderFormSchema, (values) => ({ ...values, products: values.products.map((row) => ({ ...row, quantity: number(row.quantity, WHOLE) })) })),
    defaultValues: { products: [emptyRow()] },
  });
  const rows = useFieldArray({ control, name: 'products' });
  const products = useMemo(() => new Map(catalogue.products.map((p) => [p.id, p])), [catalogue.products]);
  const typedRows = useWatch({ control, name: 'products' }) ?? [];
  const amount = amountOf(typedRows.map((row) => ({ product_id: row.product_id, quantity: number(row.quantity, WHOLE) })), products);
  // Prefilled once: the profile is loaded again by other panels, and that must not wipe what was typed.
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!customer || prefilledFor.current === customer.id) return;
    prefilledFor.current = customer.id;
    const [first, ...rest] = customer.name.split(' ');
    reset({
      first_name: first ?? '',
      last_name: rest.join(' '),
      email: customer.email,
      phone_number: customer.phone,
      address: customer.address,
      city: customer.city ?? '',
      country: customer.country,
      zip_code: customer.zip_code ?? '',
      products: [emptyRow()],
    });
  }, [customer, reset]);
  useEffect(() => {
    if (save.status === 'placed' && save.placed) navigate(`/order/${save.placed.line_id}`);
  }, [save.status, save.placed, navigate]);
  useEffect(
    () => () => {
      dispatch(manualOrderFormLeft());
    },
    [dispatch],
  );
  const errors = formState.errors;
  // A row's quantity says under the row why it is refused; what concerns the rows as a whole, or a product not chosen, is said below them.
  const productsError = errors.products?.message ?? errors.products?.root?.message ?? rows.fields.map((_, index) => errors.products?.[index]?.product_id?.message).find(Boolean);

  const submit = (input: Values) => {
    const total = amountOf(input.products, products);
    if (customer && total && exceedsCredit(customer, total)) {
      const params = { total: fmt.money(total.amount, total.currency), available: fmt.money(customer.available_credit, customer.credit_currency) };
      dispatch(manualOrderNeedsConfirmation({ input, notice: { kind: 'info', key: 'errors:creditExceeded', params } }));
    } else {
      dispatch(manualOrderSubmitted(input));
    }
  };
  const pending = save.status === 'confirming' ? save.pending : null;

  return (
    <section className="card" aria-labelledby="manual-order-title">
      <h2 id="manual-order-title">{t('form.title')}</h2>
      <NoticeView notice={save.status === 'failed' ? save.notice : catalogue.notice} />
      {customer && <CreditFacts customer={customer} amount={amount} fmt={fmt} />}
      <form noValidate onSubmit={handleSubmit(submit)}>
        <div className="cards">
          {FIELDS.map((field) => (
            <TextField key={field} label={t(`form.${field}`)} error={(errors as Record<string, { message?: string }>)[field]?.message} {...register(field)} />
          ))}
        </div>
        {rows.fields.map((row, index) => (
          <div key={row.id}>
            <div className="inline-edit">
              <select aria-label={`${t('form.product')} ${index + 1}`} {...register(`products.${index}.product_id`, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}>
                <option value="">{t('form.choose')}</option>
                {catalogue.products.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.id} - {product.title}
                  </option>
                ))}
              </select>
              <input {...numberInput(WHOLE)} aria-label={`${t('form.quantity')} ${index + 1}`} {...register(`products.${index}.quantity`)} />
              {rows.fields.length > 1 && (
                <button type="button" className="secondary" aria-label={t('form.removeRow')} onClick={() => rows.remove(index)}>
                  ×
                </button>
              )}
            </div>
            <NumberNote typed={read(typedRows[index]?.quantity ?? '', WHOLE)} error={errors.products?.[index]?.quantity?.message} />
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
