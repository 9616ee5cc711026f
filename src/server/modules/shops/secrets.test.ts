import { secretsCipher } from './secrets';

test('encrypts with a fresh nonce each time and decrypts only with the same key', () => {
  const cipher = secretsCipher('key-one');
  const a = cipher.encrypt('shpat_123');
  const b = cipher.encrypt('shpat_123');
  expect(a).not.toBe(b);
  expect(cipher.decrypt(a)).toBe('shpat_123');
  expect(() => secretsCipher('key-two').decrypt(a)).toThrow();
  const [version, iv, tag, data] = a.split('.');
  const tampered = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
  expect(() => cipher.decrypt([version, iv, tag, tampered].join('.'))).toThrow();
});
