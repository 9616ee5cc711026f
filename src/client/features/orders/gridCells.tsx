import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, ICellRendererParams } from 'ag-grid-community';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLineDto } from '../../../shared/api';
import { canCorrectGram, canShip, type LineState, lineState, offers, type Offer, type Why, whyNot } from '../../../shared/lifecycle';
import { CorrectIcon, HistoryIcon, PackingIcon, QualityIcon } from './actionIcons';
import { CORRECT_OFFERS, isActionColumn, type OrderColumn, PACKING_OFFERS, QUALITY_OFFERS } from './columns';
import { GramEditor } from './GramEditor';

/** What the grid's action cells call back and which line is busy. */
export interface GridActions {
  onQualityControl: (row: OrderLineDto) => void;
  onApprovePacking: (row: OrderLineDto) => void;
  /** The text typed into the gram cell (double-click, Enter or leaving the cell saves, Escape cancels). */
  onCorrectGram: (row: OrderLineDto, typed: string) => void;
  /** A tracking number typed into a packed line's tracking cell: the order's packed pieces go to the carrier. */
  onShip: (row: OrderLineDto, tracking: string) => void;
  /** The admin's corrections of a line: back to an earlier step, canceled. */
  onCorrect: (row: OrderLineDto) => void;
  /** The line's history: who moved it, when, from where to where, and why. */
  onHistory: (row: OrderLineDto) => void;
  /** Lines with an action under way or just done, whose buttons wait. */
  busyLines: readonly number[];
}

/* The grid takes its context once, so cells read the current actions through a ref. */
type Cell = ICellRendererParams<OrderLineDto, unknown, { current: GridActions }>;

function PhotoCell({ data }: Cell) {
  return data?.product_picture_url ? <img src={data.product_picture_url} alt={data.product_title} loading="lazy" className="grid-photo" /> : '-';
}

/**
 * A row's action: an icon button, named for screen readers and on hover, enabled while the life
 * cycle offers the action for the line; where it does not, a quiet mark says why (orders:why, the
 * shared life cycle's reasons) on hover and to screen readers.
 */
function actionCell(offered: readonly Offer[], label: string, Icon: ComponentType, act: (actions: GridActions) => (row: OrderLineDto) => void) {
  return function ActionCell({ data, context }: Cell) {
    const { t } = useTranslation('orders');
    if (!data) return null;
    const state = lineState(data);
    if (!offered.some((offer) => offers(state, offer))) {
      const why = t(`why.${whyNot(state, offered[offered.length - 1])}`);
      return (
        <span className="why" role="img" aria-label={why} title={why}>
          –
        </span>
      );
    }
    const actions = context.current;
    return (
      <button type="button" className="icon" aria-label={t(label)} title={t(label)} disabled={actions.busyLines.includes(data.id)} onClick={() => act(actions)(data)}>
        <Icon />
      </button>
    );
  };
}

/** Every line's history button, named with the line for a screen reader. */
function HistoryCell({ data, context }: Cell) {
  const { t } = useTranslation('orders');
  if (!data) return null;
  return (
    <button type="button" className="icon secondary" aria-label={t('history.open', { id: data.id })} title={t('history.action')} onClick={() => context.current.onHistory(data)}>
      <HistoryIcon />
    </button>
  );
}

/**
 * A typed cell's text with a visible edit button while the line allows typing into it (the
 * double-click and Enter of the grid still work): it opens the cell's editor. A value made final
 * (a gram received into the metal ledger) says so with a mark, its reason in words for the pointer and screen readers.
 */
function TypedCell({ data, valueFormatted, api, node, column, colDef }: Cell) {
  const { t } = useTranslation('orders');
  const { allowed, label, final } = colDef?.cellRendererParams as { allowed: (state: LineState) => boolean; label: string; final?: (state: LineState) => Why | null };
  const why = data && final ? final(lineState(data)) : null;
  return (
    <span className="typed-cell">
      <span>{valueFormatted}</span>
      {why && (
        <span className="cell-final" role="img" aria-label={t(`why.${why}`)} title={t(`why.${why}`)}>
          ✓
        </span>
      )}
      {data && allowed(lineState(data)) && (
        <button
          type="button"
          className="cell-edit"
          aria-label={t(label)}
          title={t(label)}
          onClick={() => node.rowIndex !== null && column && api.startEditingCell({ rowIndex: node.rowIndex, colKey: column.getColId() })}
        >
          ✎
        </button>
      )}
    </span>
  );
}

/** The renderer of each kind of column that is not plain text. */
export const RENDERERS = {
  photo: PhotoCell,
  qualityAction: actionCell(QUALITY_OFFERS, 'qualityAction', QualityIcon, (a) => a.onQualityControl),
  packingAction: actionCell(PACKING_OFFERS, 'packingAction', PackingIcon, (a) => a.onApprovePacking),
  correctAction: actionCell(CORRECT_OFFERS, 'correction.action', CorrectIcon, (a) => a.onCorrect),
  historyAction: HistoryCell,
} as const;

/**
 * A cell typed into when the line allows it (double-click, or Enter on the focused cell), with its
 * `editor`. What is typed goes to `save` (the server), never into the row: the row is the store's,
 * and the answer replaces it.
 */
function typedCell(
  allowed: (state: LineState) => boolean,
  label: string,
  editor: Pick<ColDef<OrderLineDto>, 'cellEditor' | 'cellEditorParams' | 'cellEditorPopup'>,
  save: (row: OrderLineDto, typed: string) => void,
  final?: (state: LineState) => Why | null,
): ColDef<OrderLineDto> {
  return {
    editable: ({ data }) => (data ? allowed(lineState(data)) : false),
    cellRenderer: TypedCell,
    cellRendererParams: { allowed, label, final },
    ...editor,
    valueSetter: ({ data, newValue, oldValue }) => {
      if (newValue !== oldValue) save(data, typeof newValue === 'string' ? newValue : String(newValue ?? ''));
      return false;
    },
  };
}

/** The gram cell: typed into while the gram may be corrected, marked final once received into the metal ledger. */
export const gramCell = (save: (row: OrderLineDto, typed: string) => void) =>
  typedCell(canCorrectGram, 'editGram', { cellEditor: GramEditor, cellEditorPopup: true }, save, (state) => (state.received ? 'received' : null));

/** The tracking number's cell: typed into while the line's order may be handed to the carrier. */
export const trackingCell = (save: (row: OrderLineDto, typed: string) => void) =>
  typedCell(canShip, 'editTracking', { cellEditor: 'agTextCellEditor', cellEditorParams: { maxLength: 100 } }, save);

/** The grid moves the focus from cell to cell and never into a button: Enter or Space on a focused action cell presses its button. */
export function pressCellButton(byKey: ReadonlyMap<string, OrderColumn>) {
  return (params: CellKeyDownEvent<OrderLineDto> | FullWidthCellKeyDownEvent<OrderLineDto>) => {
    const event = params.event as KeyboardEvent | null | undefined;
    const shown = 'column' in params ? byKey.get(params.column.getColId()) : undefined;
    // The cell itself has the focus: a key on a button inside it is the button's own.
    const cell = event?.target instanceof HTMLElement && event.target.classList.contains('ag-cell') ? event.target : null;
    if (!event || !cell || (event.key !== 'Enter' && event.key !== ' ') || !shown || !isActionColumn(shown)) return;
    const button = cell.querySelector<HTMLButtonElement>('button:not(:disabled)');
    if (!button) return;
    event.preventDefault();
    button.click();
  };
}
