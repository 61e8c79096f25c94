import { Type } from 'typebox';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { isProviderStaff } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies, parentCompanies } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import type { Actor } from '../../services/auth/actor';
import { PROVIDER_NOT_A_BRANCH } from '../../services/companies';
import { findCompany } from '../../services/companies';
import { textOrNull } from '../../input';
import { errorResponses, idParams, messageSchema, optionalBody, parentCompanyAnswer, type RouteApp } from '../schemas';
import { findParentCompany, listParentCompanies, moveBranch, parentCompanyDto, setBranches } from './repository';
import { branchInput, parentCompanyInput } from './schemas';

const NOT_FOUND = 'Hoofdbedrijf niet gevonden.';
const COMPANY_NOT_FOUND = 'Bedrijf niet gevonden.';

/** docs/screens.md, 'Parent company and article group forms': a parent company needs a name. */
const requireName = (name: string | null): string => {
  if (!name) throw new HttpError(400, MSG.parentNameRequired, [{ field: 'name', message: MSG.parentNameRequired }]);
  return name;
};

/** Branches must exist, and the provider's own company never becomes one (its customers could act for it). */
const assertBranches = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return;
  const rows = await db.select({ id: companies.id, isProvider: companies.isProvider }).from(companies).where(inArray(companies.id, ids));
  if (rows.length !== ids.length) throw new HttpError(400, 'Onbekend bedrijf.', [{ field: 'companies', message: 'Onbekend bedrijf.' }]);
  if (rows.some((r) => r.isProvider)) throw new HttpError(400, PROVIDER_NOT_A_BRANCH, [{ field: 'companies', message: PROVIDER_NOT_A_BRANCH }]);
};

export default async function parentCompanyRoutes(app: RouteApp) {
  app.get(
    '/parent-companies',
    {
      config: { permission: 'LIST_PARENT_COMPANIES' },
      schema: { response: { 200: Type.Array(parentCompanyAnswer), ...errorResponses } },
    },
    async () => listParentCompanies(app.db),
  );

  app.post(
    '/parent-companies',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { body: parentCompanyInput, response: { 201: parentCompanyAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const name = requireName(textOrNull(body.name));
      const branchIds = [...new Set(body.companies ?? [])];
      await assertBranches(app.db, branchIds);
      const id = await app.db.transaction(async (tx) => {
        const [parent] = await tx
          .insert(parentCompanies)
          .values({ name, sapNumber: textOrNull(body.sap_number) })
          .returning();
        await audit(tx, actor, 'parent_company.create', 'parent_company', parent.id, {
          name,
          sap_number: parent.sapNumber,
          companies: branchIds,
        });
        await setBranches(tx, actor, parent, branchIds);
        return parent.id;
      });
      return reply.code(201).send(await parentCompanyDto(app.db, id));
    },
  );

  app.put(
    '/parent-companies/:id',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { params: idParams, body: parentCompanyInput, response: { 200: parentCompanyAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const parent = await findParentCompany(app.db, request.params.id);
      if (!parent) throw new HttpError(404, NOT_FOUND);
      const name = requireName(body.name === undefined ? parent.name : textOrNull(body.name));
      const sapNumber = body.sap_number === undefined ? parent.sapNumber : textOrNull(body.sap_number);
      const branchIds = body.companies === undefined ? null : [...new Set(body.companies)];
      if (branchIds) await assertBranches(app.db, branchIds);
      await app.db.transaction(async (tx) => {
        await tx.update(parentCompanies).set({ name, sapNumber }).where(eq(parentCompanies.id, parent.id));
        await audit(tx, actor, 'parent_company.update', 'parent_company', parent.id, {
          name,
          sap_number: sapNumber,
          ...(branchIds ? { companies: branchIds } : {}),
        });
        if (branchIds) await setBranches(tx, actor, { ...parent, name }, branchIds);
      });
      return parentCompanyDto(app.db, parent.id);
    },
  );

  app.delete(
    '/parent-companies/:id',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const parent = await findParentCompany(app.db, request.params.id);
      if (!parent) throw new HttpError(404, NOT_FOUND);
      await app.db.transaction(async (tx) => {
        // Its branches stay, as companies without a parent company.
        await setBranches(tx, actor, parent, []);
        await tx.delete(parentCompanies).where(eq(parentCompanies.id, parent.id));
        await audit(tx, actor, 'parent_company.delete', 'parent_company', parent.id, { name: parent.name });
      });
      return { message: MSG.removeClientSuccess(parent.name) };
    },
  );

  /**
   * The parent company and the company a branch call addresses. Provider staff reach every one;
   * a customer only the parent company of its acting company, and only the companies it can
   * see: its acting company and that parent company's branches. Anything else is 404.
   */
  const branchTarget = async (actor: Actor, parentId: number, companyId: number | null | undefined) => {
    const parent = await findParentCompany(app.db, parentId);
    if (!parent) throw new HttpError(404, NOT_FOUND);
    const reachesAll = isProviderStaff(actor.roleId) && actor.permissions.LIST_PARENT_COMPANIES;
    if (!reachesAll && (await findCompany(app.db, actor.companyId))?.parentCompanyId !== parent.id) {
      throw new HttpError(404, NOT_FOUND);
    }
    // docs/screens.md, 'Branches': a branch must be selected.
    if (!companyId) throw new HttpError(400, MSG.selectBranch, [{ field: 'company_id', message: MSG.selectBranch }]);
    const company = await findCompany(app.db, companyId);
    const visible = company && (reachesAll || company.id === actor.companyId || company.parentCompanyId === parent.id);
    if (!visible) throw new HttpError(404, COMPANY_NOT_FOUND);
    return { parent, company };
  };

  app.post(
    '/parent-companies/:id/add',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { params: idParams, body: optionalBody(branchInput), response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const { parent, company } = await branchTarget(actor, request.params.id, request.body?.company_id);
      if (company.isProvider) throw new HttpError(400, PROVIDER_NOT_A_BRANCH, [{ field: 'company_id', message: PROVIDER_NOT_A_BRANCH }]);
      if (company.parentCompanyId !== parent.id) {
        await app.db.transaction((tx) => moveBranch(tx, actor, company, parent, 'add'));
      }
      return { message: 'Vestiging succesvol toegevoegd aan hoofdbedrijf.' };
    },
  );

  app.post(
    '/parent-companies/:id/remove',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { params: idParams, body: optionalBody(branchInput), response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const { parent, company } = await branchTarget(actor, request.params.id, request.body?.company_id);
      if (company.parentCompanyId !== parent.id) throw new HttpError(404, 'Dit bedrijf is geen vestiging van dit hoofdbedrijf.');
      await app.db.transaction((tx) => moveBranch(tx, actor, company, parent, 'remove'));
      return { message: MSG.branchRemoved };
    },
  );
}
