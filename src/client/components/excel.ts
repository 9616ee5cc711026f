/** A column of an exported sheet: its header and how to read a row's cell. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | null;
}

/**
 * Writes rows to an .xlsx file and hands it to the browser. The spreadsheet writer is loaded
 * only here, when a user asks for a file, so no screen pays for it up front.
 */
export async function downloadWorkbook<T>(fileName: string, sheetName: string, columns: SheetColumn<T>[], rows: T[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(columns.map((c) => c.header)).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? ''));
  sheet.columns.forEach((column, index) => {
    column.width = Math.min(50, Math.max(10, columns[index].header.length + 2));
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
