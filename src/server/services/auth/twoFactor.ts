import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { isProviderStaff } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies, loginChallenges, recoveryCodes, sessions, users } from '../../db/schema';
import { sha256 } from './tokens';

/**
 * Two-factor login: TOTP codes of RFC 6238 as every authenticator app makes them
 * (SHA-1, 6 digits, 30 seconds), the secret encrypted at rest, single-use recovery codes, and the
 * short-lived challenge that carries a login from the password to the code.
 */

export const TOTP_ISSUER = 'Mijn Portaal';
const PERIOD_SECONDS = 30;
/** One step either side: the phone's clock may be a little off, and typing takes time. */
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (base32: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(base32) });

/** A new random secret of 160 bits (RFC 4226's recommended length), base32 as the apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const otpauthUri = (base32: string, email: string): string => totpOf(base32, email).toString();

/** The QR code of the address, as an SVG data URL for an <img> (the CSP allows data: images). */
export const qrCodeDataUrl = async (uri: string): Promise<string> => {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
};

/** The code of a moment, as an app shows it (tests, and the test app's login for demo staff). */
export const totpCode = (base32: string, timestamp = Date.now()): string => totpOf(base32).generate({ timestamp });

// AES-256-GCM with a fresh 96-bit nonce per secret; 'v1' names the format should it ever change.
const FORMAT = 'v1';

export const encryptSecret = (key: Buffer, base32: string): string => {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
};

/** The secret, or null when it was not encrypted with this key (a changed TWO_FACTOR_KEY) or is damaged. */
export const decryptSecret = (key: Buffer, stored: string): string | null => {
  const [format, payload] = stored.split('.');
  if (format !== FORMAT || !payload) return null;
  const bytes = Buffer.from(payload, 'base64url');
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
};

/**
 * Whether `code` is the user's current TOTP code, and not one already used: the step of an
 * accepted code is stored, and a code of that step or an earlier one is refused (RFC 6238
 * section 5.2). The update is conditional, so two requests racing with one code cannot both win.
 */
export const acceptTotpCode = async (
  db: Db,
  key: Buffer,
  user: { id: number; totpSecret: string | null },
  code: string,
  now = Date.now(),
): Promise<boolean> => {
  const base32 = user.totpSecret ? decryptSecret(key, user.totpSecret) : null;
  if (!base32 || !/^\d{6}$/.test(code)) return false;
  const delta = totpOf(base32).validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return accepted.length === 1;
};

// Crockford's base32 letters: no I, L, O or U to misread when a code is typed from paper.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** 'abcde-fghjk': 10 random characters of 32 (50 bits), in two halves to read and type. */
const newRecoveryCode = (): string => {
  const chars = Array.from(crypto.randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** A typed recovery code as it is hashed: lower case, without spaces and hyphens. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten new recovery codes; the user's earlier ones stop working. Answers the codes, shown once. */
export const replaceRecoveryCodes = async (db: Db, userId: number): Promise<string[]> => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
};

/**
 * Uses up one recovery code of the user: true once, for an unused code. The codes are random,
 * so a lookup by their hash reveals nothing through its timing that a guess could use.
 */
export const useRecoveryCode = async (db: Db, userId: number, code: string): Promise<boolean> => {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(normalised)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
};

/** Two-factor login off: the secret and the recovery codes gone (the user's own choice, or staff's reset). */
export const turnOffTwoFactor = async (db: Db, userId: number): Promise<void> => {
  await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
};

export const recoveryCodesLeft = async (db: Db, userId: number): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
};

/** A code from the app (6 digits) or a recovery code: one field on the login screen. */
export const acceptLoginCode = async (db: Db, key: Buffer, user: { id: number; totpSecret: string | null }, code: string): Promise<boolean> => {
  const typed = code.replace(/\s/g, '');
  return /^\d{6}$/.test(typed) ? acceptTotpCode(db, key, user, typed) : useRecoveryCode(db, user.id, typed);
};

/** Provider staff must have two-factor login, and so must the users of a company that requires it. */
export const twoFactorRequired = async (db: Db, user: { roleId: number; companyId: number }): Promise<boolean> => {
  if (isProviderStaff(user.roleId)) return true;
  const [company] = await db
    .select({ requireTwoFactor: companies.requireTwoFactor })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  return company?.requireTwoFactor ?? false;
};

