import { Type } from 'typebox';
import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { isProviderStaff, ROLE } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies, companyArticleGroups, groupBundleMonths, parentCompanies, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { findUserById } from '../../services/auth/accounts';
import { startRequiringTwoFactor } from '../../services/auth/twoFactor';
import { paramsOf, uniqueViolationOf } from '../../input';
import { errorResponses, idParams, messageSchema, optionalBody, type RouteApp } from '../schemas';
import { fromEpoch } from '../../serialize';
import { assertEmailFree } from '../userFields';
import {
  applyInput,
  assertProviderCompanyKept,
  changedCompanyFields,
  contactOf,
  EMPTY_COMPANY,
  isOnlyEndTime,
  requireCompanyFields,
  valuesOf,
  type CompanyValues,
  type Contact,
} from './input';
import {
  catalogueCount,
  companyDto,
  companyNumberTaken,
  defaultArticleGroups,
  findCompany,
  hasUsers,
  listCompanies,
  PROVIDER_NOT_DELETED,
  unknownArticleGroups,
} from '../../services/companies';
import { companyAnswer, companyInput, companyWithUsersAnswer, twoFactorRequirementBody } from './schemas';

const NOT_FOUND = 'Bedrijf niet gevonden.';

/** The ids a write names must exist: 400 otherwise. */
const assertReferences = async (db: Db, values: CompanyValues, articleGroupIds: number[] | null) => {
  if (articleGroupIds && (await unknownArticleGroups(db, articleGroupIds)).length > 0) {
    throw new HttpError(400, 'Onbekende artikelgroep.', [{ field: 'article_groups', message: 'Onbekende artikelgroep.' }]);
  }
  if (values.parentCompanyId !== null) {
    const [parent] = await db.select({ id: parentCompanies.id }).from(parentCompanies).where(eq(parentCompanies.id, values.parentCompanyId));
    if (!parent) throw new HttpError(400, 'Onbekend hoofdbedrijf.', [{ field: 'parent_company_id', message: 'Onbekend hoofdbedrijf.' }]);
  }
};

/** A unique index caught a race the checks before the write missed. */
const conflictOf = (companyMessage: string) => (error: unknown) => {
  const constraint = uniqueViolationOf(error);
  if (constraint === null) throw error;
  throw new HttpError(409, constraint.startsWith('users_') ? MSG.emailTaken : companyMessage);
};

const contactAudit = (contact: Contact | null) =>
  contact ? { contact_firstname: contact.firstname, contact_lastname: contact.lastname, contact_email: contact.email } : {};

/** The company's visibility list becomes exactly `ids`. */
const setArticleGroups = async (db: Db, companyId: number, ids: number[]) => {
  await db.delete(companyArticleGroups).where(eq(companyArticleGroups.companyId, companyId));
  if (ids.length > 0) await db.insert(companyArticleGroups).values(ids.map((articleGroupId) => ({ companyId, articleGroupId })));
};

