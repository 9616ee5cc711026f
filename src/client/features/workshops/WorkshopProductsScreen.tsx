import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { API, type ProductDto, type WorkshopDto } from '../../../shared/api';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { useMutation, useResource } from '../resources/hooks';
import { TableHead } from '../../components/TableHead';

function AssignModal({ workshopId, onClose, reloadKey }: { workshopId: number; onClose: () => void; reloadKey: string }) {
  const { t } = useTranslation('workshops');
  const all = useResource<{ products: ProductDto[] }>('products:all', API.products, 'workshops:productsFailed');
  const assign = useMutation(`workshop:${workshopId}:assign`);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    if (assign.status === 'done') onClose();
  }, [assign.status, onClose]);
  const candidates = (all.data?.products ?? []).filter((p) => p.workshop_id !== workshopId);
  return (
    <Modal title={t('assignTitle')} onClose={onClose}>
      <NoticeView notice={assign.status === 'failed' ? assign.notice : all.notice} />
      <label htmlFor="assign-product">{t('productLabel')}</label>
      <select id="assign-product" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{t('chooseProduct')}</option>
        {candidates.map((p) => (
          <option key={p.id} value={p.id}>
            {p.id} - {p.title}
          </option>
        ))}
      </select>
      <div className="toolbar">
        <button type="button" className="secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          disabled={!chosen || assign.status === 'busy'}
          onClick={() =>
            assign.send({
              method: 'PUT',
              path: API.workshopAssignProduct(workshopId),
              body: { product_id: Number(chosen) },
              fallback: 'workshops:assignFailed',
              reload: [
                { key: reloadKey, path: API.workshopProducts(workshopId) },
                { key: 'products:all', path: API.products },
              ],
            })
          }
        >
          {t('assignButton')}
        </button>
      </div>
    </Modal>
  );
}

function ProductRow({ product, workshop, reloadKey }: { product: ProductDto; workshop: WorkshopDto | undefined; reloadKey: string }) {
  const { t } = useTranslation('workshops');
  const remove = useMutation(`product:${product.id}:workshop`);
  return (
    <tr>
      <td>{product.id}</td>
      <td>{product.title}</td>
      <td>{product.picture_url ? <img className="thumb" src={product.picture_url} alt={product.title} loading="lazy" /> : '-'}</td>
      <td>{workshop ? t('assignedTo', { name: workshop.name, id: workshop.id }) : t('loading')}</td>
      <td>
        <button
          type="button"
          className="secondary"
          aria-label={t('removeOf', { title: product.title })}
          disabled={remove.status === 'busy'}
          onClick={() =>
            remove.send({
              method: 'PUT',
              path: API.productWorkshop(product.id),
              body: { workshop_id: null },
              fallback: 'workshops:removeFailed',
              reload: [
                { key: reloadKey, path: API.workshopProducts(product.workshop_id ?? 0) },
                { key: 'products:all', path: API.products },
              ],
            })
          }
        >
          {t('remove')}
        </button>
        {remove.status === 'failed' && <NoticeView notice={remove.notice} />}
      </td>
    </tr>
  );
}

/** /admin/workshops/{id}/products: the products assigned to one workshop. */
export default function WorkshopProductsScreen() {
  const { t } = useTranslation('workshops');
  const id = Number(useParams().id);
  const reloadKey = `workshop:${id}:products`;
  const info = useResource<{ workshop: WorkshopDto }>(`workshop:${id}`, API.workshopInfo(id), 'workshops:infoFailed');
  const products = useResource<{ products: ProductDto[] }>(reloadKey, API.workshopProducts(id), 'workshops:productsFailed');
  const [assigning, setAssigning] = useState(false);
  const rows = products.data?.products ?? [];
  return (
    <>
      <h1>{t('productsTitle', { name: info.data?.workshop.name ?? id })}</h1>
      <div className="toolbar">
        <Link to={`/admin/workshops/${id}/all-products`} className="button-link">
          {t('manageAll')}
        </Link>
        <button type="button" onClick={() => setAssigning(true)}>
          {t('assign')}
        </button>
      </div>
      <NoticeView notice={products.notice ?? info.notice} />
      {products.status === 'loading' && rows.length === 0 && <p role="status">{t('loading')}</p>}
      {products.status === 'ready' && rows.length === 0 && <p>{t('noProducts')}</p>}
      {rows.length > 0 && (
        <table>
          <TableHead labels={[t('productColumns.id'), t('productColumns.title'), t('productColumns.photo'), t('productColumns.workshop'), t('productColumns.actions')]} />
          <tbody>
            {rows.map((product) => (
              <ProductRow key={product.id} product={product} workshop={info.data?.workshop} reloadKey={reloadKey} />
            ))}
          </tbody>
        </table>
      )}
      {assigning && <AssignModal workshopId={id} reloadKey={reloadKey} onClose={() => setAssigning(false)} />}
    </>
  );
}
