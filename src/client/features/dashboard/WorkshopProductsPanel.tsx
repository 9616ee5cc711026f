import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { productLinesRequested, selectProductLines } from '../workshop-orders';

/** The workshop's products tab: each product its lines name, with how many of them are still open, as the server counts them over every line. */
export function WorkshopProductsPanel() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const { data, status, notice } = useAppSelector(selectProductLines);
  useEffect(() => {
    dispatch(productLinesRequested());
  }, [dispatch]);
  const products = useMemo(() => [...data].sort((a, b) => b.open - a.open || a.title.localeCompare(b.title, 'tr')), [data]);
  return (
    <section aria-labelledby="workshop-products-title">
      <h2 id="workshop-products-title">{t('workshopProducts.title')}</h2>
      <ListStatus status={status === 'idle' ? 'loading' : status} notice={notice} count={products.length} empty={t('workshopProducts.empty')} />
      {products.length > 0 && (
        <table>
          <TableHead labels={[t('workshopProducts.photo'), t('workshopProducts.product'), t('workshopProducts.open'), t('workshopProducts.total')]} />
          <tbody>
            {products.map((product) => (
              <tr key={product.product_id}>
                <td>{product.picture_url ? <img className="thumb" src={product.picture_url} alt={product.title} loading="lazy" /> : '-'}</td>
                <td>{product.title}</td>
                <td>{product.open}</td>
                <td>{product.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
