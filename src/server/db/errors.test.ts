import { isDatabaseTimeout } from './errors';

test('a statement the database gave up on may be tried again: a timeout, a broken deadlock, a serialization failure, a busy file', () => {
  for (const code of ['57014', '40P01', '40001', 'SQLITE_BUSY']) expect(isDatabaseTimeout({ code })).toBe(true);
  for (const code of ['23505', '23503', 'SQLITE_CONSTRAINT', undefined]) expect(isDatabaseTimeout({ code })).toBe(false);
  expect(isDatabaseTimeout(null)).toBe(false);
});
