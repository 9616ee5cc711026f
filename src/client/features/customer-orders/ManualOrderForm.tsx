import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { manualOrderFormSchema } from '../../../shared/schemas/orders';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { TextField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { useOwnCustomer } from '../account';
import { manualOrderFormLeft, manualOrderSubmitted, selectManualOrder } from './manualOrder';
import { useProducts } from '../catalogue';

interface Values {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  address: string;
  city?: string;
  country: string;
  zip_code: string;
  notes?: string;
  products: Array<{ product_id: number; quantity: number }>;
}

/** The manual order of a B2B customer, prefilled from its own profile; the city is asked but not sent (SPEC section 3). */
export function ManualOrderForm() {
  const { t } = useTranslation('customerOrders');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const customer = useOwnCustomer().data;
  const catalogue = useProducts('customerOrders:form.productsFailed');
  const save = useAppSelector(selectManualOrder);
  const { register, control, handleSubmit, formState, reset } = useForm<Values>({
    resolver: yupResolver(manualOrderFormSchema) as never,
    defaultValues: { products: [{ product_id: undefined as unknown as number, quantity: 1 }] },
  });
  const rows = useFieldArray({ control, name: 'products' });
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
      country: customer.country,
      zip_code: customer.zip_code,
      products: [{ product_id: undefined as unknown as number, quantity: 1 }],
    });
  }, [customer, reset]);
  useEffect(() => {
    if (save.status === 'placed') navigate('/customer/orders');
  }, [save.status, navigate]);
  useEffect(
    () => () => {
      dispatch(manualOrderFormLeft());
    },
    [dispatch],
  );
  const errors = formState.errors;
  const productsError = errors.products?.message ?? errors.products?.root?.message ?? errors.products?.[0]?.product_id?.message ?? errors.products?.[0]?.quantity?.message;

  return (
    <section className="card" aria-labelledby="manual-order-title">
      <h2 id="manual-order-title">{t('form.title')}</h2>
      <NoticeView notice={save.status === 'failed' ? save.notice : catalogue.notice} />
      <form noValidate onSubmit={handleSubmit(({ city: _city, ...values }) => dispatch(manualOrderSubmitted(values)))}>
        <div className="cards">
          {(['first_name', 'last_name', 'email', 'phone_number', 'address', 'city', 'country', 'zip_code', 'notes'] as const).map((field) => (
            <TextField key={field} label={t(`form.${field}`)} error={(errors as Record<string, { message?: string }>)[field]?.message} {...register(field)} />
          ))}
        </div>
        {rows.fields.map((row, index) => (
          <div key={row.id} className="inline-edit">
            <select aria-label={`${t('form.product')} ${index + 1}`} {...register(`products.${index}.product_id`, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}>
              <option value="">{t('form.choose')}</option>
              {catalogue.products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.id} - {product.title}
                </option>
              ))}
            </select>
            <input
              type="number"
              min={0}
              aria-label={`${t('form.quantity')} ${index + 1}`}
              {...register(`products.${index}.quantity`, { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
            />
            {rows.fields.length > 1 && (
              <button type="button" className="secondary" aria-label={t('form.removeRow')} onClick={() => rows.remove(index)}>
                ×
              </button>
            )}
          </div>
        ))}
        {productsError && <div className="field-error">{t(productsError)}</div>}
        <div className="toolbar">
          <button type="button" className="secondary" onClick={() => rows.append({ product_id: undefined as unknown as number, quantity: 1 })}>
            {t('form.addRow')}
          </button>
          <button type="submit" disabled={save.status === 'busy'}>
            {t('form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
