import { and, eq } from 'drizzle-orm';
import { REQUEST_MSG } from '../../../domain/requests';
import type { Db } from '../../db';
import { requests, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import type { RequestRow } from './effects';

/**
 * Whose requests a caller reaches (docs/requests.md, 'Who may do what'): the customer's routes
 * those of the acting company, the provider's queue those of every company.
 */
export type RequestScope = { companyId: number } | 'all';

/** The request, or 404 'Aanvraag niet gevonden.' for one outside the scope (another company's is as if it did not exist). */
export const loadRequest = async (db: Db, id: number, scope: RequestScope): Promise<RequestRow> => {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), scope === 'all' ? undefined : eq(requests.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw new HttpError(404, REQUEST_MSG.notFound);
  return row;
};

/** A user's name as the timeline keeps it (first and last name). */
export const userNameOf = async (db: Db, userId: number): Promise<string> => {
  const [user] = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? `${user.firstname} ${user.lastname}`.trim() : 'Onbekend';
};
