/** @jest-environment node */
import ExcelJS from 'exceljs';
import { sheetLayout, type SheetColumn, sheetRows } from './excel';
import { columnName, xlsxWriter } from './xlsx';

/* The writer's file, read back by another library: what Excel would find in it. */

interface Line {
  id: number;
  title: string;
  price: number | null;
  created: string | null;
  note: string | null;
  code: string;
}

const COLUMNS: SheetColumn<Line>[] = [
  { header: 'Sipariş Ürün ID', type: 'number', value: (r) => r.id },
  { header: 'Ürün Adı', type: 'text', value: (r) => r.title },
  { header: 'Toplam Fiyat', type: 'number', value: (r) => r.price },
  { header: 'Oluşturulma Tarihi', type: 'date', value: (r) => r.created },
  { header: 'Müşteri Notu', value: (r) => r.note },
  { header: 'Barkod', type: 'text', value: (r) => r.code },
];

const LINES: Line[] = [
  { id: 1, title: 'Tektaş Yüzük', price: 2500.5, created: '2026-11-23T06:30:00.000Z', note: '  boşluklu <not> & "tırnak"  ', code: '0042' },
  { id: 2, title: 'İnce Zincir\u0007', price: null, created: null, note: null, code: '7' },
  { id: 3, title: 'Kalp Kolye', price: 0, created: '2026-07-01T21:15:00.000Z', note: 'x'.repeat(40_000), code: '' },
];

async function read(parts: Uint8Array[]) {
  const bytes = Buffer.concat(parts);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return workbook;
}

test('numbers stay numbers, dates are dates on the office clock, text is text, under Turkish headers', async () => {
  const writer = xlsxWriter(sheetLayout('Siparişler', COLUMNS, 'Europe/Istanbul'));
  writer.addRows(sheetRows(COLUMNS, LINES, 0, 2));
  writer.addRows(sheetRows(COLUMNS, LINES, 2, 3));
  const sheet = (await read(writer.finish())).getWorksheet('Siparişler')!;

  expect(sheet.rowCount).toBe(4);
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(COLUMNS.map((c) => c.header));
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

  const first = sheet.getRow(2);
  expect(first.getCell(1).value).toBe(1);
  expect(first.getCell(2).value).toBe('Tektaş Yüzük');
  expect(first.getCell(3).value).toBe(2500.5);
  // 06:30 UTC is 09:30 in Istanbul; Excel holds the wall clock, which a reader sees as a UTC date.
  expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Date);
  expect(first.getCell(4).value).toEqual(new Date('2026-11-23T09:30:00.000Z'));
  expect(first.getCell(4).numFmt).toBe('dd.mm.yyyy hh:mm');
  expect(first.getCell(5).value).toBe('  boşluklu <not> & "tırnak"  ');
  expect(first.getCell(6).value).toBe('0042');

  const second = sheet.getRow(3);
  // A control character would make the file unreadable: it is dropped.
  expect(second.getCell(2).value).toBe('İnce Zincir');
  expect([second.getCell(3).value, second.getCell(4).value, second.getCell(5).value]).toEqual([null, null, null]);
  expect(second.getCell(6).value).toBe('7');

  const third = sheet.getRow(4);
  expect(third.getCell(3).value).toBe(0);
  expect(third.getCell(4).value).toEqual(new Date('2026-07-02T00:15:00.000Z'));
  // Excel's limit of a cell.
  expect(String(third.getCell(5).value)).toHaveLength(32_767);
  expect(third.getCell(6).value).toBeNull();
});

test("a value that does not fit its column's type is kept as text", async () => {
  const columns: SheetColumn<string>[] = [
    { header: 'Sayı', type: 'number', value: (v) => v },
    { header: 'Tarih', type: 'date', value: (v) => v },
    { header: 'Kendi', value: (v) => (v === 'sayı' ? 12 : v) },
  ];
  expect(sheetRows(columns, ['sayı', 'yok'], 0, 2)).toEqual([
    ['sayı', 'sayı', 12],
    ['yok', 'yok', 'yok'],
  ]);
  const writer = xlsxWriter(sheetLayout('Tür', columns));
  writer.addRows(sheetRows(columns, ['sayı'], 0, 1));
  const row = (await read(writer.finish())).worksheets[0].getRow(2);
  expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value]).toEqual(['sayı', 'sayı', 12]);
});

test('a sheet of 42 columns names them like Excel and holds every row', async () => {
  const columns: SheetColumn<number>[] = Array.from({ length: 42 }, (_, c) => ({ header: `Sütun ${c + 1}`, type: 'number', value: (r) => r * 100 + c }));
  const rows = Array.from({ length: 3000 }, (_, r) => r);
  const writer = xlsxWriter(sheetLayout('Uzun', columns));
  for (let from = 0; from < rows.length; from += 700) writer.addRows(sheetRows(columns, rows, from, from + 700));
  const sheet = (await read(writer.finish())).worksheets[0];
  expect([columnName(0), columnName(25), columnName(26), columnName(41), columnName(701), columnName(702)]).toEqual(['A', 'Z', 'AA', 'AP', 'ZZ', 'AAA']);
  expect(sheet.rowCount).toBe(3001);
  expect(sheet.getRow(3001).getCell(42).value).toBe(2999 * 100 + 41);
  expect(sheet.getCell('AP2').value).toBe(41);
});

test("dates follow the zone's clock across a daylight saving change", async () => {
  const columns: SheetColumn<string>[] = [{ header: 'Tarih', type: 'date', value: (iso) => iso }];
  const writer = xlsxWriter(sheetLayout('Saat', columns, 'Europe/Berlin'));
  // Berlin moves from UTC+1 to UTC+2 at 01:00 UTC on 29 March 2026.
  writer.addRows(sheetRows(columns, ['2026-03-29T00:30:00.000Z', '2026-03-29T01:30:00.000Z', '2026-01-15T12:00:00.000Z'], 0, 3));
  const sheet = (await read(writer.finish())).worksheets[0];
  expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
    new Date('2026-03-29T01:30:00.000Z'),
    new Date('2026-03-29T03:30:00.000Z'),
    new Date('2026-01-15T13:00:00.000Z'),
  ]);
});
