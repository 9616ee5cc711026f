import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ProductDto, WorkshopDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { NoticeView } from '../../components/NoticeView';
import { TableHead } from '../../components/TableHead';
import { selectProductsOfWorkshop, useProducts } from '../catalogue';
import {
  assignmentScreenLeft,
  productAssignmentRequested,
  selectAssignment,
  selectWorkshopById,
  selectWorkshopProductRead,
  selectWorkshopRead,
  workshopProductsRequested,
  workshopRequested,
} from './slice';

function AssignModal({ workshopId, onClose }: { workshopId: number; onClose: () => void }) {
  const { t } = useTranslation('workshops');
  const dispatch = useAppDispatch();
  const all = useProducts('workshops:productsFailed');
  const [chosen, setChosen] = useState('');
  /** The product sent for assignment: its outcome closes the modal or is shown in it. */
  const [sent, setSent] = useState<number | null>(null);
  const assignment = useAppSelector((state) => (sent === null ? undefined : selectAssignment(state, sent)));
  useEffect(() => {
    if (assignment?.status === 'done') onClose();
  }, [assignment?.status, onClose]);
  const candidates = all.products.filter((p) => p.workshop_id !== workshopId);
  const assign = () => {
    const productId = Number(chosen);
    setSent(productId);
    dispatch(productAssignmentRequested({ productId, workshopId }));
  };
  return (
    <Modal title={t('assignTitle')} onClose={onClose}>
      <NoticeView notice={assignment?.status === 'failed' ? assignment.notice : all.notice} />
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
        <button type="button" disabled={!chosen || assignment?.status === 'busy'} onClick={assign}>
          {t('assignButton')}
        </button>
      </div>
    </Modal>
  );
}

function ProductRow({ product, workshop }: { product: ProductDto; workshop: WorkshopDto | undefined }) {
  const { t } = useTranslation('workshops');
  const dispatch = useAppDispatch();
  const removal = useAppSelector((state) => selectAssignment(state, product.id));
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
          disabled={removal?.status === 'busy'}
          onClick={() => dispatch(productAssignmentRequested({ productId: product.id, workshopId: null }))}
        >
          {t('remove')}
        </button>
        {removal?.status === 'failed' && <NoticeView notice={removal.notice} />}
      </td>
    </tr>
  );
}

/** /admin/workshops/{id}/products: the products assigned to one workshop. */
export default function WorkshopProductsScreen() {
  const { t } = useTranslation('workshops');
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const workshop = useAppSelector((state) => selectWorkshopById(state, id));
  const read = useAppSelector((state) => selectWorkshopRead(state, id));
  const rows = useAppSelector((state) => selectProductsOfWorkshop(state, id));
  const productRead = useAppSelector((state) => selectWorkshopProductRead(state, id));
  const [assigning, setAssigning] = useState(false);
  useEffect(() => {
    dispatch(workshopRequested(id));
    dispatch(workshopProductsRequested(id));
  }, [dispatch, id]);
  useEffect(
    () => () => {
      dispatch(assignmentScreenLeft());
    },
    [dispatch],
  );
  const status = productRead?.status ?? 'loading';
  return (
    <>
      <Breadcrumbs
        trail={[
          { label: t('common:nav.workshops'), to: '/admin/workshops' },
          { label: workshop?.name ?? String(id), to: `/admin/workshops/${id}` },
        ]}
        current={t('productsButton')}
      />
      <h1>{t('productsTitle', { name: workshop?.name ?? id })}</h1>
      <div className="toolbar">
        <Link to={`/admin/workshops/${id}/all-products`} className="button-link">
          {t('manageAll')}
        </Link>
        <button type="button" onClick={() => setAssigning(true)}>
          {t('assign')}
        </button>
      </div>
      <NoticeView notice={productRead?.notice ?? read?.notice ?? null} />
      {status === 'loading' && rows.length === 0 && <p role="status">{t('loading')}</p>}
      {status === 'ready' && rows.length === 0 && <p>{t('noProducts')}</p>}
      {rows.length > 0 && (
        <table>
          <TableHead labels={[t('productColumns.id'), t('productColumns.title'), t('productColumns.photo'), t('productColumns.workshop'), t('productColumns.actions')]} />
          <tbody>
            {rows.map((product) => (
              <ProductRow key={product.id} product={product} workshop={workshop} />
            ))}
          </tbody>
        </table>
      )}
      {assigning && <AssignModal workshopId={id} onClose={() => setAssigning(false)} />}
    </>
  );
}
