import { type DragEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDto } from '../../../shared/api';
import { FALLBACK_ROUTING } from '../../../shared/routing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { selectSteps, stepsRequested, useStepNames } from '../production-steps';
import { routingClosed, routingSaveRequested, selectCatalogue, selectRouting } from './slice';

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Picks a product's production steps and their order (dragging or arrow buttons), then saves the whole routing. */
export function RoutingEditor({ product }: { product: ProductDto }) {
  const { t } = useTranslation('catalogue');
  const dispatch = useAppDispatch();
  const { routing } = useAppSelector(selectCatalogue);
  const saved = useAppSelector((state) => (routing ? selectRouting(state, routing.productId)?.steps : undefined));
  const steps = useAppSelector(selectSteps);
  const names = useStepNames();
  const [order, setOrder] = useState<number[]>([]);
  const [pick, setPick] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => {
    dispatch(stepsRequested());
  }, [dispatch]);
  useEffect(() => {
    if (routing?.status === 'ready' && saved) setOrder(saved.map((s) => s.step_id));
  }, [routing?.status, saved]);
  if (!routing) return null;

  /** A step of the built-in process under its current name; its catalogue name until the steps are read. */
  const builtInName = (key: string) => {
    const step = steps.find((s) => s.built_in === key);
    return (step && names.get(step.id)) ?? t(`fallbackSteps.${key}`);
  };

  const available = steps.filter((s) => !order.includes(s.id));
  const close = () => dispatch(routingClosed());
  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) setOrder((current) => move(current, dragged, index));
    setDragged(null);
  };

  return (
    <Modal title={t('routing.title', { title: product.title })} onClose={close}>
      <NoticeView notice={routing.notice} />
      {routing.status === 'loading' && <p role="status">{t('common:loading')}</p>}
      {routing.status !== 'loading' && (saved ?? []).length === 0 && (
        <div className="alert error" role="alert">
          <strong>{t('routing.noSteps')}</strong>
          <div>
            {t('routing.fallback')} {FALLBACK_ROUTING.map((key) => builtInName(key)).join(', ')}
          </div>
        </div>
      )}
      {routing.status !== 'loading' && routing.status !== 'failed' && (
        <>
          <p className="hint">{t('routing.dragHint')}</p>
          {order.length === 0 ? (
            <p>{t('routing.empty')}</p>
          ) : (
            <ol className="step-list" aria-label={t('routing.list')}>
              {order.map((stepId, index) => {
                const name = names.get(stepId) ?? String(stepId);
                return (
                  <li
                    key={stepId}
                    draggable
                    className={dragged === index ? 'dragging' : undefined}
                    onDragStart={() => setDragged(index)}
                    onDragOver={(event) => event.preventDefault()}
                    onDrop={(event) => drop(event, index)}
                    onDragEnd={() => setDragged(null)}
                  >
                    <span>
                      {index + 1}. {name}
                    </span>
                    <button type="button" className="secondary" aria-label={t('routing.up', { name })} disabled={index === 0} onClick={() => setOrder(move(order, index, index - 1))}>
                      ↑
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={t('routing.down', { name })}
                      disabled={index === order.length - 1}
                      onClick={() => setOrder(move(order, index, index + 1))}
                    >
                      ↓
                    </button>
                    <button type="button" className="secondary" aria-label={t('routing.remove', { name })} onClick={() => setOrder(order.filter((id) => id !== stepId))}>
                      ×
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
          <div className="inline-edit">
            <select aria-label={t('routing.pick')} value={pick} onChange={(event) => setPick(event.target.value)}>
              <option value="">{t('routing.pickPlaceholder')}</option>
              {available.map((step) => (
                <option key={step.id} value={step.id}>
                  {names.get(step.id)}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={!pick}
              onClick={() => {
                setOrder([...order, Number(pick)]);
                setPick('');
              }}
            >
              {t('routing.add')}
            </button>
          </div>
        </>
      )}
      <div className="toolbar">
        <button
          type="button"
          disabled={routing.status !== 'ready'}
          onClick={() => dispatch(routingSaveRequested({ productId: product.id, stepIds: order }))}
        >
          {t('routing.save')}
        </button>
        <button type="button" className="secondary" onClick={close}>
          {t('routing.cancel')}
        </button>
      </div>
    </Modal>
  );
}
