/*
 * The two printed layouts of the ticket page and their CSS, set by the page itself (it is loaded
 * only with it): 58 x 40 mm thermal labels, one ticket a page, and A4 sheets of 3 x 7 labels of
 * 63.5 x 38.1 mm (the common office label sheet), each sheet's labels in rows from its top.
 */

export const LAYOUTS = ['thermal', 'a4'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const isLayout = (value: string | null): value is Layout => (LAYOUTS as readonly (string | null)[]).includes(value);

/** Both layouts, on screen and printed. */
const COMMON = `
.tickets-page { padding: 16px; }
.tickets-toolbar { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 16px; }
.tickets-toolbar fieldset { display: flex; gap: 16px; border: 1px solid var(--line); border-radius: 6px; padding: 4px 12px; margin: 0; }
.tickets-toolbar label { display: inline-flex; gap: 6px; align-items: center; margin: 0; font-weight: 400; }
.tickets-toolbar input[type="radio"] { width: auto; min-height: 0; }
.tickets { display: flex; flex-wrap: wrap; gap: 8px; }
.ticket { display: flex; flex-direction: column; gap: 0.4mm; overflow: hidden; background: #fff; color: #000; border: 1px dashed #9aa5b1; padding: 1.5mm 2mm; font: 7pt/1.2 system-ui, sans-serif; break-inside: avoid; }
.ticket p { margin: 0; overflow-wrap: anywhere; }
.ticket-head, .ticket-foot { display: flex; justify-content: space-between; gap: 2mm; }
.ticket-head { font-size: 8pt; font-weight: 700; }
.ticket-urgent { border: 0.3mm solid #000; padding: 0 1mm; letter-spacing: 0.3mm; }
.ticket-barcode { display: flex; flex-direction: column; align-items: center; }
.ticket-symbol { display: block; width: 100%; height: 9mm; }
.ticket-symbol svg { display: block; width: 100%; height: 100%; }
.ticket-digits { font: 7pt/1.1 ui-monospace, monospace; letter-spacing: 0.6mm; }
.ticket-product { font-weight: 700; }
.ticket-note, .ticket-work { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
.ticket .ticket-foot { margin-top: auto; }
.tickets-thermal .ticket { width: 58mm; height: 40mm; }
.tickets-a4 { display: grid; grid-template-columns: repeat(3, 63.5mm); grid-auto-rows: 38.1mm; gap: 0 2.5mm; }
.tickets-a4 .ticket { width: 63.5mm; height: 38.1mm; padding: 2mm 3mm; }
@media print {
  body { background: #fff; }
  .tickets-toolbar, .https-banner { display: none !important; }
  .tickets-page { padding: 0; }
  .ticket { border: 0; }
}
`;

/** What each layout adds for print: the page it prints on. */
const PRINTED: Record<Layout, string> = {
  thermal: `
@media print {
  @page { size: 58mm 40mm; margin: 0; }
  .tickets-thermal { display: block; }
  .ticket + .ticket { break-before: page; }
}
`,
  a4: `
@media print {
  @page { size: A4; margin: 15.1mm 7.2mm 0; }
}
`,
};

/** The page's CSS for a layout. */
export const layoutCss = (layout: Layout): string => COMMON + PRINTED[layout];
