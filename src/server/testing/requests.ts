import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Permission } from '../../domain/permissions';
import type { Db } from '../db';
import { articleGroups, articles, permissions, rolePermissions, roles, services, users } from '../db/schema';
import { auth, type TestApp } from './testApp';

/** Shared by the request tests (routes/requests, routes/request-queue): afnames, users of a role, calls. */

/** The company's running, unblocked afnames of the group (default: the mobile group, which has a SIM nummer field), oldest first. */
export const runningServices = async (db: Db, companyId: number, group = 'Mobiele telefonie') =>
  db
    .select({ id: services.id, articleId: services.articleId, articleGroupId: articles.articleGroupId })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .innerJoin(articleGroups, eq(articleGroups.id, articles.articleGroupId))
    .where(and(eq(services.companyId, companyId), eq(articleGroups.name, group), isNull(services.endTime), isNull(services.blockState)))
    .orderBy(asc(services.id));

let roleNumber = 100;
/** A new role with exactly these permissions. */
export const roleWith = async (db: Db, granted: Permission[]): Promise<number> => {
  roleNumber += 1;
  await db.insert(roles).values({ id: roleNumber, name: `testrol ${roleNumber}` });
  await db.insert(permissions).values(granted.map((name) => ({ name }))).onConflictDoNothing();
  if (granted.length > 0) await db.insert(rolePermissions).values(granted.map((permissionName) => ({ roleId: roleNumber, permissionName })));
  return roleNumber;
};

let userNumber = 0;
/** A new user of the company and role, with a token. */
export const userWith = async (t: TestApp, companyId: number, roleId: number, firstname = 'Test') => {
  userNumber += 1;
  const email = `aanvrager-${process.pid}-${userNumber}@voorbeeld.nl`;
  const [user] = await t.database.db.insert(users).values({ companyId, roleId, firstname, lastname: `Gebruiker ${userNumber}`, email }).returning();
  return { id: user.id, email, token: await t.tokenFor(user.id) };
};

type Method = 'GET' | 'POST' | 'PUT';
/** A call with the token; `payload` as JSON. */
export const call = (t: TestApp, token: string, method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...auth(token), ...headers }, ...(payload === undefined ? {} : { payload }) });

/** The outbox's mails to `address` (the decoded text, soft line breaks undone). */
export const mailsTo = (t: TestApp, address: string) =>
  t
    .outbox()
    .map((eml) => eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((eml) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}`, 'm').test(eml));