/**
 * A company that starts to require two-factor login: its users without it are logged
 * out everywhere, so the requirement holds at once, not from their next login; they log in again
 * into a session that can only set it up. Nothing happens when it was required already.
 */
export const startRequiringTwoFactor = async (db: Db, company: { id: number; requireTwoFactor: boolean }, require: boolean): Promise<void> => {
  if (!require || company.requireTwoFactor) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(sessions.userId, db.select({ id: users.id }).from(users).where(and(eq(users.companyId, company.id), isNull(users.totpEnabledAt)))),
      ),
    );
};

/** A password accepted less than this long ago may still be followed by its code. */
export const CHALLENGE_SECONDS = 5 * 60;
/** Codes one challenge takes: after as many wrong ones the user logs in with the password again. */
export const CHALLENGE_CODE_TRIES = 5;
const CHALLENGE_PURPOSE = 'two-factor-login';

/**
 * The challenge's MAC key, derived from the token secret under a label of its own: a challenge
 * is no access token, and no access token can pass for a challenge.
 */
const challengeKey = (secret: Buffer) => Buffer.from(crypto.hkdfSync('sha256', secret, '', CHALLENGE_PURPOSE, 32));

const macOf = (secret: Buffer, payload: string) => crypto.createHmac('sha256', challengeKey(secret)).update(payload).digest('base64url');

/** Which challenge of which user: what a valid signature vouches for. */
export interface ChallengeClaims {
  userId: number;
  challengeId: string;
}

/** A signed, short-lived proof that a password was right: it names the user, its row, its purpose and its end. */
export const signChallenge = (secret: Buffer, { userId, challengeId }: ChallengeClaims, now = Date.now()): string => {
  const claims = { sub: userId, cid: challengeId, purpose: CHALLENGE_PURPOSE, exp: Math.floor(now / 1000) + CHALLENGE_SECONDS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${macOf(secret, payload)}`;
};

/** The user and challenge it names, or null when it is forged, of another purpose or expired. */
export const readChallenge = (secret: Buffer, challenge: string, now = Date.now()): ChallengeClaims | null => {
  const [payload, mac, ...rest] = challenge.split('.');
  if (!payload || !mac || rest.length > 0) return null;
  const expected = Buffer.from(macOf(secret, payload));
  const presented = Buffer.from(mac);
  if (expected.length !== presented.length || !crypto.timingSafeEqual(expected, presented)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown; cid?: unknown; purpose?: unknown; exp?: unknown };
  if (claims.purpose !== CHALLENGE_PURPOSE || typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return null;
  if (!Number.isInteger(claims.sub) || typeof claims.cid !== 'string') return null;
  return { userId: claims.sub as number, challengeId: claims.cid };
};

/**
 * A right password of a user with two-factor login: a new challenge, its row in the database (so
 * every instance knows whether it was used), signed. Rows of expired challenges go at the same time.
 */
export const startChallenge = async (db: Db, secret: Buffer, userId: number, now = Date.now()): Promise<string> => {
  const challengeId = crypto.randomBytes(16).toString('base64url');
  await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date(now)));
  await db.insert(loginChallenges).values({ id: challengeId, userId, expiresAt: new Date(now + CHALLENGE_SECONDS * 1000) });
  return signChallenge(secret, { userId, challengeId }, now);
};

/**
 * Counts one code against the challenge: false when it is used, voided, expired or has had its
 * CHALLENGE_CODE_TRIES. One conditional update, so parallel guesses cannot get past the count.
 */
export const tryChallengeCode = async (db: Db, { userId, challengeId }: ChallengeClaims): Promise<boolean> => {
  const tried = await db
    .update(loginChallenges)
    .set({ codesTried: sql`${loginChallenges.codesTried} + 1` })
    .where(
      and(
        eq(loginChallenges.id, challengeId),
        eq(loginChallenges.userId, userId),
        isNull(loginChallenges.usedAt),
        lt(loginChallenges.codesTried, CHALLENGE_CODE_TRIES),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ id: loginChallenges.id });
  return tried.length === 1;
};

/** The challenge has led to a login: true once, so two right codes racing on it start one session. */
export const useChallenge = async (db: Db, { challengeId }: ChallengeClaims): Promise<boolean> => {
  const used = await db
    .update(loginChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return used.length === 1;
};

/** The user's open challenges die: a password change or reset, and logging out everywhere. */
export const voidChallenges = async (db: Db, userId: number): Promise<void> => {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
};
