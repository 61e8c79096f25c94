import { Type, type Static } from 'typebox';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import { ROLE } from '../../domain/permissions';
import type { Db } from '../db';
import { companies, users } from '../db/schema';
import { HttpError } from '../httpError';
import type { RateLimiter } from '../services/rateLimiter';
import type { Actor } from '../services/auth/actor';
import { isEmailAddress, textOrNull } from '../input';
import { integerId, Nullable } from './schemas';

/**
 * The writable fields, and `company_id`, which a client may send along: it must be the acting
 * company's (assertActingCompany), as a user is always created and kept there. Anything else is
 * refused with 400.
 */
export const userInput = Type.Object(
  {
    company_id: Type.Optional(integerId),
    firstname: Type.Optional(Type.String({ maxLength: 100 })),
    lastname: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    phonenumber: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    role_id: Type.Optional(Type.Enum([1, 2, 3, 4], { type: 'integer' })),
    approves_requests: Type.Optional(Type.Boolean()),
    receives_cost_specification: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type UserInput = Static<typeof userInput>;

type UserRow = typeof users.$inferSelect;

/**
 * Whether the user has ever logged in (a session of it exists: sessions are revoked, never
 * deleted). From then on only the user changes the address (docs/rules.md, the login address).
 * For a query of `users`: spelled out, as Drizzle leaves a select field's column unqualified.
 */
export const hasLoggedInSql: SQL<boolean> = sql<boolean>`exists (select 1 from sessions s where s.user_id = "users"."id")`;

export const hasLoggedIn = async (db: Db, userId: number): Promise<boolean> => {
  const [row] = await db.select({ loggedIn: hasLoggedInSql }).from(users).where(eq(users.id, userId));
  return row?.loggedIn ?? false;
};

/** What every answer about a user says (users/schemas.ts, `userFields`). */
export const userFieldsOf = (user: UserRow) => ({
  id: user.id,
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  phonenumber: user.phonenumber,
  company_id: user.companyId,
  role_id: user.roleId,
  approves_requests: user.approvesRequests,
  receives_cost_specification: user.receivesCostSpecification,
});

export const contactPersonDto = (user: UserRow, loggedIn: boolean) => ({
  ...userFieldsOf(user),
  activated: user.passwordHash !== null,
  has_logged_in: loggedIn,
  two_factor_enabled: user.totpEnabledAt !== null,
});

export const findUserInCompany = async (db: Db, id: number, companyId: number): Promise<UserRow | null> => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .limit(1);
  return row ?? null;
};

/**
 * docs/screens.md, 'Contact person form' (add and edit user): first name, last name and e-mail required, the e-mail a
 * valid address. Absent fields keep the current user's values. Every broken rule is listed;
 * the message is the first.
 */
export const validateUserFields = (input: UserInput, current?: UserRow) => {
  const firstname = (input.firstname ?? current?.firstname ?? '').trim();
  const lastname = (input.lastname ?? current?.lastname ?? '').trim();
  const email = (input.email ?? current?.email ?? '').trim();
  const phonenumber = input.phonenumber === undefined ? (current?.phonenumber ?? null) : textOrNull(input.phonenumber);
  const errors: { field: string; message: string }[] = [];
  if (!firstname) errors.push({ field: 'firstname', message: MSG.firstnameRequired });
  if (!lastname) errors.push({ field: 'lastname', message: MSG.lastnameRequired });
  if (!email) errors.push({ field: 'email', message: MSG.emailRequired });
  else if (!isEmailAddress(email)) errors.push({ field: 'email', message: MSG.emailInvalid });
  if (errors.length > 0) throw new HttpError(400, errors[0].message, errors);
  const approvesRequests = input.approves_requests ?? current?.approvesRequests ?? true;
  const receivesCostSpecification = input.receives_cost_specification ?? current?.receivesCostSpecification ?? false;
  return { firstname, lastname, email, phonenumber, approvesRequests, receivesCostSpecification };
};

/**
 * A client may send the company with a user: the acting company's is the only one it may
 * name. Any other, whether or not it exists, answers 404 as another company's object does
 * (docs/permissions.md, 'The acting company'), before anything is written.
 */
export const assertActingCompany = (actor: Actor, companyId: number | undefined): void => {
  if (companyId !== undefined && companyId !== actor.companyId) throw new HttpError(404, 'Bedrijf niet gevonden.');
};

/**
 * Whether an address is registered is told to each acting user at most this often: a 409 for a
 * taken address in POST /users, PUT /users/{id} and the change of one's own address in 'Mijn
 * account' counts; a free address counts for nothing, so a company creating its users is never held up.
 */
export const TAKEN_ADDRESSES = { name: 'taken-address', limit: { max: 10, windowMs: 60 * 60 * 1000 } } as const;
export const TAKEN_ADDRESSES_EXHAUSTED = 'Je hebt het afgelopen uur te vaak een e-mailadres opgegeven dat al in gebruik is. Probeer het later opnieuw.';

/**
 * assertEmailFree for an acting user, within TAKEN_ADDRESSES: once their allowance is used up,
 * every check answers 429, the free addresses too, so the answer tells nothing about the address.
 */
export const assertEmailFreeFor = async (db: Db, takenAddresses: RateLimiter, actorId: number, email: string): Promise<void> => {
  const key = String(actorId);
  if (await takenAddresses.usedUp(key)) throw new HttpError(429, TAKEN_ADDRESSES_EXHAUSTED);
  if (await emailTaken(db, email)) {
    await takenAddresses.take(key);
    throw new HttpError(409, MSG.emailTaken);
  }
};

/** docs/rules.md, 'E-mail addresses are unique': e-mail addresses are unique, whatever their case. */
const emailTaken = async (db: Db, email: string): Promise<boolean> => {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return taken !== undefined;
};

export const assertEmailFree = async (db: Db, email: string): Promise<void> => {
  if (await emailTaken(db, email)) throw new HttpError(409, MSG.emailTaken);
};

/**
 * Roles 1 and 2 (provider staff) are given only by a superadmin and only in the provider's own
 * company; roles 3 and 4 by anyone who may create users, in the acting company.
 */
export const assertMayGrantRole = async (db: Db, actor: Actor, roleId: number): Promise<void> => {
  if (roleId !== ROLE.superadmin && roleId !== ROLE.admin) return;
  const [acting] = await db
    .select({ isProvider: companies.isProvider })
    .from(companies)
    .where(eq(companies.id, actor.companyId))
    .limit(1);
  if (actor.roleId !== ROLE.superadmin || !acting?.isProvider) {
    throw new HttpError(403, 'Alleen een superadmin mag medewerkers van de aanbieder aanmaken of die rol toekennen.');
  }
};

/** The fields of `after` whose value differs from the user's, in the API's names. */
/** Written user fields in the API's names, as the audit log keeps them. */
export const auditFieldsOf = ({ approvesRequests, receivesCostSpecification, ...rest }: Record<string, unknown>) => ({
  ...rest,
  ...(approvesRequests !== undefined && { approves_requests: approvesRequests }),
  ...(receivesCostSpecification !== undefined && { receives_cost_specification: receivesCostSpecification }),
});

export const changedUserFields = (user: UserRow, after: Partial<ReturnType<typeof validateUserFields>> & { role_id: number }) => {
  const before: Record<string, unknown> = { ...user, role_id: user.roleId };
  return auditFieldsOf(Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key] !== value)));
};