export default async function companyRoutes(app: RouteApp) {
  app.get(
    '/company/:id',
    { schema: { params: idParams, response: { 200: companyAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const id = request.params.id;
      // The acting company is always readable; other companies only by provider staff.
      const mayRead = id === actor.companyId || (isProviderStaff(actor.roleId) && actor.permissions.LIST_COMPANIES);
      const company = mayRead ? await findCompany(app.db, id) : null;
      if (!company) throw new HttpError(404, NOT_FOUND);
      return companyDto(app.db, company);
    },
  );

  // docs/rules.md, 'Two-factor login': whoever manages the company's users (its admin, or provider staff for any company)
  // may require two-factor login of them all; it holds from each user's next login.
  app.put(
    '/company/:id/two-factor',
    {
      config: { permission: 'CREATE_USER' },
      schema: {
        params: idParams,
        body: twoFactorRequirementBody,
        response: { 200: companyAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { actor } = request;
      const mayEdit = request.params.id === actor.companyId || isProviderStaff(actor.roleId);
      const company = mayEdit ? await findCompany(app.db, request.params.id) : null;
      if (!company) throw new HttpError(404, NOT_FOUND);
      const requireTwoFactor = request.body.require_two_factor;
      // Whoever requires it of the company's users has it on for their own account first.
      if (requireTwoFactor && !(await findUserById(app.db, actor.userId))?.totpEnabledAt) {
        throw new HttpError(400, MSG.twoFactorOwnFirst, [{ field: 'require_two_factor', message: MSG.twoFactorOwnFirst }]);
      }
      await app.db.transaction(async (tx) => {
        await tx.update(companies).set({ requireTwoFactor }).where(eq(companies.id, company.id));
        await startRequiringTwoFactor(tx, company, requireTwoFactor);
        // In the log of the company whose users it binds, also when provider staff set it from elsewhere.
        await audit(tx, { ...actor, companyId: company.id }, 'company.update', 'company', company.id, {
          name: company.name,
          require_two_factor: requireTwoFactor,
        });
      });
      return companyDto(app.db, { ...company, requireTwoFactor });
    },
  );

  app.get(
    '/companies',
    {
      config: { permission: 'LIST_COMPANIES' },
      schema: { response: { 200: Type.Array(companyWithUsersAnswer), ...errorResponses } },
    },
    async () => listCompanies(app.db),
  );

  // docs/api.md, 'Paths and parameters': "POST /company/register with company fields as params"; a JSON body is accepted too.
  app.post(
    '/company/register',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: {
        querystring: companyInput,
        body: optionalBody(companyInput),
        response: { 201: companyAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      const input = paramsOf(request.query, request.body);
      const values = applyInput(EMPTY_COMPANY, input);
      requireCompanyFields(values);
      const contact = contactOf(input, values, false);
      const articleGroupIds = input.article_groups ? [...new Set(input.article_groups)] : await defaultArticleGroups(app.db);
      await assertReferences(app.db, values, articleGroupIds);
      if (await companyNumberTaken(app.db, values)) throw new HttpError(409, MSG.customerNumberTaken);
      if (contact) await assertEmailFree(app.db, contact.email);
      const id = await app.db
        .transaction(async (tx) => {
          const [created] = await tx
            .insert(companies)
            .values({ ...values, name: values.name! })
            .returning({ id: companies.id });
          await setArticleGroups(tx, created.id, articleGroupIds);
          if (contact) await tx.insert(users).values({ ...contact, companyId: created.id, roleId: ROLE.endUser });
          await audit(tx, actor, 'company.create', 'company', created.id, {
            ...changedCompanyFields(EMPTY_COMPANY, values),
            article_groups: articleGroupIds,
            ...contactAudit(contact),
          });
          return created.id;
        })
        .catch(conflictOf(MSG.customerNumberTaken));
      return reply.code(201).send(await companyDto(app.db, (await findCompany(app.db, id))!));
    },
  );

  app.put(
    '/company/:id',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: {
        params: idParams,
        querystring: companyInput,
        body: optionalBody(companyInput),
        response: { 200: companyAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { actor } = request;
      const company = await findCompany(app.db, request.params.id);
      if (!company) throw new HttpError(404, NOT_FOUND);
      const input = paramsOf(request.query, request.body);

      // docs/screens.md, 'Company form': a company can be ended; ending sends only its end date.
      if (isOnlyEndTime(input)) {
        const endTime = fromEpoch(input.end_time);
        assertProviderCompanyKept(company, { endTime, parentCompanyId: company.parentCompanyId });
        await app.db.transaction(async (tx) => {
          await tx.update(companies).set({ endTime }).where(eq(companies.id, company.id));
          await audit(tx, actor, 'company.end', 'company', company.id, { name: company.name, end_time: input.end_time });
        });
        return companyDto(app.db, (await findCompany(app.db, company.id))!);
      }

      const before = valuesOf(company);
      const values = applyInput(before, input);
      const contact = (await hasUsers(app.db, company.id)) ? null : contactOf(input, values, true);
      requireCompanyFields(values);
      assertProviderCompanyKept(company, values);
      const articleGroupIds = input.article_groups ? [...new Set(input.article_groups)] : null;
      await assertReferences(app.db, values, articleGroupIds);
      if (await companyNumberTaken(app.db, values, company.id)) throw new HttpError(409, MSG.companyNumberTaken);
      if (contact) await assertEmailFree(app.db, contact.email);
      await app.db
        .transaction(async (tx) => {
          await tx
            .update(companies)
            .set({ ...values, name: values.name! })
            .where(eq(companies.id, company.id));
          if (articleGroupIds) await setArticleGroups(tx, company.id, articleGroupIds);
          await startRequiringTwoFactor(tx, company, values.requireTwoFactor);
          if (contact) await tx.insert(users).values({ ...contact, companyId: company.id, roleId: ROLE.endUser });
          await audit(tx, actor, 'company.update', 'company', company.id, {
            name: values.name,
            ...changedCompanyFields(before, values),
            ...(articleGroupIds ? { article_groups: articleGroupIds } : {}),
            ...contactAudit(contact),
          });
        })
        .catch(conflictOf(MSG.companyNumberTaken));
      return companyDto(app.db, (await findCompany(app.db, company.id))!);
    },
  );

  app.delete(
    '/company/:id',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const company = await findCompany(app.db, request.params.id);
      if (!company) throw new HttpError(404, NOT_FOUND);
      if (company.isProvider) throw new HttpError(400, PROVIDER_NOT_DELETED);
      if (company.id === actor.companyId) {
        throw new HttpError(409, 'Je beheert dit bedrijf nu; stop eerst met beheren voordat je het verwijdert.');
      }
      if ((await catalogueCount(app.db, company.id)) > 0) {
        throw new HttpError(409, `'${company.name}' heeft nog artikelen of afnames en kan niet worden verwijderd.`);
      }
      await app.db.transaction(async (tx) => {
        // Users (with their sessions and links), end users and the visibility list go with the company.
        await tx.delete(groupBundleMonths).where(eq(groupBundleMonths.companyId, company.id));
        await tx.delete(companies).where(and(eq(companies.id, company.id), eq(companies.isProvider, false)));
        await audit(tx, actor, 'company.delete', 'company', company.id, { name: company.name });
      });
      return { message: MSG.removeClientSuccess(company.name) };
    },
  );
}
