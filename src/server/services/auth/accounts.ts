import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { passwordWeakness } from '../../../domain/passwordStrength';
import { ROLE } from '../../../domain/permissions';
import { authTokens, companies, users } from '../../db/schema';
import { randomSecret, sha256 } from './tokens';

/** docs/rules.md, 'Reset and activation links': reset links are valid 24 hours, activation links 7 days. */
export const TOKEN_LIFETIME_SECONDS = { reset: 24 * 60 * 60, activation: 7 * 24 * 60 * 60 } as const;

/**
 * White space at either end of a typed or pasted address, Unicode's too: U+00A0, U+2000–U+200A,
 * U+3000, U+FEFF (all in `\s`) and the zero-width characters U+200B–U+200D and U+2060 (not in it).
 */
const EDGE_SPACE = /^[\s\u200B-\u200D\u2060]+|[\s\u200B-\u200D\u2060]+$/gu;

/**
 * An e-mail address as the account lookup compares it (with the stored address in lower case):
 * compatibility-normalized (NFKC: full-width letters and odd spaces become their plain forms),
 * trimmed, lower case. The login's rate limit keys on this very value, so every spelling that
 * finds an account counts against that account's limit.
 */
export const normaliseEmail = (email: string): string => email.normalize('NFKC').replace(EDGE_SPACE, '').toLowerCase();

/** The account with this address (normaliseEmail), with its company's end, or null. */
export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select({ user: users, companyEndTime: companies.endTime })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  return row ? { ...row.user, companyEndTime: row.companyEndTime } : null;
};

/** The account with this id, with its company's end (as findUserByEmail), or null. */
export const findUserById = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ user: users, companyEndTime: companies.endTime })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row.user, companyEndTime: row.companyEndTime } : null;
};

/**
 * Whether the account may log in and keep its sessions: not disabled, not role 4 (unauthorized,
 * docs/permissions.md, 'Roles'), and its company has not ended. Every refusal looks like a wrong password.
 */
export const mayLogIn = (account: { disabled: boolean; roleId: number; companyEndTime: Date | null }, now = Date.now()): boolean =>
  !account.disabled && account.roleId !== ROLE.unauthorized && (account.companyEndTime === null || account.companyEndTime.getTime() > now);

/** A random single-use token; only its hash is stored. Returns the token for the e-mailed link. */
export const createAuthToken = async (db: Db, userId: number, kind: 'reset' | 'activation'): Promise<string> => {
  const token = randomSecret(32);
  await db.insert(authTokens).values({
    userId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_SECONDS[kind] * 1000),
  });
  return token;
};

/**
 * Why a new password of the user may not be used (domain/passwordStrength.ts), with their
 * company's name among the words that count for nothing; null when it may. Every route that sets
 * a password checks it so.
 */
export const newPasswordWeakness = async (
  db: Db,
  password: string,
  user: { firstname: string; lastname: string; email: string; companyId: number },
): Promise<string | null> => {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, user.companyId)).limit(1);
  return passwordWeakness(password, { ...user, company: company?.name });
};
