import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { useProducts } from '../catalogue';
import { type Formatters, useFormatters } from '../lookups';
import { RowNotice } from './RowNotice';
import type { PendingItemDto } from '../../../shared/api';
import { itemMatchRequested, pendingRequested, selectMatch, selectMatched, selectPending } from './slice';

const COLUMNS = ['order', 'store', 'title', 'sku', 'variant', 'quantity', 'price', 'product'] as const;

/** Product labels as the chooser offers them, each naming one product id. */
type ProductOptions = Map<string, number>;

/**
 * A text field over the catalogue (its suggestions are the shared datalist `listId`) and 'match':
 * the button waits until the text names a product, so a half-typed title is never sent. The field
 * opens once the catalogue is in: a label typed before that would name nothing and Enter would be lost.
 */
function ProductChooser({ item, options, listId, open }: { item: PendingItemDto; options: ProductOptions; listId: string; open: boolean }) {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const match = useAppSelector((state) => selectMatch(state, item.id));
  const [text, setText] = useState('');
  const productId = options.get(text.trim());
  const busy = match?.status === 'busy';
  return (
    <>
      <form
        className="inline-edit"
        onSubmit={(event) => {
          event.preventDefault();
          if (productId !== undefined && !busy) dispatch(itemMatchRequested({ id: item.id, productId }));
        }}
      >
        <input
          type="text"
          list={listId}
          autoComplete="off"
          aria-label={t('pending.chooseFor', { title: item.title })}
          placeholder={t('pending.choose')}
          value={text}
          disabled={!open}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="small" disabled={productId === undefined || busy} aria-busy={busy}>
          {busy ? t('pending.matching') : t('pending.match')}
        </button>
      </form>
      {open && text.trim() !== '' && productId === undefined && <div className="hint">{t('pending.pickFromList')}</div>}
      <RowNotice notice={match?.notice} />
    </>
  );
}

/** The waiting items with a chooser each; the catalogue is read only once there is something to match. */
function PendingTable({ items, fmt }: { items: PendingItemDto[]; fmt: Formatters }) {
  const { t } = useTranslation('shops');
  const listId = useId();
  const products = useProducts('shops:pending.productsFailed');
  const options: ProductOptions = useMemo(
    () => new Map(products.products.map((product) => [t(product.sku ? 'pending.optionWithSku' : 'pending.option', { id: product.id, title: product.title, sku: product.sku }), product.id])),
    [products.products, t],
  );
  return (
    <>
      <NoticeView notice={products.notice} />
      <datalist id={listId}>
        {[...options.keys()].map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      <div className="table-scroll">
        <table aria-labelledby="shop-pending-title">
          <TableHead labels={COLUMNS.map((column) => t(`pending.columns.${column}`))} />
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{item.order_number}</td>
                <td>{item.shop_name}</td>
                <td>{item.title}</td>
                <td>{item.sku ?? '-'}</td>
                <td>{item.variant_id ?? '-'}</td>
                <td>{item.quantity}</td>
                <td>{fmt.money(item.unit_price, item.currency)}</td>
                <td>
                  <ProductChooser item={item} options={options} listId={listId} open={products.status === 'ready'} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Shop line items whose variant matched no product: once the admin names the product, their order lines are made. */
export function PendingItemList() {
  const { t } = useTranslation('shops');
  const dispatch = useAppDispatch();
  const fmt = useFormatters();
  const { status, notice, list } = useAppSelector(selectPending);
  const matched = useAppSelector(selectMatched);
  useEffect(() => {
    dispatch(pendingRequested());
  }, [dispatch]);
  return (
    <section aria-labelledby="shop-pending-title">
      <h3 id="shop-pending-title">{t('pending.title')}</h3>
      <p className="hint">{t('pending.hint')}</p>
      <div className="toolbar">
        <button type="button" className="secondary" disabled={status === 'loading'} onClick={() => dispatch(pendingRequested())}>
          {t('pending.refresh')}
        </button>
      </div>
      <NoticeView notice={matched} />
      <ListStatus status={status} notice={notice} count={list.length} empty={t('pending.empty')} />
      {list.length > 0 && <PendingTable items={list} fmt={fmt} />}
    </section>
  );
}
