import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db';
import { sessions, users } from '../../db/schema';
import { randomSecret, sha256 } from './tokens';

/** Decisions section 9: a session ends after 12 hours, or after 1 hour without a refresh. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_SECONDS = 60 * 60;

export interface SessionUser {
  sessionId: string;
  userId: number;
  companyId: number;
  roleId: number;
}

export const createSession = async (db: Db, userId: number) => {
  const id = crypto.randomUUID();
  const secret = randomSecret();
  await db.insert(sessions).values({
    id,
    userId,
    refreshHash: sha256(secret),
    expiresAt: new Date(Date.now() + SESSION_MAX_SECONDS * 1000),
  });
  return { id, cookie: `${id}.${secret}` };
};

const isLive = (s: { revokedAt: Date | null; expiresAt: Date; lastRefreshAt: Date }, now: number) =>
  !s.revokedAt && s.expiresAt.getTime() > now && s.lastRefreshAt.getTime() + SESSION_IDLE_SECONDS * 1000 > now;

const loadSession = async (db: Db, sessionId: string) => {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      refreshHash: sessions.refreshHash,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastRefreshAt: sessions.lastRefreshAt,
      userId: users.id,
      companyId: users.companyId,
      roleId: users.roleId,
      disabled: users.disabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
};

/** The session's user when the session is live and the account may still log in; else null. */
export const findLiveSession = async (db: Db, sessionId: string): Promise<SessionUser | null> => {
  const row = await loadSession(db, sessionId);
  if (!row || row.disabled || row.roleId === 4 || !isLive(row, Date.now())) return null;
  return { sessionId: row.sessionId, userId: row.userId, companyId: row.companyId, roleId: row.roleId };
};

/** Checks the refresh cookie and marks the session refreshed. */
export const refreshSession = async (db: Db, cookie: string | undefined): Promise<SessionUser | null> => {
  const [sessionId, secret] = (cookie ?? '').split('.');
  if (!sessionId || !secret) return null;
  const row = await loadSession(db, sessionId);
  if (!row || row.disabled || row.roleId === 4 || !isLive(row, Date.now())) return null;
  const expected = Buffer.from(row.refreshHash, 'hex');
  const actual = Buffer.from(sha256(secret), 'hex');
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) return null;
  await db.update(sessions).set({ lastRefreshAt: new Date() }).where(eq(sessions.id, sessionId));
  return { sessionId: row.sessionId, userId: row.userId, companyId: row.companyId, roleId: row.roleId };
};

export const revokeSession = async (db: Db, sessionId: string): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

/** Logout everywhere: used after a password reset, a role change or disabling a user. */
export const revokeUserSessions = async (db: Db, userId: number): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
};
