/**
 * Folds text for case-insensitive matching in Turkish and English alike: 'ACİL', 'ACIL' and
 * 'acil' all become 'acil' (Turkish lower-casing, then dotless ı read as i).
 */
export function foldCase(text: string): string {
  return text.toLocaleLowerCase('tr').replace(/ı/g, 'i');
}
