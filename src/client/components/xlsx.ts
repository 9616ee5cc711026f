import { strToU8, Zip, ZipDeflate } from 'fflate';

/*
 * The .xlsx format, written as rows arrive: the sheet's XML is deflated into the zip slice by slice,
 * so a hundred thousand rows never stand in memory as XML or as cell objects. fflate's synchronous
 * streaming zip runs alike in the export worker, on the main thread (tests) and in Node. No DOM here.
 */

/** How a column's cells are held: text, number, date, or as each value comes (numbers stay numbers). */
export type CellType = 'text' | 'number' | 'date' | 'auto';

/** A cell on its way to the writer: text, a number (a date column's number is epoch milliseconds) or empty. */
export type Cell = string | number | null;

export interface SheetLayout {
  sheetName: string;
  columns: Array<{ header: string; type: CellType }>;
  /** The zone whose wall clock date cells show (the office's); UTC without it. */
  timeZone?: string;
}

export interface XlsxWriter {
  addRows(rows: readonly (readonly Cell[])[]): void;
  /** Ends the file: its bytes, in the order they go into it. */
  finish(): Uint8Array[];
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/*
 * Level 1 writes a 100,000 x 42 sheet in about half the time of the default level 6 (4.2 s instead
 * of 8.1 s, measured in Node), for a file about a quarter larger (31 MB instead of 25 MB).
 */
const LEVEL = 1;
/** Excel's limit of characters in a cell; a longer text makes Excel call the file damaged. */
const CELL_LIMIT = 32_767;
const DAY_MS = 86_400_000;
/** Excel's serial number of 1970-01-01. */
const EPOCH_SERIAL = 25_569;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/* XML 1.0 allows no control characters but tab and line breaks: they are dropped, like Excel would refuse them. */
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const ESCAPES = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

function xmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPES, (ch) => ENTITY[ch] ?? '') : text;
}

function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/** A column's letters: 0 is A, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's rules for a sheet's name: at most 31 characters, none of : \ / ? * [ ]. */
function sheetTitle(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet1';
}

/**
 * The offset of a zone's wall clock from UTC at an instant. Reading it costs a microsecond or two,
 * so it is kept per quarter hour (zones change offsets only on quarter hours): a sheet's dates
 * mostly fall into a few thousand of them.
 */
function zoneOffsets(timeZone: string | undefined): (ms: number) => number {
  if (!timeZone || timeZone === 'UTC') return () => 0;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const known = new Map<number, number>();
  return (ms) => {
    const quarter = Math.floor(ms / 900_000);
    let offset = known.get(quarter);
    if (offset === undefined) {
      const at = quarter * 900_000;
      const part: Record<string, number> = {};
      for (const { type, value } of format.formatToParts(at)) part[type] = Number(value);
      offset = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - at;
      known.set(quarter, offset);
    }
    return offset;
  };
}

/** Style 1: the bold header; style 2: a date and time as Turkish readers write it. */
const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>';

const CONTENT_TYPES =
  `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>';

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;

/** A one-sheet workbook: a bold, frozen header row, then the rows as they are added. */
export function xlsxWriter({ sheetName, columns, timeZone }: SheetLayout): XlsxWriter {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data);
  });
  const file = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: LEVEL });
  zip.add(sheet);

  const letters = columns.map((_, index) => columnName(index));
  const dates = columns.map((c) => c.type === 'date');
  const offset = zoneOffsets(timeZone);
  const text = (ref: string, value: string, style = '') => {
    const shown = value.length > CELL_LIMIT ? value.slice(0, CELL_LIMIT) : value;
    // Only text that starts or ends with a space needs it kept: most cells save the attribute.
    const keep = shown.charCodeAt(0) <= 32 || shown.charCodeAt(shown.length - 1) <= 32 ? ' xml:space="preserve"' : '';
    return `<c r="${ref}"${style} t="inlineStr"><is><t${keep}>${xmlText(shown)}</t></is></c>`;
  };
  let row = 1;

  const widths = columns
    .map(({ header, type }, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(50, Math.max(type === 'date' ? 16 : 10, header.length + 2))}" customWidth="1"/>`)
    .join('');
  const header = columns.map((c, i) => text(`${letters[i]}1`, c.header, ' s="1"')).join('');
  sheet.push(
    strToU8(
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `${columns.length > 0 ? `<cols>${widths}</cols>` : ''}<sheetData><row r="1">${header}</row>`,
    ),
  );

  const check = () => {
    if (failure) throw failure;
  };

  return {
    addRows(rows) {
      let xml = '';
      for (const cells of rows) {
        row += 1;
        let line = `<row r="${row}">`;
        for (let c = 0; c < cells.length && c < letters.length; c++) {
          const value = cells[c];
          if (value === null || value === '') continue;
          if (typeof value === 'number') {
            if (!Number.isFinite(value)) continue;
            line += dates[c]
              ? `<c r="${letters[c]}${row}" s="2"><v>${(value + offset(value)) / DAY_MS + EPOCH_SERIAL}</v></c>`
              : `<c r="${letters[c]}${row}"><v>${value}</v></c>`;
          } else {
            line += text(`${letters[c]}${row}`, value);
          }
        }
        xml += `${line}</row>`;
      }
      sheet.push(strToU8(xml));
      check();
    },
    finish() {
      sheet.push(strToU8('</sheetData></worksheet>'), true);
      file('[Content_Types].xml', CONTENT_TYPES);
      file('_rels/.rels', ROOT_RELS);
      file(
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xmlAttribute(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      );
      file('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
      file('xl/styles.xml', STYLES);
      zip.end();
      check();
      return parts;
    },
  };
}
