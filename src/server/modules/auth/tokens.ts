import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_S } from '../../../shared/limits';

/** What an access token proves: which user, in which server-side session. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ALGORITHM = 'HS256';

/** The signing key, imported once: handing raw bytes to every verification imports them every time. */
export function tokenKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export function signAccessToken(key: CryptoKey, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.userId))
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
    .sign(key);
}

/*
 * Checking a signature costs more than the rest of a small request, and a client sends the same
 * token for up to 15 minutes: remember the claims of checked tokens until they expire. The
 * session behind a token is still looked up on every request, so a logout takes effect at once.
 */
const checked = new WeakMap<CryptoKey, Map<string, { claims: AccessClaims; expiresAt: number }>>();
const MAX_REMEMBERED = 10_000;

/** The claims of a valid, unexpired token, or null for anything else. */
export async function verifyAccessToken(key: CryptoKey, token: string): Promise<AccessClaims | null> {
  let remembered = checked.get(key);
  if (!remembered) checked.set(key, (remembered = new Map()));
  const hit = remembered.get(token);
  if (hit && hit.expiresAt > Date.now()) return hit.claims;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string' || payload.exp === undefined) return null;
    const claims = { userId, sessionId: payload.sid };
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(token, { claims, expiresAt: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}

/** An opaque single-use secret (refresh token, password-reset token). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of opaque tokens are stored, so a database leak does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
