import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { articleGroupFields, articleGroups, companies, companyArticleGroups } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { textOrNull } from '../../input';
import { errorResponses, idParams, messageSchema, type RouteApp } from '../schemas';
import { allArticleGroups, articleCountOf, canonicalizeFieldNumbers, fieldHasOverlappingNumbers, fieldsWithValues } from '../../services/articleGroups';
import { adminArticleGroupAnswer, adminArticleGroupsAnswer, articleGroupInput, type FieldInput } from './schemas';

/** The provider's article group administration (docs/screens.md, 'Admin'; docs/rules.md, 'Article groups'). */

const NOT_FOUND = 'Artikelgroep niet gevonden.';
const NAME_REQUIRED = "Veld 'Naam' is verplicht.";

const bad = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);

/** docs/screens.md, 'Parent company and article group forms': a group and each of its fields need a name; one field at most links usage records. */
const validFields = (fields: FieldInput[]) => {
  const names = new Set<string>();
  const ids = new Set<number>();
  const valid = fields.map((f, index) => {
    const name = textOrNull(f.name);
    if (!name) throw bad(`fields.${index}.name`, "Veld 'Naam' van een categorieveld is verplicht.");
    if (names.has(name.toLowerCase())) throw bad(`fields.${index}.name`, `Het veld '${name}' staat er twee keer in.`);
    if (f.id !== undefined && ids.has(f.id)) throw bad(`fields.${index}.id`, 'Een veld staat er twee keer in.');
    names.add(name.toLowerCase());
    if (f.id !== undefined) ids.add(f.id);
    return { id: f.id, name, usedForCdr: f.used_for_cdr ?? false };
  });
  if (valid.filter((f) => f.usedForCdr).length > 1) {
    throw bad('fields', 'Maar één veld kan verbruik aan een afname koppelen (used_for_cdr).');
  }
  return valid;
};

const assertCompaniesExist = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(companies)
    .where(inArray(companies.id, ids));
  if (count !== ids.length) throw bad('companies', 'Onbekend bedrijf.');
};

const setVisibility = async (db: Db, articleGroupId: number, companyIds: number[]) => {
  await db.delete(companyArticleGroups).where(eq(companyArticleGroups.articleGroupId, articleGroupId));
  if (companyIds.length > 0) {
    await db.insert(companyArticleGroups).values(companyIds.map((companyId) => ({ companyId, articleGroupId })));
  }
};

/**
 * The changes that make the group's fields equal `wanted`: fields with an id are renamed,
 * fields without one added, and the group's other fields removed. A field that holds values of
 * services is never removed (409): those values would silently disappear.
 */
const planFields = async (db: Db, articleGroupId: number, wanted: ReturnType<typeof validFields>) => {
  const current = await db.select().from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, articleGroupId));
  const unknown = wanted.find((f) => f.id !== undefined && !current.some((c) => c.id === f.id));
  if (unknown) throw bad('fields', 'Onbekend veld voor deze artikelgroep.');
  const removed = current.filter((c) => !wanted.some((f) => f.id === c.id));
  const inUse = await fieldsWithValues(db, removed.map((f) => f.id));
  const blocked = removed.find((f) => inUse.has(f.id));
  if (blocked) {
    throw new HttpError(409, `Het veld '${blocked.name}' heeft nog waarden bij afnames en kan niet worden verwijderd.`);
  }
  // A field that starts linking usage records makes its values phone numbers: each held once at a time.
  for (const linking of wanted.filter((f) => f.usedForCdr && current.some((c) => c.id === f.id && !c.usedForCdr))) {
    await canonicalizeFieldNumbers(db, linking.id!);
    if (await fieldHasOverlappingNumbers(db, linking.id!)) {
      throw new HttpError(409, `Het veld '${linking.name}' kan geen verbruik koppelen: een waarde staat tegelijk bij meer dan één afname.`);
    }
  }
  return { removed: removed.map((f) => f.id), kept: wanted.filter((f) => f.id !== undefined), added: wanted.filter((f) => f.id === undefined) };
};

const applyFields = async (db: Db, articleGroupId: number, plan: Awaited<ReturnType<typeof planFields>>) => {
  if (plan.removed.length > 0) await db.delete(articleGroupFields).where(inArray(articleGroupFields.id, plan.removed));
  for (const f of plan.kept) {
    await db
      .update(articleGroupFields)
      .set({ name: f.name, usedForCdr: f.usedForCdr })
      .where(and(eq(articleGroupFields.id, f.id!), eq(articleGroupFields.articleGroupId, articleGroupId)));
  }
  if (plan.added.length > 0) {
    await db.insert(articleGroupFields).values(plan.added.map((f) => ({ articleGroupId, name: f.name, usedForCdr: f.usedForCdr })));
  }
};

