/** Business constants of SPEC section 9 shared by client and server. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const REFRESH_THROTTLE_MS = 2_000;
/**
 * A refresh token used again within this long of its first use is the same tab that lost the
 * answer (a reload or a navigation while its refresh was under way): it gets new tokens. Later,
 * a replay is taken for theft and ends the session.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
export const SESSION_IDLE_LIMIT_MS = 30 * 60_000;
export const SESSION_SWEEP_INTERVAL_MS = 5 * 60_000;
/** Access tokens are short-lived; the server-side session decides how long a login lasts. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** Letters of the Turkish and English alphabets, digits and underscore (the key of `usernameKey` folds exactly these letters). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_çğıöşüÇĞİÖŞÜ]+$/;
export const PASSWORD_MIN = 6;
/** scrypt and bcrypt-style hashes stay sane with a bounded input. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

/**
 * After a line changed on screen, its buttons wait this long before they take another action: the
 * server answers in tens of milliseconds, so without it the second tap of a double tap would
 * already see (and send) the next step.
 */
export const LINE_SETTLE_MS = 800;
