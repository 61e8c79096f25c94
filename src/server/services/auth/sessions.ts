import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
// docs/rules.md, 'Tokens and sessions': the limits live in domain/, as the portal's idle warning counts with them.
import { SESSION_IDLE_SECONDS, SESSION_MAX_SECONDS } from '../../../domain/messages';
import { type PermissionMap, userPermissionMap } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies, rolePermissions, sessions, users } from '../../db/schema';
import { mayLogIn } from './accounts';
import { randomSecret, sha256 } from './tokens';
import { voidChallenges } from './twoFactor';


export interface SessionUser {
  sessionId: string;
  userId: number;
  companyId: number;
  roleId: number;
  /**
   * The role's permissions, read with the session on every request: a change of role_permissions
   * holds at once on every instance, with no cache to invalidate and no extra round trip.
   */
  permissions: PermissionMap;
  /** 'two-factor-setup': the session may only set up two-factor login (the auth hook holds it to that). */
  scope: SessionScope;
}

export interface NewSession {
  /** The browser's User-Agent header, for the user's list of sessions (cut to 300 characters). */
  userAgent?: string | null;
  /** 'two-factor-setup': the session can only set up two-factor login. */
  scope?: SessionScope;
}

export type SessionScope = (typeof sessions.$inferSelect)['scope'];

export const createSession = async (db: Db, userId: number, { userAgent = null, scope = 'full' }: NewSession = {}) => {
  const id = crypto.randomUUID();
  const secret = randomSecret();
  await db.insert(sessions).values({
    id,
    userId,
    refreshHash: sha256(secret),
    expiresAt: new Date(Date.now() + SESSION_MAX_SECONDS * 1000),
    userAgent: userAgent?.slice(0, 300) ?? null,
    scope,
  });
  return { id, cookie: `${id}.${secret}` };
};

/**
 * The refresh secret rotates on every refresh, and a secret that was replaced ends the session
 * when it comes back (refresh token rotation with reuse detection, OAuth 2.0 Security BCP,
 * RFC 9700 section 4.14.2): a stolen cookie is then good for one refresh at most, and whichever of
 * thief and user refreshes second ends the session for both. The cookie names its session, so any
 * other secret than the current one is a replaced copy (the secrets are 256 random bits, never
 * guessed): the session is revoked and the refresh answers 401. (Knowing a session's id, as the
 * holder of its access token does, thus allows no more than that token's logout already does.)
 *
 * Two tabs of one browser share the cookie, and a reload in each can send both refreshes with the
 * same secret; the one that loses the race presents the secret the other has just replaced. So the
 * secret before the last rotation is still taken for ROTATION_GRACE_SECONDS after it: it answers
 * a token of the same session and no new cookie, as the browser already holds the new secret the
 * winning refresh set. Past that window it is a replaced secret like any other.
 */
export const ROTATION_GRACE_SECONDS = 10;

/** The session itself: not revoked, not past its 12 hours, refreshed within the last hour. */
const sessionIsLive = (s: { revokedAt: Date | null; expiresAt: Date; lastRefreshAt: Date }, now: number) =>
  !s.revokedAt && s.expiresAt.getTime() > now && s.lastRefreshAt.getTime() + SESSION_IDLE_SECONDS * 1000 > now;

const isLive = (
  s: { revokedAt: Date | null; expiresAt: Date; lastRefreshAt: Date; disabled: boolean; roleId: number; companyEndTime: Date | null },
  now: number,
) => mayLogIn(s, now) && sessionIsLive(s, now);

