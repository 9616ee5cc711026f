import { foldCase } from './text';
import { isUrgent, URGENT_WORDS } from './urgent';

/** The rule text by text: any text of the row, folded on its own, holds a folded word. */
const byText = (row: object) => Object.values(row).some((value) => typeof value === 'string' && URGENT_WORDS.some((word) => foldCase(value).includes(foldCase(word))));

test('a row is urgent as when each of its texts is folded on its own', () => {
  const rows: object[] = [
    { customer_note: 'Lütfen HIZLI gönderin', id: 5 },
    { customer_note: 'ACİL', product_name: 'Yüzük' },
    { customer_note: 'ACI\u0307L' },
    // A word's letters spread over two texts make no word.
    { customer_note: 'ac', product_name: 'il' },
    { customer_note: 'eks', product_name: 'PRES' },
    // A dot above that opens a text belongs to it, not to an 'I' that ends the one before.
    { customer_note: 'ACI', product_name: '\u0307L' },
    { customer_note: 'I', product_name: '\u0307acil' },
    { customer_note: '', product_name: null, gram: 4.5, shipped: false },
    { fulfilment_style: 'express kargo', note: 'ΣΑΣ' },
    { note: 'Normal teslimat', city: 'İSTANBUL', tracking: 'RUSH-1' },
  ];
  for (const row of rows) expect([row, isUrgent(row)]).toEqual([row, byText(row)]);
  expect(rows.map(isUrgent)).toEqual([true, true, true, false, false, false, true, false, true, true]);
});
