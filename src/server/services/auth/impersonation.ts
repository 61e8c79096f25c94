import { and, eq, exists, gt, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isProviderStaff } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies, impersonations, users } from '../../db/schema';

/** docs/permissions.md, 'Managing a company': acting for another company ends by itself an hour after it started. */
export const IMPERSONATION_SECONDS = 60 * 60;

export type Impersonation = typeof impersonations.$inferSelect;

interface Impersonator {
  roleId: number;
  companyId: number;
  canEditParentCompany: boolean;
}

/** The impersonation a token names, as the session it came with knows it. */
export interface ImpersonationClaim {
  impersonationId: number;
  userId: number;
  sessionId: string;
  companyId: number;
}

const ownCompany = alias(companies, 'own_company');

/**
 * docs/permissions.md, 'Managing a company': provider staff may act for any company; a customer user with
 * EDIT_PARENT_COMPANY may act for the branches of its own parent company. One query: the target
 * with the user's own company, narrowed by `alsoRequired` (a live impersonation) when given.
 */
const mayActFor = async (db: Db, user: Impersonator, targetCompanyId: number, alsoRequired?: SQL): Promise<boolean> => {
  if (targetCompanyId === user.companyId) return false;
  const [target] = await db
    .select({ parentCompanyId: companies.parentCompanyId, ownParentCompanyId: ownCompany.parentCompanyId })
    .from(companies)
    .leftJoin(ownCompany, eq(ownCompany.id, user.companyId))
    .where(and(eq(companies.id, targetCompanyId), alsoRequired))
    .limit(1);
  if (!target) return false;
  if (isProviderStaff(user.roleId)) return true;
  return user.canEditParentCompany && target.parentCompanyId !== null && target.parentCompanyId === target.ownParentCompanyId;
};

export const mayImpersonate = (db: Db, user: Impersonator, targetCompanyId: number): Promise<boolean> => mayActFor(db, user, targetCompanyId);

const isLive = (now: Date) => and(isNull(impersonations.endedAt), gt(impersonations.expiresAt, now));

/**
 * Whether a token's impersonation still holds (every request): the right to act for the company,
 * its row live (not stopped, within its hour) for the same session, user and company, and the
 * user's two-factor login when the company requires it.
 */
export const mayGoOnImpersonating = (db: Db, user: Impersonator, claim: ImpersonationClaim, now = new Date()): Promise<boolean> =>
  mayActFor(
    db,
    user,
    claim.companyId,
    and(
      twoFactorHoldsFor(db, claim.userId),
      exists(
      db
        .select({ id: impersonations.id })
        .from(impersonations)
        .where(
          and(
            eq(impersonations.id, claim.impersonationId),
            eq(impersonations.userId, claim.userId),
            eq(impersonations.sessionId, claim.sessionId),
            eq(impersonations.companyId, claim.companyId),
            isLive(now),
          ),
        ),
      ),
    ),
  );

/**
 * Acting for a company that requires two-factor login requires it of the acting user too
 * (docs/rules.md, "Acting for a company that requires two-factor login"). True of the target company (in a query of `companies`) when it does not
 * require it or the user has it on.
 */
const twoFactorHoldsFor = (db: Db, userId: number): SQL =>
  or(
    not(companies.requireTwoFactor),
    exists(db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)))),
  )!;

/** Whether the company requires two-factor login and the user has it off: acting for it is refused (403). */
export const lacksTwoFactorFor = async (db: Db, userId: number, companyId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), not(twoFactorHoldsFor(db, userId))))
    .limit(1);
  return row !== undefined;
};

/** The session's live impersonation of the company, or null: a reload acts for it again without a new reason. */
export const findLiveImpersonation = async (
  db: Db,
  { userId, sessionId, companyId }: Omit<ImpersonationClaim, 'impersonationId'>,
  now = new Date(),
): Promise<Impersonation | null> => {
  const [row] = await db
    .select()
    .from(impersonations)
    .where(and(eq(impersonations.userId, userId), eq(impersonations.sessionId, sessionId), eq(impersonations.companyId, companyId), isLive(now)))
    .limit(1);
  return row ?? null;
};

/** Ends the session's live impersonations (the user stops, or starts another one) and answers them. */
export const endImpersonations = (db: Db, sessionId: string, now = new Date()): Promise<Impersonation[]> =>
  db
    .update(impersonations)
    .set({ endedAt: now })
    .where(and(eq(impersonations.sessionId, sessionId), isLive(now)))
    .returning();

export const startImpersonation = async (
  db: Db,
  values: Omit<ImpersonationClaim, 'impersonationId'> & { reason: string },
  now = new Date(),
): Promise<Impersonation> => {
  const [row] = await db
    .insert(impersonations)
    .values({ ...values, startedAt: now, expiresAt: new Date(now.getTime() + IMPERSONATION_SECONDS * 1000) })
    .returning();
  return row;
};

/** How many whole minutes it lasted (or has lasted so far), for the log. */
export const minutesLasted = (impersonation: Pick<Impersonation, 'startedAt'>, end: Date): number =>
  Math.max(0, Math.round((end.getTime() - impersonation.startedAt.getTime()) / 60_000));

/** When it ended: stopped, past its hour, or null while it is live. */
export const endOf = (impersonation: Pick<Impersonation, 'endedAt' | 'expiresAt'>, now = new Date()): Date | null =>
  impersonation.endedAt ?? (impersonation.expiresAt.getTime() <= now.getTime() ? impersonation.expiresAt : null);
