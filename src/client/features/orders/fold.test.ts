import fc from 'fast-check';
import { foldCase } from '../../../shared/text';
import { fold } from './fold';

test('the fast fold equals foldCase, Turkish letters, combining dots and other scripts included', () => {
  for (const text of ['İSTANBUL', 'ıspanak', 'ILIK', 'i̇', 'I\u0307', 'ACİL', 'Alıcı Ltd', 'ΣΊΣΥΦΟΣ', 'Straße', 'ǅ', '']) expect(fold(text)).toBe(foldCase(text));
  const letters = fc.constantFrom(...'aAıIiİşŞğĞüÜöÖçÇ\u0307\u0131\u0130ΣσςẞßǅǄǆ ́̈ xX1-'.split(''));
  fc.assert(fc.property(fc.array(fc.oneof(letters, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), { maxLength: 12 }), (parts) => fold(parts.join('')) === foldCase(parts.join(''))), { numRuns: 20000 });
});
