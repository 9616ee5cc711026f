/** A column of an exported sheet: its header and how to read a row's cell. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

export interface Sheet {
  fileName: string;
  sheetName: string;
  header: string[];
  rows: Array<Array<string | number | null>>;
}

/** The cells a sheet of `rows` holds under `columns`, in a form that can travel in an action. */
export function sheetCells<T>(columns: SheetColumn<T>[], rows: readonly T[]): Pick<Sheet, 'header' | 'rows'> {
  return { header: columns.map((c) => c.header), rows: rows.map((row) => columns.map((c) => c.value(row))) };
}

/**
 * Writes a sheet to an .xlsx file and hands it to the browser. The spreadsheet writer is loaded
 * only here, when a user asks for a file, so no screen pays for it up front.
 */
export async function writeWorkbook({ fileName, sheetName, header, rows }: Sheet): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? ''));
  sheet.columns.forEach((column, index) => {
    column.width = Math.min(50, Math.max(10, header[index].length + 2));
  });
  const buffer = await workbook.xlsx.writeBuffer();
  const url = URL.createObjectURL(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
