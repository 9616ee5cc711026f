import { creditStanding, exceedsCredit, orderAmount } from './credit';

describe('credit standing', () => {
  test('the credit less the open orders in its currency; other currencies apart, not converted', () => {
    expect(
      creditStanding(25000, 'TRY', [
        { currency: 'TRY', amount: 18000.1 },
        { currency: 'USD', amount: 300 },
        { currency: 'EUR', amount: 0 },
      ]),
    ).toEqual({ credit: 25000, credit_currency: 'TRY', open_order_amount: 18000.1, available_credit: 6999.9, other_currency_open_amounts: [{ currency: 'USD', amount: 300 }] });
  });

  test('no open orders: the whole credit; more open than the credit: below zero', () => {
    expect(creditStanding(100, 'USD', [])).toMatchObject({ open_order_amount: 0, available_credit: 100, other_currency_open_amounts: [] });
    expect(creditStanding(100, 'USD', [{ currency: 'USD', amount: 150.25 }]).available_credit).toBe(-50.25);
  });
});

describe('an order against the available credit', () => {
  const standing = creditStanding(1000, 'TRY', [{ currency: 'TRY', amount: 400 }]);
  test.each([
    [{ currency: 'TRY', amount: 600 }, false],
    [{ currency: 'TRY', amount: 600.01 }, true],
    [{ currency: 'TRY', amount: 0 }, false],
    // Nothing of another currency is covered by a credit in TRY.
    [{ currency: 'USD', amount: 1 }, true],
    [{ currency: 'USD', amount: 0 }, false],
  ])('%j exceeds: %s', (order, exceeds) => {
    expect(exceedsCredit(standing, order)).toBe(exceeds);
  });

  test('an exceeded credit lets no priced order through', () => {
    expect(exceedsCredit(creditStanding(100, 'TRY', [{ currency: 'TRY', amount: 200 }]), { currency: 'TRY', amount: 0.01 })).toBe(true);
  });
});

test("an order's amount is in its rows' one currency; unpriced rows count nothing; mixed rows have none", () => {
  expect(orderAmount([{ price: 0.1, currency: 'TRY', quantity: 3 }, { price: null, currency: 'TRY', quantity: 2 }])).toEqual({ currency: 'TRY', amount: 0.3 });
  expect(orderAmount([{ price: 1, currency: 'TRY', quantity: 1 }, { price: 1, currency: 'USD', quantity: 1 }])).toBeNull();
  expect(orderAmount([])).toBeNull();
});
