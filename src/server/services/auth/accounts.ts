import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { authTokens, users } from '../../db/schema';
import { randomSecret, sha256 } from './tokens';

/** Decisions section 9: reset links are valid 24 hours, activation links 7 days. */
export const TOKEN_LIFETIME_SECONDS = { reset: 24 * 60 * 60, activation: 7 * 24 * 60 * 60 } as const;

export const findUserByEmail = async (db: Db, email: string) => {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
};

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
