import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/*
 * Shop credentials at rest: AES-256-GCM under a key derived from SECRETS_KEY. Stored as
 * "v1.<iv>.<tag>.<ciphertext>" in base64url, so the key can be rotated with a new version later.
 */

export function secretsCipher(secretsKey: string) {
  const key = createHash('sha256').update(`shop-secrets:${secretsKey}`).digest();
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(stored: string): string {
      const [version, iv, tag, data] = stored.split('.');
      if (version !== 'v1') throw new Error(`unknown secret version ${version}`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretsCipher = ReturnType<typeof secretsCipher>;