const auditFields = (fields: ReturnType<typeof validFields>) => fields.map((f) => ({ id: f.id, name: f.name, used_for_cdr: f.usedForCdr }));

export default async function articleGroupAdminRoutes(app: RouteApp) {
  app.get(
    '/article-groups',
    {
      config: { permission: 'LIST_ALL_ARTICLE_GROUPS' },
      schema: { response: { 200: adminArticleGroupsAnswer, ...errorResponses } },
    },
    async () => allArticleGroups(app.db),
  );

  app.post(
    '/article-groups',
    {
      config: { permission: 'EDIT_ARTICLE_GROUPS' },
      schema: { body: articleGroupInput, response: { 201: adminArticleGroupAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const name = textOrNull(body.name);
      if (!name) throw bad('name', NAME_REQUIRED);
      const fields = validFields(body.fields ?? []);
      if (fields.some((f) => f.id !== undefined)) throw bad('fields', 'Onbekend veld voor deze artikelgroep.');
      const companyIds = [...new Set(body.companies ?? [])];
      await assertCompaniesExist(app.db, companyIds);
      const id = await app.db.transaction(async (tx) => {
        const [group] = await tx
          .insert(articleGroups)
          .values({
            name,
            icon: body.icon ?? 'services',
            sortOrder: sql`(select coalesce(max(${articleGroups.sortOrder}), 0) + 1 from ${articleGroups})`,
          })
          .returning({ id: articleGroups.id });
        await applyFields(tx, group.id, { removed: [], kept: [], added: fields });
        await setVisibility(tx, group.id, companyIds);
        await audit(tx, actor, 'article_group.create', 'article_group', group.id, {
          name,
          icon: body.icon ?? 'services',
          fields: auditFields(fields),
          companies: companyIds,
        });
        return group.id;
      });
      return reply.code(201).send((await allArticleGroups(app.db, id))[0]);
    },
  );

  app.put(
    '/article-groups/:id',
    {
      config: { permission: 'EDIT_ARTICLE_GROUPS' },
      schema: { params: idParams, body: articleGroupInput, response: { 200: adminArticleGroupAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const [group] = await app.db.select().from(articleGroups).where(eq(articleGroups.id, request.params.id));
      if (!group) throw new HttpError(404, NOT_FOUND);
      const name = body.name === undefined ? group.name : textOrNull(body.name);
      if (!name) throw bad('name', NAME_REQUIRED);
      const fields = body.fields === undefined ? null : validFields(body.fields);
      const companyIds = body.companies === undefined ? null : [...new Set(body.companies)];
      if (companyIds) await assertCompaniesExist(app.db, companyIds);
      await app.db.transaction(async (tx) => {
        await tx
          .update(articleGroups)
          .set({ name, icon: body.icon ?? group.icon })
          .where(eq(articleGroups.id, group.id));
        if (fields) await applyFields(tx, group.id, await planFields(tx, group.id, fields));
        if (companyIds) await setVisibility(tx, group.id, companyIds);
        await audit(tx, actor, 'article_group.update', 'article_group', group.id, {
          name,
          ...(body.icon === undefined ? {} : { icon: body.icon }),
          ...(fields ? { fields: auditFields(fields) } : {}),
          ...(companyIds ? { companies: companyIds } : {}),
        });
      });
      return (await allArticleGroups(app.db, group.id))[0];
    },
  );

  app.delete(
    '/article-groups/:id',
    {
      config: { permission: 'EDIT_ARTICLE_GROUPS' },
      schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const [group] = await app.db.select().from(articleGroups).where(eq(articleGroups.id, request.params.id));
      if (!group) throw new HttpError(404, NOT_FOUND);
      // docs/screens.md, 'Toasts': the client shows this message as it is.
      const count = await articleCountOf(app.db, group.id);
      if (count > 0) {
        const used = count === 1 ? 'één artikel' : `${count} artikelen`;
        throw new HttpError(409, `Artikelgroep '${group.name}' wordt nog gebruikt door ${used} en kan niet worden verwijderd.`);
      }
      await app.db.transaction(async (tx) => {
        // Its fields and visibility list go with it (foreign keys cascade).
        await tx.delete(articleGroups).where(eq(articleGroups.id, group.id));
        await audit(tx, actor, 'article_group.delete', 'article_group', group.id, { name: group.name });
      });
      return { message: `Artikelgroep '${group.name}' verwijderd.` };
    },
  );
}
