import { toSVG } from 'bwip-js/browser';

/** The EAN-13 symbol of a line's barcode (shared/barcode.ts) as SVG text, without its digits: the ticket writes them as text. */
export const drawSymbol = (code: string): string => toSVG({ bcid: 'ean13', text: code, height: 7, includetext: false });
