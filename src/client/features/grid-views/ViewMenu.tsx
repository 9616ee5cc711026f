import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridViewChangeSchema } from '../../../shared/schemas/grid-views';
import { Modal } from '../../components/Modal';
import { NoticeView } from '../../components/NoticeView';
import { firstError } from '../../components/validate';
import type { GridViews, MenuView } from './hooks';

/**
 * Closes a dialog once its change is written: the saga's success records what it wrote, a refusal
 * keeps the dialog with its sentence. What was written before the dialog opened (a change left while
 * under way) does not close it.
 */
function useCloseAfterWrite(views: GridViews, onClose: () => void) {
  const { written } = views.change;
  const opened = useRef(written);
  useEffect(() => {
    if (written && written !== opened.current) onClose();
  }, [written, onClose]);
}

/** The save dialog and its renaming twin: a name, checked by the server's own rule before it is sent. */
function NameDialog({ views, title, initial, onSubmit, onClose }: { views: GridViews; title: string; initial: string; onSubmit: (name: string) => void; onClose: () => void }) {
  const { t } = useTranslation('gridViews');
  const id = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useCloseAfterWrite(views, onClose);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = firstError(gridViewChangeSchema, { name: trimmed });
    setError(problem);
    if (!problem) onSubmit(trimmed);
  };
  return (
    <Modal title={title} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <label htmlFor={id}>{t('nameLabel')}</label>
        <input id={id} value={name} autoFocus aria-invalid={error ? true : undefined} onChange={(event) => setName(event.target.value)} />
        {error && (
          <div className="field-error" role="alert">
            {t(error)}
          </div>
        )}
        <NoticeView notice={views.change.notice} />
        <div className="toolbar">
          <button type="submit" disabled={views.change.busy}>
            {t('submit')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

type Dialog = { kind: 'save' } | { kind: 'rename'; viewId: number; name: string } | { kind: 'delete'; viewId: number; name: string };

/**
 * The view menu of a grid: the built-in views, then the user's own; the save button names the
 * grid's current state, an own view chosen can be renamed or deleted, the reset button puts the
 * grid back as its columns define it.
 */
export function ViewMenu({ views }: { views: GridViews }) {
  const { t } = useTranslation('gridViews');
  const selectId = useId();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const chosenOwn = views.own.find((view) => view.id === views.applied);
  const { leaveChange } = views;
  const onClose = useCallback(() => {
    setDialog(null);
    leaveChange();
  }, [leaveChange]);

  // The view chosen, changed since: its entry says so.
  const entryName = (view: MenuView) => (view.id === views.applied && views.modified ? t('modifiedName', { name: view.name }) : view.name);
  const choose = (id: string) => {
    const view = [...views.builtIns, ...views.own].find((entry) => entry.id === id);
    if (view) views.applyView(view);
  };

  return (
    <div className="toolbar view-menu" role="group" aria-label={t('label')}>
      <label htmlFor={selectId}>{t('label')}</label>
      <select id={selectId} value={views.applied ?? ''} disabled={!views.ready} onChange={(event) => choose(event.target.value)}>
        <option value="" disabled>
          {t('choose')}
        </option>
        <optgroup label={t('builtIns')}>
          {views.builtIns.map((view) => (
            <option key={view.id} value={view.id}>
              {entryName(view)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('own')}>
          {views.own.length === 0 ? (
            <option disabled value="none">
              {views.loading ? t('loading') : t('noOwn')}
            </option>
          ) : (
            views.own.map((view) => (
              <option key={view.id} value={view.id}>
                {entryName(view)}
              </option>
            ))
          )}
        </optgroup>
      </select>
      <button type="button" disabled={!views.ready} onClick={() => setDialog({ kind: 'save' })}>
        {t('save')}
      </button>
      {chosenOwn?.viewId !== undefined && (
        <>
          <button type="button" className="secondary" onClick={() => setDialog({ kind: 'rename', viewId: chosenOwn.viewId!, name: chosenOwn.name })}>
            {t('rename')}
          </button>
          <button type="button" className="secondary" onClick={() => setDialog({ kind: 'delete', viewId: chosenOwn.viewId!, name: chosenOwn.name })}>
            {t('delete')}
          </button>
        </>
      )}
      <button type="button" className="secondary" disabled={!views.ready} onClick={() => views.reset()}>
        {t('reset')}
      </button>
      {views.loading && <span role="status">{t('loading')}</span>}
      <NoticeView notice={views.notice} />

      {dialog?.kind === 'save' && <NameDialog views={views} title={t('saveTitle')} initial="" onSubmit={views.saveAs} onClose={onClose} />}
      {dialog?.kind === 'rename' && (
        <NameDialog views={views} title={t('renameTitle')} initial={dialog.name} onSubmit={(name) => views.rename(dialog.viewId, name)} onClose={onClose} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog views={views} name={dialog.name} onConfirm={() => views.remove(dialog.viewId)} onClose={onClose} />
      )}
    </div>
  );
}

function DeleteDialog({ views, name, onConfirm, onClose }: { views: GridViews; name: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation('gridViews');
  useCloseAfterWrite(views, onClose);
  return (
    <Modal title={t('deleteTitle')} onClose={onClose}>
      <p>{t('confirmDelete', { name })}</p>
      <NoticeView notice={views.change.notice} />
      <div className="toolbar">
        <button type="button" disabled={views.change.busy} onClick={onConfirm}>
          {t('confirmYes')}
        </button>
        <button type="button" className="secondary" autoFocus onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
