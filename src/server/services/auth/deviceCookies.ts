import crypto from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * logged in to an account gets a signed cookie naming the user and a random nonce. A login to
 * that account carrying it counts against the cookie's own allowance, not the account's, so a
 * flood of guesses from elsewhere cannot lock the owner out (docs/security.md, "Logins and passwords").
 */

export const DEVICE_COOKIE = 'portal_device';
/** Half a year: the owner of an account logs in more often than that. */
export const DEVICE_COOKIE_SECONDS = 183 * 24 * 60 * 60;
const PURPOSE = 'device-cookie';

/** A MAC key of its own, derived from the token secret: no other signed value passes for a device cookie. */
const macOf = (secret: Buffer, payload: string) =>
  crypto
    .createHmac('sha256', Buffer.from(crypto.hkdfSync('sha256', secret, '', PURPOSE, 32)))
    .update(payload)
    .digest('base64url');

export interface DeviceCookie {
  userId: number;
  nonce: string;
}

/** `{user}.{nonce}.{mac}`: a new nonce per login, so each browser has a count of its own. */
export const signDeviceCookie = (secret: Buffer, userId: number): string => {
  const payload = `${userId}.${crypto.randomBytes(16).toString('base64url')}`;
  return `${payload}.${macOf(secret, payload)}`;
};

/** The user and nonce of a cookie this server signed, else null. */
export const readDeviceCookie = (secret: Buffer, value: string | undefined): DeviceCookie | null => {
  const [userId, nonce, mac, ...rest] = (value ?? '').split('.');
  if (!userId || !nonce || !mac || rest.length > 0 || !/^\d{1,10}$/.test(userId)) return null;
  const expected = Buffer.from(macOf(secret, `${userId}.${nonce}`));
  const presented = Buffer.from(mac);
  if (expected.length !== presented.length || !crypto.timingSafeEqual(expected, presented)) return null;
  return { userId: Number(userId), nonce };
};
