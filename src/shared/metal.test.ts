import fc from 'fast-check';
import { ayarOf, shareOut, FINE_PLACES, fineOf, fromUnits, GRAM_PLACES, lineWeights, toUnits } from './metal';

test('a weight is read exactly, with a comma or a point, or refused; never rounded', () => {
  expect(toUnits('12,5', GRAM_PLACES)).toBe(12_500);
  expect(toUnits('12.345', GRAM_PLACES)).toBe(12_345);
  expect(toUnits(0.1, GRAM_PLACES)).toBe(100);
  expect(toUnits(88.993, GRAM_PLACES)).toBe(88_993);
  expect(toUnits('100', GRAM_PLACES)).toBe(100_000);
  expect(toUnits('1.2000', GRAM_PLACES)).toBe(1_200);
  for (const bad of ['12.3456', '-1', '1e3', '1.000,5', '', ' ', 'abc', null, undefined, Number.NaN, -0.5, Number.POSITIVE_INFINITY, '1.2.3', {}]) {
    expect(toUnits(bad, GRAM_PLACES)).toBeNull();
  }
});

test('units are written back with every place', () => {
  expect(fromUnits(447_008, FINE_PLACES)).toBe('44.7008');
  expect(fromUnits(5, GRAM_PLACES)).toBe('0.005');
  expect(fromUnits(-5, GRAM_PLACES)).toBe('-0.005');
  expect(fromUnits(0, FINE_PLACES)).toBe('0.0000');
  fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (units) => toUnits(fromUnits(Math.abs(units), FINE_PLACES), FINE_PLACES) === Math.abs(units)));
});

test('fine gold is net x milyem / 1000, rounded once, half away from zero', () => {
  // 100 g of 22 ayar (916): 91.6 g fine.
  expect(fineOf(100_000, 916)).toBe(916_000);
  // 14 ayar is 585 milyem by the hallmark, not 14/24: 1 kg holds 585 g fine, 1.7 g more than 583.3.
  expect(fineOf(1_000_000, 585)).toBe(5_850_000);
  expect(fineOf(1, 995)).toBe(10); // 0.001 g x 0.995 = 0.000995 -> 0.0010
  expect(fineOf(1, 333)).toBe(3); // 0.000333 -> 0.0003
  expect(fineOf(1, 375)).toBe(4); // 0.000375 -> 0.0004
  expect(fineOf(-1, 375)).toBe(-4);
});

test('a line is net of its stones (1 ct = 0.2 g) and other weights; a negative net is refused', () => {
  expect(lineWeights(10_000, 150, 500, 750)).toEqual({ grossMg: 10_000, stoneCentiCarat: 150, stoneMg: 300, otherMg: 500, netMg: 9_200, fine: 69_000 });
  expect(lineWeights(100, 100, 0, 750)).toBeNull();
  // A line without metal: 0 g, or stones and other weights as heavy as the whole.
  expect(lineWeights(0, 0, 0, 750)).toBeNull();
  expect(lineWeights(500, 100, 300, 750)).toBeNull();
  expect(lineWeights(1, 0, 0, 750)).toMatchObject({ netMg: 1 });
});

test('sums of stored fine weights never drift, however many and in whatever order', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(995, 916, 875, 750, 585, 375, 333, 925, 950), fc.boolean()), { maxLength: 300 }), (lines) => {
      const entries = lines.map(([net, milyem, issued]) => (issued ? 1 : -1) * fineOf(net, milyem));
      const forward = entries.reduce((sum, fine) => sum + fine, 0);
      const backward = [...entries].reverse().reduce((sum, fine) => sum + fine, 0);
      // A reversal of every entry brings the balance back to exactly zero.
      const reversed = entries.reduce((sum, fine) => sum + fine - fine, 0);
      return forward === backward && reversed === 0 && Number.isSafeInteger(forward) && toUnits(fromUnits(Math.abs(forward), FINE_PLACES), FINE_PLACES) === Math.abs(forward);
    }),
  );
});

test("a karat option value's name says its ayar", () => {
  expect(['14 ayar', '18K Altın', '22 Ayar', '14 kt', '9 karat', '8K'].map(ayarOf)).toEqual([14, 18, 22, 14, 9, 8]);
  expect(['925 Gümüş', 'Platin', '45 cm', '6', '14 Kolye', '30 ayar'].map(ayarOf)).toEqual([null, null, null, null, null, null]);
});

test('a recovered weight is shared in proportion, exactly to the last unit', () => {
  expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
  expect(shareOut(0, [5, 5])).toEqual([0, 0]);
  expect(shareOut(7, [0, 0])).toEqual([0, 0]);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 1e8 }), { minLength: 1, maxLength: 12 }), (total, weights) => {
      const shares = shareOut(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0);
      return sum === 0 ? shares.every((s) => s === 0) : shares.reduce((a, b) => a + b, 0) === total && shares.every((s, i) => Math.abs(s - (total * weights[i]) / sum) < 1);
    }),
  );
});