const loadSession = async (db: Db, sessionId: string) => {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      refreshHash: sessions.refreshHash,
      previousRefreshHash: sessions.previousRefreshHash,
      rotatedAt: sessions.rotatedAt,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      lastRefreshAt: sessions.lastRefreshAt,
      scope: sessions.scope,
      userId: users.id,
      companyId: users.companyId,
      roleId: users.roleId,
      disabled: users.disabled,
      approvesRequests: users.approvesRequests,
      companyEndTime: companies.endTime,
      permissionNames: sql<string[]>`array(select ${rolePermissions.permissionName} from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
};

type SessionRow = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

const sessionUser = (row: SessionRow): SessionUser => ({
  sessionId: row.sessionId,
  userId: row.userId,
  companyId: row.companyId,
  roleId: row.roleId,
  permissions: userPermissionMap(row.permissionNames, row),
  scope: row.scope,
});

/** The session's user when the session is live and the account may still log in; else null. */
export const findLiveSession = async (db: Db, sessionId: string): Promise<SessionUser | null> => {
  const row = await loadSession(db, sessionId);
  if (!row || !isLive(row, Date.now())) return null;
  return sessionUser(row);
};

const sameHash = (stored: string | null, presented: string) => {
  if (!stored) return false;
  const expected = Buffer.from(stored, 'hex');
  const actual = Buffer.from(presented, 'hex');
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
};

const parseCookie = (cookie: string | undefined) => {
  const [sessionId, secret, ...rest] = (cookie ?? '').split('.');
  return sessionId && secret && rest.length === 0 ? { sessionId, secretHash: sha256(secret) } : null;
};

export type RefreshOutcome =
  /** A new secret: the cookie to set. */
  | { kind: 'rotated'; session: SessionUser; cookie: string }
  /** The secret the last rotation replaced, within the grace window: the browser has the new one. */
  | { kind: 'grace'; session: SessionUser }
  /** No live session, or a replaced secret (the session is revoked now). */
  | { kind: 'refused' };

/** Checks the refresh cookie, rotates its secret and marks the session refreshed. */
export const refreshSession = async (db: Db, cookie: string | undefined): Promise<RefreshOutcome> => {
  const presented = parseCookie(cookie);
  if (!presented) return { kind: 'refused' };
  // Twice at most: a refresh that loses the race to rotate the same secret looks again (grace).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await loadSession(db, presented.sessionId);
    const now = Date.now();
    if (!row || !isLive(row, now)) return { kind: 'refused' };
    if (sameHash(row.refreshHash, presented.secretHash)) {
      const secret = randomSecret();
      const rotated = await db
        .update(sessions)
        .set({ refreshHash: sha256(secret), previousRefreshHash: row.refreshHash, rotatedAt: new Date(now), lastRefreshAt: new Date(now) })
        .where(and(eq(sessions.id, row.sessionId), eq(sessions.refreshHash, row.refreshHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      if (rotated.length === 1) return { kind: 'rotated', session: sessionUser(row), cookie: `${row.sessionId}.${secret}` };
      continue;
    }
    const inGrace = row.rotatedAt !== null && row.rotatedAt.getTime() + ROTATION_GRACE_SECONDS * 1000 > now;
    if (inGrace && sameHash(row.previousRefreshHash, presented.secretHash)) {
      await db.update(sessions).set({ lastRefreshAt: new Date(now) }).where(eq(sessions.id, row.sessionId));
      return { kind: 'grace', session: sessionUser(row) };
    }
    await revokeSession(db, row.sessionId);
    return { kind: 'refused' };
  }
  return { kind: 'refused' };
};

/** The live session whose current (or just replaced) secret the cookie holds, without refreshing it (logout). */
export const sessionOfCookie = async (db: Db, cookie: string | undefined): Promise<string | null> => {
  const presented = parseCookie(cookie);
  if (!presented) return null;
  const row = await loadSession(db, presented.sessionId);
  if (!row || !isLive(row, Date.now())) return null;
  const known = sameHash(row.refreshHash, presented.secretHash) || sameHash(row.previousRefreshHash, presented.secretHash);
  return known ? row.sessionId : null;
};

export const revokeSession = async (db: Db, sessionId: string): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

/** Two-factor login is on now: the setup-only session becomes a full one. */
export const widenSessionScope = async (db: Db, sessionId: string): Promise<void> => {
  await db.update(sessions).set({ scope: 'full' }).where(eq(sessions.id, sessionId));
};

/**
 * Logout everywhere: used after a password reset, a role change or disabling a user; `except`
 * keeps the session of a user who changed their own password ('Mijn account'). A two-factor
 * login halfway (its challenge) ends too: it was started with the password of before.
 */
export const revokeUserSessions = async (db: Db, userId: number, { except }: { except?: string } = {}): Promise<void> => {
  await voidChallenges(db, userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except === undefined ? undefined : ne(sessions.id, except)));
};

/** Ends one session of the user; false when the user has no such session, or it had ended already. */
export const revokeUserSession = async (db: Db, userId: number, sessionId: string): Promise<boolean> => {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
};

/** The user's live sessions, the most recently used first: the list in 'Mijn account'. */
export const liveSessionsOf = async (db: Db, userId: number) => {
  const now = Date.now();
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastRefreshAt: sessions.lastRefreshAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date(now))))
    .orderBy(desc(sessions.lastRefreshAt), desc(sessions.createdAt));
  return rows.filter((row) => sessionIsLive(row, now));
};
