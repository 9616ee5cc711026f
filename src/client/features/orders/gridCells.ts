import type { CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, ICellEditorComp, ICellEditorParams, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { OrderLineDto } from '../../../shared/api';
import { canCorrectGram, canShip, type LineState, lineState, offers, type Offer, type Why, whyNot } from '../../../shared/lifecycle';
import { correctIcon, historyIcon, packingIcon, qualityIcon } from './actionIcons';
import { CORRECT_OFFERS, isActionColumn, type OrderColumn, PACKING_OFFERS, QUALITY_OFFERS } from './columns';

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
/** What every drawn cell is given besides the grid's own: the sentences of the orders' namespace. */
interface Drawn {
  t: TFunction<'orders'>;
}

/*
 * The cells that are more than text are drawn as plain elements, as the grid draws its own: a
 * React component per cell cost the first rows of a long list about a tenth of their time, and
 * every row scrolled into view pays it again. Each cell draws itself anew when the grid refreshes
 * it (a line turned busy or free, or changed).
 */
abstract class DrawnCell implements ICellRendererComp<OrderLineDto> {
  private readonly gui = document.createElement('span');

  init(params: Cell & Drawn) {
    this.gui.className = 'drawn-cell';
    this.refresh(params);
  }

  getGui() {
    return this.gui;
  }

  refresh(params: Cell & Drawn) {
    this.gui.replaceChildren(...this.draw(params));
    return true;
  }

  protected abstract draw(params: Cell & Drawn): Array<Node | string>;
}

/** An element with its attributes (a boolean true: present, false: left out) and its content. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean>, ...content: Array<Node | string>): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== false) made.setAttribute(name, value === true ? '' : value);
  made.append(...content);
  return made;
}

/** A quiet mark whose reason is said on hover and to screen readers. */
const mark = (className: string, reason: string, text: string) => element('span', { class: className, role: 'img', 'aria-label': reason, title: reason }, text);

/** A button of the cell, named for screen readers and on hover. */
function button(className: string, name: string, title: string, disabled: boolean, press: () => void, ...content: Array<Node | string>) {
  const made = element('button', { type: 'button', class: className, 'aria-label': name, title, disabled }, ...content);
  made.addEventListener('click', press);
  return made;
}

class PhotoCell extends DrawnCell {
  protected draw({ data }: Cell) {
    return [data?.product_picture_url ? element('img', { src: data.product_picture_url, alt: data.product_title, loading: 'lazy', class: 'grid-photo' }) : '-'];
  }
}

/**
 * A row's action: an icon button, named for screen readers and on hover, enabled while the life
 * cycle offers the action for the line; where it does not, a quiet mark says why (orders:why, the
 * shared life cycle's reasons) on hover and to screen readers.
 */
function actionCell(offered: readonly Offer[], label: string, icon: () => SVGSVGElement, act: (actions: GridActions) => (row: OrderLineDto) => void) {
  return class ActionCell extends DrawnCell {
    protected draw({ data, context, t }: Cell & Drawn) {
      if (!data) return [];
      const state = lineState(data);
      if (!offered.some((offer) => offers(state, offer))) {
        return [mark('why', t(`why.${whyNot(state, offered[offered.length - 1])}`), '–')];
      }
      const actions = context.current;
      return [button('icon', t(label), t(label), actions.busyLines.includes(data.id), () => act(context.current)(data), icon())];
    }
  };
}

/** Every line's history button, named with the line for a screen reader. */
class HistoryCell extends DrawnCell {
  protected draw({ data, context, t }: Cell & Drawn) {
    if (!data) return [];
    return [button('icon secondary', t('history.open', { id: data.id }), t('history.action'), false, () => context.current.onHistory(data), historyIcon())];
  }
}

/** What a typed cell is given: when the line allows typing, the button's sentence, and what makes the value final. */
interface Typed extends Drawn {
  allowed: (state: LineState) => boolean;
  label: string;
  final?: (state: LineState) => Why | null;
}

/**
 * A typed cell's text with a visible edit button while the line allows typing into it (the
 * double-click and Enter of the grid still work): it opens the cell's editor. A value made final
 * (a gram received into the metal ledger) says so with a mark, its reason in words for the pointer and screen readers.
 */
class TypedCell extends DrawnCell {
  protected draw({ data, valueFormatted, api, node, column, allowed, label, final, t }: Cell & Typed) {
    const state = data ? lineState(data) : null;
    const why = state && final ? final(state) : null;
    const cell = element('span', { class: 'typed-cell' }, element('span', {}, valueFormatted ?? ''));
    if (why) cell.append(mark('cell-final', t(`why.${why}`), '✓'));
    if (state && allowed(state)) {
      const edit = () => node.rowIndex !== null && column && api.startEditingCell({ rowIndex: node.rowIndex, colKey: column.getColId() });
      cell.append(button('cell-edit', t(label), t(label), false, edit, '✎'));
    }
    return [cell];
  }
}

/** The renderer of each kind of column that is not plain text (each given `Drawn` as its params). */
export const RENDERERS = {
  photo: PhotoCell,
  qualityAction: actionCell(QUALITY_OFFERS, 'qualityAction', qualityIcon, (a) => a.onQualityControl),
  packingAction: actionCell(PACKING_OFFERS, 'packingAction', packingIcon, (a) => a.onApprovePacking),
  correctAction: actionCell(CORRECT_OFFERS, 'correction.action', correctIcon, (a) => a.onCorrect),
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
  t: TFunction<'orders'>,
  final?: (state: LineState) => Why | null,
): ColDef<OrderLineDto> {
  return {
    editable: ({ data }) => (data ? allowed(lineState(data)) : false),
    cellRenderer: TypedCell,
    cellRendererParams: { allowed, label, final, t } satisfies Typed,
    ...editor,
    valueSetter: ({ data, newValue, oldValue }) => {
      if (newValue !== oldValue) save(data, typeof newValue === 'string' ? newValue : String(newValue ?? ''));
      return false;
    },
  };
}

/** What an editor drawn by the screen starts from, and where it hands the text typed. */
export interface OpenedEditor {
  initialValue: unknown;
  /** The key typed on the cell that opened the editor, if one did. */
  eventKey: string | null;
  onValueChange: (value: string) => void;
}

/**
 * Where the screen draws an editor of its own (one that reads the app's formats and language) into
 * the element the grid opens over a cell; `open` returns how to take it away.
 */
export interface EditorHost {
  open: (gui: HTMLElement, opened: OpenedEditor) => () => void;
}

/** A popup editor whose content the screen draws (EditorHost); the grid reads the last text handed over. */
class HostedEditor implements ICellEditorComp<OrderLineDto> {
  private readonly gui = document.createElement('div');
  private value: unknown = null;
  private close: (() => void) | null = null;

  init({ value, eventKey, host }: ICellEditorParams<OrderLineDto> & { host: EditorHost }) {
    this.value = value;
    this.close = host.open(this.gui, { initialValue: value, eventKey, onValueChange: (typed) => (this.value = typed) });
  }

  getGui() {
    return this.gui;
  }

  getValue() {
    return this.value;
  }

  isPopup() {
    return true;
  }

  destroy() {
    this.close?.();
  }
}

/** The gram cell: typed into while the gram may be corrected, marked final once received into the metal ledger. */
export const gramCell = (save: (row: OrderLineDto, typed: string) => void, t: TFunction<'orders'>, host: EditorHost) =>
  typedCell(canCorrectGram, 'editGram', { cellEditor: HostedEditor, cellEditorParams: { host }, cellEditorPopup: true }, save, t, (state) => (state.received ? 'received' : null));

/** The tracking number's cell: typed into while the line's order may be handed to the carrier. */
export const trackingCell = (save: (row: OrderLineDto, typed: string) => void, t: TFunction<'orders'>) =>
  typedCell(canShip, 'editTracking', { cellEditor: 'agTextCellEditor', cellEditorParams: { maxLength: 100 } }, save, t);

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
