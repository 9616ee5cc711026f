import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import type { ProductDto } from '../../../shared/api';
import { AMOUNT, type NumberRule, WHOLE } from '../../../shared/decimal';
import { formatMoney } from '../../../shared/money';
import { expectedDaysSchema, ourProductIdSchema, workmanshipRateSchema } from '../../../shared/schemas/products';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { PAGE_SIZE, Pager } from '../../components/Pager';
import { sentenceText } from '../../components/NoticeView';
import { useLookups } from '../lookups';
import { useProducts } from './hooks';
import { catalogueLeft, catalogueOpened, productFieldSaveRequested, type ProductField, productNoticeCleared, routingOpened, selectCatalogue, selectSyncRunning, syncRequested } from './slice';
import { RoutingEditor } from './RoutingEditor';
import { SyncStatus } from './SyncStatus';
import { TableHead } from '../../components/TableHead';
import { firstError } from '../../components/validate';
import { NumberNote, numberInput, useTypedNumbers } from '../../components/numberFields';

/** Each editable value: its label, its schema and, for a number, the rule it is typed by and how it will be saved. */
const FIELDS: Record<ProductField, { label: string; schema: ObjectSchema<AnyObject>; number?: { rule: NumberRule; preview: (value: number, language: string) => string } }> = {
  workmanship_rate: { label: 'columns.workmanshipRate', schema: workmanshipRateSchema, number: { rule: AMOUNT, preview: (value, language) => formatMoney(value, null, language) } },
  our_product_id: { label: 'columns.ourProductId', schema: ourProductIdSchema },
  production_expected_days: { label: 'columns.expectedDays', schema: expectedDaysSchema, number: { rule: WHOLE, preview: (value) => String(value) } },
};

/** One editable value of a row: Enter or the button saves; an empty value makes no call. */
function FieldEditor({ product, field }: { product: ProductDto; field: ProductField }) {
  const { t, i18n } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { read, write } = useTypedNumbers();
  const spec = FIELDS[field];
  const stored = product[field];
  // A stored number is shown as the reader types numbers, so that it reads back the same.
  const shown = stored === null ? '' : spec.number ? write(stored, spec.number.rule) : String(stored);
  const [value, setValue] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(shown), [product, field, shown]);
  const typed = spec.number ? read(value, spec.number.rule) : null;
  const label = t(spec.label);
  const save = () => {
    if (value.trim() === '') return;
    // A refused number says why under the field; nothing is sent.
    if (typed && typed.status !== 'read') return;
    const parsed = typed ? typed.value : value.trim();
    const invalid = firstError(spec.schema, { [field]: parsed });
    setError(invalid);
    if (invalid) return;
    dispatch(productFieldSaveRequested({ id: product.id, field, value: parsed }));
  };
  return (
    <div>
      <div className="inline-edit">
        <input
          aria-label={t('fieldOf', { field: label, title: product.title })}
          {...(spec.number ? numberInput(spec.number.rule) : { type: 'text' })}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            dispatch(productNoticeCleared(product.id));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
        />
        <button type="button" className="secondary" aria-label={t('saveField', { field: label, title: product.title })} onClick={save}>
          {t('save')}
        </button>
      </div>
      {typed && spec.number ? (
        <NumberNote typed={typed} error={error} preview={value !== shown ? (number) => spec.number!.preview(number, i18n.language) : undefined} />
      ) : (
        error && <div className="row-notice error">{t(error)}</div>
      )}
    </div>
  );
}

/** What the filter searches in, lower-cased once per product rather than on every keystroke. */
function searchText(product: ProductDto): string {
  return [product.title, String(product.id), product.sku ?? '', product.our_product_id ?? ''].join('\n').toLocaleLowerCase('tr');
}

/** /admin/product-catalog: filterable product table with per-product edits and the routing editor. */
export default function ProductCatalogScreen() {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { products, status, notice } = useProducts('catalogue:loadFailed');
  const { optionValue } = useLookups();
  const { rowNotices, syncStarting, syncNotice, routing } = useAppSelector(selectCatalogue);
  const syncRunning = useAppSelector(selectSyncRunning);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const needle = useDeferredValue(query.trim().toLocaleLowerCase('tr'));
  useEffect(() => {
    dispatch(catalogueOpened());
    return () => {
      dispatch(catalogueLeft());
    };
  }, [dispatch]);

  const searchable = useMemo(() => products.map((product) => ({ product, text: searchText(product) })), [products]);
  const filtered = useMemo(() => searchable.filter((entry) => entry.text.includes(needle)).map((entry) => entry.product), [searchable, needle]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const visible = filtered.slice(current * PAGE_SIZE, (current + 1) * PAGE_SIZE);
  const editing = routing ? products.find((p) => p.id === routing.productId) : undefined;
  const optionNames = (product: ProductDto) =>
    [product.material_id, product.chain_length_id, product.size_id, product.color_id, product.karat_id]
      .filter((id): id is number => id !== null)
      .map((id) => optionValue.get(id) ?? String(id))
      .join(', ') || '-';

  return (
    <>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        <button type="button" disabled={syncStarting || syncRunning} onClick={() => dispatch(syncRequested())}>
          {t('sync')}
        </button>
        <input
          type="search"
          className="narrow"
          aria-label={t('search')}
          placeholder={t('searchHint')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
        {status === 'ready' && <span role="status">{t('count', { shown: filtered.length, total: products.length })}</span>}
      </div>
      <SyncStatus />
      <ListStatus status={status} notice={syncNotice ?? notice} count={products.length} empty={t('empty')} />
      {products.length > 0 && filtered.length === 0 && <p>{t('noMatch')}</p>}
      {visible.length > 0 && (
        <table className="catalogue">
          <TableHead labels={[t('columns.photo'), t('columns.id'), t('columns.title'), t('columns.sku'), t('columns.options'), t('columns.workmanshipRate'), t('columns.ourProductId'), t('columns.expectedDays'), t('columns.routing')]} />
          <tbody>
            {visible.map((product) => (
              <tr key={product.id}>
                <td>{product.picture_url ? <img className="thumb" src={product.picture_url} alt={product.title} loading="lazy" /> : '-'}</td>
                <td>{product.id}</td>
                <td>
                  {product.title}
                  {rowNotices[product.id] && (
                    <div className={`row-notice ${rowNotices[product.id].kind}`}>
                      {sentenceText(t, rowNotices[product.id])}
                    </div>
                  )}
                </td>
                <td className="breakable">{product.sku ?? '-'}</td>
                <td>{optionNames(product)}</td>
                <td>
                  <FieldEditor product={product} field="workmanship_rate" />
                </td>
                <td>
                  <FieldEditor product={product} field="our_product_id" />
                </td>
                <td>
                  <FieldEditor product={product} field="production_expected_days" />
                </td>
                <td>
                  <button type="button" className="secondary" aria-label={t('editRoutingOf', { title: product.title })} onClick={() => dispatch(routingOpened({ productId: product.id }))}>
                    {t('editRouting')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={current} pages={pages} onPage={setPage} />
      {editing && <RoutingEditor product={editing} />}
    </>
  );
}
