import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { reasonProblemOf } from '../../../domain/impersonation';
import { MSG } from '../../../domain/messages';
import { isProviderStaff, ROLE } from '../../../domain/permissions';
import { companies, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { linkMail, mailName } from '../../services/mail';
import { normaliseEmail } from '../../services/auth/accounts';
import { mailPasswordLink } from '../../services/auth/passwordLinks';
import { revokeUserSessions } from '../../services/auth/sessions';
import { turnOffTwoFactor } from '../../services/auth/twoFactor';
import { audit } from '../../services/audit';
import { paramsOf, uniqueViolationOf } from '../../input';
import { errorResponses, idParams, messageSchema, optionalBody, type RouteApp } from '../schemas';
import {
  assertActingCompany,
  assertEmailFreeFor,
  assertMayGrantRole,
  auditFieldsOf,
  changedUserFields,
  contactPersonDto,
  findUserInCompany,
  TAKEN_ADDRESSES,
  hasLoggedIn,
  hasLoggedInSql,
  validateUserFields,
  userFieldsOf,
  userInput,
} from '../userFields';
import { contactPersonAnswer, twoFactorResetInput, userAnswer } from './schemas';

const NOT_FOUND = 'Gebruiker niet gevonden.';

export const TWO_FACTOR_RESET_TEXT = {
  staffOnly: 'Alleen medewerkers van de aanbieder mogen tweestapsverificatie resetten.',
  superadminOnly: 'Alleen een superadmin mag tweestapsverificatie van medewerkers van de aanbieder resetten.',
  done: 'Tweestapsverificatie is gereset. De gebruiker is uitgelogd en heeft een e-mail gekregen.',
} as const;

export default async function userRoutes(app: RouteApp) {
  const takenAddresses = app.rateLimits.limiter(TAKEN_ADDRESSES.name, TAKEN_ADDRESSES.limit);

  app.get(
    '/users/:id',
    { schema: { params: idParams, response: { 200: userAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const id = request.params.id;
      // Yourself, or a contact person of the acting company when you may list users.
      const scope =
        id === actor.userId ? eq(users.id, id) : actor.permissions.LIST_USERS ? and(eq(users.id, id), eq(users.companyId, actor.companyId)) : null;
      const [row] = scope
        ? await app.db
            .select({ user: users, company: { id: companies.id, name: companies.name } })
            .from(users)
            .innerJoin(companies, eq(companies.id, users.companyId))
            .where(scope)
            .limit(1)
        : [];
      if (!row) throw new HttpError(404, NOT_FOUND);
      const { user, company } = row;
      return { ...userFieldsOf(user), company };
    },
  );

  app.get(
    '/users',
    {
      config: { permission: 'LIST_USERS' },
      schema: { response: { 200: Type.Array(contactPersonAnswer), ...errorResponses } },
    },
    async (request) => {
      const rows = await app.db
        .select({ user: users, loggedIn: hasLoggedInSql })
        .from(users)
        .where(eq(users.companyId, request.actor.companyId))
        // The Dutch order of domain/names.ts ('de Boer' under B): the functions of migration 0008.
        .orderBy(sql`name_sort_key(${users.lastname})`, sql`search_text(${users.firstname})`, asc(users.id));
      return rows.map((row) => contactPersonDto(row.user, row.loggedIn));
    },
  );

  // docs/api.md, 'Paths and parameters': "POST /users with fields as params"; a JSON body is accepted too.
  app.post(
    '/users',
    {
      config: { permission: 'CREATE_USER' },
      schema: {
        querystring: userInput,
        body: optionalBody(userInput),
        response: { 201: contactPersonAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      const input = paramsOf(request.query, request.body);
      assertActingCompany(actor, input.company_id);
      const fields = validateUserFields(input);
      const roleId = input.role_id ?? ROLE.endUser;
      await assertMayGrantRole(app.db, actor, roleId);
      await assertEmailFreeFor(app.db, takenAddresses, actor.userId, fields.email);
      const created = await app.db
        .transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...fields, companyId: actor.companyId, roleId })
            .returning();
          await audit(tx, actor, 'user.create', 'user', row.id, { ...auditFieldsOf(fields), role_id: roleId });
          return row;
        })
        .catch((error: unknown) => {
          if (uniqueViolationOf(error) !== null) throw new HttpError(409, MSG.emailTaken);
          throw error;
        });
      return reply.code(201).send(contactPersonDto(created, false));
    },
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'CREATE_USER' },
      schema: {
        params: idParams,
        querystring: userInput,
        body: optionalBody(userInput),
        response: { 200: contactPersonAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { actor } = request;
      const user = await findUserInCompany(app.db, request.params.id, actor.companyId);
      if (!user) throw new HttpError(404, NOT_FOUND);
      // Only a superadmin changes another provider staff account (its e-mail address opens it).
      if (isProviderStaff(user.roleId) && user.id !== actor.userId && actor.roleId !== ROLE.superadmin) {
        throw new HttpError(403, 'Alleen een superadmin mag medewerkers van de aanbieder wijzigen.');
      }
      const input = paramsOf(request.query, request.body);
      assertActingCompany(actor, input.company_id);
      const fields = validateUserFields(input, user);
      const roleId = input.role_id ?? user.roleId;
      const roleChanged = roleId !== user.roleId;
      if (roleChanged) await assertMayGrantRole(app.db, actor, roleId);
      const emailChanged = normaliseEmail(fields.email) !== normaliseEmail(user.email);
      const loggedIn = await hasLoggedIn(app.db, user.id);
      // Docs/rules.md, the login address: once the user has logged in, only the user changes it,
      // through Mijn account (the password, a link to the new address, a notice to the old one).
      if (emailChanged && loggedIn) {
        throw new HttpError(400, MSG.emailChangedByOwner, [{ field: 'email', message: MSG.emailChangedByOwner }]);
      }
      if (emailChanged) await assertEmailFreeFor(app.db, takenAddresses, actor.userId, fields.email);
      const changes = changedUserFields(user, { ...fields, role_id: roleId });
      const updated = await app.db
        .transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ ...fields, roleId })
            .where(and(eq(users.id, user.id), eq(users.companyId, actor.companyId)))
            .returning();
          // docs/rules.md, 'Tokens and sessions': a role change ends the user's sessions at once.
          if (roleChanged) await revokeUserSessions(tx, user.id);
          if (Object.keys(changes).length > 0) {
            await audit(tx, actor, 'user.update', 'user', user.id, {
              firstname: row.firstname,
              lastname: row.lastname,
              ...changes,
              ...(roleChanged ? { previous_role_id: user.roleId } : {}),
            });
          }
          return row;
        })
        .catch((error: unknown) => {
          if (uniqueViolationOf(error) !== null) throw new HttpError(409, MSG.emailTaken);
          throw error;
        });
      return contactPersonDto(updated, loggedIn);
    },
  );

  app.get(
    '/users/activate/:id',
    {
      config: { permission: 'CREATE_USER' },
      schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      // A contact person of the acting company; provider staff reach every company's users.
      const reachesAll = isProviderStaff(actor.roleId) && actor.permissions.LIST_COMPANIES;
      const [row] = await app.db
        .select({ user: users, companyName: companies.name })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(and(eq(users.id, request.params.id), reachesAll ? undefined : eq(users.companyId, actor.companyId)))
        .limit(1);
      if (!row) throw new HttpError(404, NOT_FOUND);
      const { user } = row;
      if (user.disabled || user.roleId === ROLE.unauthorized) {
        throw new HttpError(409, 'Deze gebruiker heeft geen toegang tot het portaal; er is geen e-mail verzonden.');
      }
      // Throttled per sender (MAIL_LIMITS.perSender an hour) and per recipient: past the
      // recipient's limit the answer is the same and nothing is sent, so no mailbox is flooded.
      if (!(await app.mailLimits.perSender.take(String(actor.userId)))) {
        throw new HttpError(429, 'Je hebt het afgelopen uur te veel activatiemails verstuurd. Probeer het later opnieuw.');
      }
      const sent = await mailPasswordLink(app, user, 'activation', {
        subject: 'Activeer je account',
        intro: `Beste ${mailName(user.firstname)}, er staat een account voor je klaar in het klantportaal voor ${mailName(row.companyName)}.`,
        linkText: 'Stel je wachtwoord in',
        outro: 'De link is 7 dagen geldig. Daarna kun je een nieuwe aanvragen bij je accountmanager.',
      });
      if (!sent) return { message: MSG.activationSent };
      await audit(app.db, actor, 'user.activate', 'user', user.id, {
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
      });
      return { message: MSG.activationSent };
    },
  );

  // Provider staff reset a customer user's two-factor login (lost phone and recovery codes) with a
  // reason (docs/rules.md, "Resetting two-factor login"); only a superadmin resets provider staff's. The user of the acting
  // company only, so staff manage the customer first ('Beheren', with its own reason).
  app.post(
    '/users/:id/two-factor/reset',
    {
      config: { permission: 'LIST_COMPANIES' },
      schema: { params: idParams, body: twoFactorResetInput, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      if (!isProviderStaff(actor.roleId)) throw new HttpError(403, TWO_FACTOR_RESET_TEXT.staffOnly);
      const user = await findUserInCompany(app.db, request.params.id, actor.companyId);
      if (!user) throw new HttpError(404, NOT_FOUND);
      if (isProviderStaff(user.roleId) && actor.roleId !== ROLE.superadmin) throw new HttpError(403, TWO_FACTOR_RESET_TEXT.superadminOnly);
      const problem = reasonProblemOf(request.body.reason);
      if (problem) throw new HttpError(400, problem, [{ field: 'reason', message: problem }]);
      if (!user.totpEnabledAt) throw new HttpError(409, MSG.twoFactorOff);
      await app.db.transaction(async (tx) => {
        await turnOffTwoFactor(tx, user.id);
        // Whoever holds a session may hold the lost phone: the user logs in again, and sets it up again where required.
        await revokeUserSessions(tx, user.id);
        await audit(tx, actor, 'two_factor.reset', 'user', user.id, {
          firstname: user.firstname,
          lastname: user.lastname,
          reason: request.body.reason.trim(),
        });
      });
      await app.mailer.send(
        linkMail(
          user.email,
          'Je tweestapsverificatie is gereset',
          `Beste ${mailName(user.firstname)}, een medewerker van Mijn Portaal heeft de tweestapsverificatie van je account uitgezet, omdat je je telefoon en herstelcodes kwijt bent. Je bent op alle apparaten uitgelogd.`,
          'Naar Mijn account',
          `${app.config.publicUrl}/mijn-account`,
          'Log opnieuw in en zet tweestapsverificatie weer aan in Mijn account. Heb je hier niet om gevraagd? Neem dan meteen contact op met je accountmanager.',
        ),
      );
      return { message: TWO_FACTOR_RESET_TEXT.done };
    },
  );
}
