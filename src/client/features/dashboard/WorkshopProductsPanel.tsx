import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isOpenLine } from '../../../shared/lifecycle';
import { ListStatus } from '../../components/ListStatus';
import { TableHead } from '../../components/TableHead';
import { useScopeLines } from '../order-lines';

const MINE = { kind: 'myWorkshop' } as const;

interface ProductOfLines {
  id: number;
  title: string;
  picture: string | null;
  open: number;
  total: number;
}

/** The workshop's products tab: each product its lines name, with how many of them are still open. */
export function WorkshopProductsPanel() {
  const { t } = useTranslation('dashboard');
  const { lines, status, notice } = useScopeLines(MINE);
  const products = useMemo(() => {
    const byId = new Map<number, ProductOfLines>();
    for (const line of lines) {
      const product = byId.get(line.product_id) ?? { id: line.product_id, title: line.product_title, picture: line.product_picture_url, open: 0, total: 0 };
      product.total += 1;
      if (isOpenLine(line)) product.open += 1;
      byId.set(product.id, product);
    }
    return [...byId.values()].sort((a, b) => b.open - a.open || a.title.localeCompare(b.title, 'tr'));
  }, [lines]);
  return (
    <section aria-labelledby="workshop-products-title">
      <h2 id="workshop-products-title">{t('workshopProducts.title')}</h2>
      <ListStatus status={status} notice={notice} count={products.length} empty={t('workshopProducts.empty')} />
      {products.length > 0 && (
        <table>
          <TableHead labels={[t('workshopProducts.photo'), t('workshopProducts.product'), t('workshopProducts.open'), t('workshopProducts.total')]} />
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <td>{product.picture ? <img className="thumb" src={product.picture} alt={product.title} loading="lazy" /> : '-'}</td>
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
