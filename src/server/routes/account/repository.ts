import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import type { Db } from '../../db';
import { authTokens, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { verifyPassword } from '../../services/auth/password';
import { randomSecret, sha256 } from '../../services/auth/tokens';
import type { AuditActor } from '../../services/audit';
import type { Actor } from '../../services/auth/actor';
import { toEpoch } from '../../serialize';

/** An e-mail change link is valid as long as a reset link (docs/rules.md, 'Reset and activation links'). */
export const EMAIL_CHANGE_LIFETIME_SECONDS = 24 * 60 * 60;

/** The link in the notice to the old address cancels the change for a week (docs/security.md). */
export const EMAIL_CANCEL_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** The public screen that cancels an e-mail change from the notice to the old address (client: features/account). */
export const emailCancelLink = (publicUrl: string, token: string): string => `${publicUrl}/e-mail-annuleren?token=${encodeURIComponent(token)}`;

/** The screen that takes the new address when the link in the mail is opened (client: features/account). */
export const emailConfirmationLink = (publicUrl: string, token: string): string =>
  `${publicUrl}/e-mail-bevestigen?token=${encodeURIComponent(token)}`;

type UserRow = typeof users.$inferSelect;

export const findAccount = async (db: Db, userId: number): Promise<UserRow | null> => {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
};

/** The user's e-mail change waiting for its link to be opened, or null. */
export const pendingEmailChange = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ newEmail: authTokens.newEmail, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, 'email'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt } : null;
};

/** Marks the user's unused links of these kinds used: they no longer work. */
export const voidLinks = async (db: Db, userId: number, kinds: (typeof authTokens.$inferSelect)['kind'][]): Promise<void> => {
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), inArray(authTokens.kind, kinds), isNull(authTokens.usedAt)));
};

/**
 * A single-use link that moves the account to `newEmail` (only its hash is stored), and one for
 * the old address that cancels the change. One change waits at a time: the links of earlier
 * requests stop working, so an old mail cannot undo a newer choice; their cancel links stay.
 */
export const createEmailChangeTokens = async (
  db: Db,
  user: { id: number; email: string },
  newEmail: string,
): Promise<{ confirm: string; cancel: string }> => {
  const confirm = randomSecret(32);
  const cancel = randomSecret(32);
  const now = Date.now();
  await db.transaction(async (tx) => {
    await voidLinks(tx, user.id, ['email']);
    const [change] = await tx
      .insert(authTokens)
      .values({
        userId: user.id,
        kind: 'email',
        tokenHash: sha256(confirm),
        newEmail,
        expiresAt: new Date(now + EMAIL_CHANGE_LIFETIME_SECONDS * 1000),
      })
      .returning({ id: authTokens.id });
    await tx.insert(authTokens).values({
      userId: user.id,
      kind: 'email-cancel',
      tokenHash: sha256(cancel),
      newEmail,
      previousEmail: user.email,
      changeTokenId: change.id,
      expiresAt: new Date(now + EMAIL_CANCEL_LIFETIME_SECONDS * 1000),
    });
  });
  return { confirm, cancel };
};

export const accountDto = (user: UserRow, pending: Awaited<ReturnType<typeof pendingEmailChange>>) => ({
  id: user.id,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  phonenumber: user.phonenumber,
  two_factor_enabled: user.totpEnabledAt !== null,
  pending_email: pending ? { email: pending.newEmail, expires_at: toEpoch(pending.expiresAt) } : null,
});

/**
 * Changes to the user's own account belong to the user's own company, also while they manage
 * another: the customer's change log is about the customer's data, not about the manager's account.
 */
export const ownAccountActor = (actor: Actor): AuditActor => ({ userId: actor.userId, companyId: actor.ownCompanyId, impersonatingFrom: null });

/** The current password, checked as a login checks it; a wrong one is a 400 on `field`, never a 401 (which would end the session). */
export const assertCurrentPassword = async (user: UserRow, password: string, field: string, client: string): Promise<void> => {
  if (await verifyPassword(password, user.passwordHash, client)) return;
  throw new HttpError(400, MSG.passwordWrong, [{ field, message: MSG.passwordWrong }]);
};
