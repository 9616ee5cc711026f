/* The row actions' icons: drawn with the text colour, hidden from screen readers (the button carries the name). */

const SVG = 'http://www.w3.org/2000/svg';

/** An icon of one stroked path, as an element of its own for each cell. */
const icon = (path: string) => (): SVGSVGElement => {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'action-icon');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const stroke = document.createElementNS(SVG, 'path');
  for (const [name, value] of [['d', path], ['fill', 'none'], ['stroke', 'currentColor'], ['stroke-width', '1.6'], ['stroke-linecap', 'round'], ['stroke-linejoin', 'round']]) stroke.setAttribute(name, value);
  svg.append(stroke);
  return svg;
};

/** A magnifier: the piece is looked over. */
export const qualityIcon = icon('M7 2.5a4.5 4.5 0 1 1 0 9a4.5 4.5 0 0 1 0-9ZM10.3 10.3 14 14M5 7l1.5 1.5L9 5.8');
/** A box: the piece is packed. */
export const packingIcon = icon('M2 5l6-3 6 3v6l-6 3-6-3ZM2 5l6 3 6-3M8 8v6');
/** A pencil: the line is corrected. */
export const correctIcon = icon('M10.5 2.5l3 3L6 13H3v-3ZM9 4l3 3');
/** A clock: the line's history. */
export const historyIcon = icon('M8 2a6 6 0 1 1 0 12A6 6 0 0 1 8 2ZM8 5v3l2 2');
