import type { FastifyInstance } from 'fastify';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { parseAmount } from '../../../domain/money';
import type { Permission } from '../../../domain/permissions';
import type { Db } from '../../db';
import { articleGroupFields, articles, endUsers, serviceFieldInputs, services } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { audit } from '../../services/audit';
import { removeUsageOfService } from '../../services/usage/removal';
import type { Actor } from '../../types';
import { findArticle } from '../articles/repository';
import { errorResponses, idParams, messageSchema } from '../schemas';
import { serviceDto, serviceSchema } from './dto';
import {
  createServiceBody,
  emptyToNull,
  FREE_FIELDS,
  parseInstant,
  SPIE_FIELDS,
  updateServiceBody,
  type ServiceInput,
} from './input';

const DAY_MS = 24 * 60 * 60 * 1000;

const amountOrNull = (value: number | string | null | undefined, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  const parsed = parseAmount(value);
  if (parsed === null) throw new HttpError(400, `Veld '${field}' is geen geldig bedrag.`);
  return parsed;
};

const requirePermission = (actor: Actor, permission: Permission) => {
  if (!actor.permissions[permission]) throw new HttpError(403, 'Geen toestemming voor deze actie.');
};

const findService = async (db: Db, companyId: number, id: number) => {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.companyId, companyId)))
    .limit(1);
  return row ?? null;
};

/** The category fields of the article's group that a service may fill, empty values left out. */
const checkedFieldInputs = async (db: Db, articleGroupId: number, inputs: ServiceInput['article_group_field_inputs']) => {
  const fields = await db.select().from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, articleGroupId));
  const filled = (inputs ?? []).filter((i) => emptyToNull(i.value) !== null);
  const seen = new Set<number>();
  return filled.map((i) => {
    const field = fields.find((f) => f.id === i.article_group_field_id);
    if (!field || seen.has(field.id)) throw new HttpError(400, 'Onbekend categorieveld voor dit artikel.');
    seen.add(field.id);
    return { fieldId: field.id, usedForCdr: field.usedForCdr, value: emptyToNull(i.value)! };
  });
};

/**
 * Decisions section 3: a phone number (the `used_for_cdr` field) is unique among the company's
 * active services. Runs under a per-company lock so two saves cannot both pass.
 */
const assertPhoneNumbersFree = async (
  tx: Db,
  companyId: number,
  inputs: { fieldId: number; usedForCdr: boolean; value: string }[],
  exceptServiceId: number | null,
) => {
  await tx.execute(sql`select pg_advisory_xact_lock(4711, ${companyId})`);
  const now = new Date();
  for (const input of inputs.filter((i) => i.usedForCdr)) {
    const [taken] = await tx
      .select({ id: services.id })
      .from(serviceFieldInputs)
      .innerJoin(services, eq(services.id, serviceFieldInputs.serviceId))
      .where(
        and(
          eq(serviceFieldInputs.companyId, companyId),
          eq(serviceFieldInputs.articleGroupFieldId, input.fieldId),
          eq(serviceFieldInputs.value, input.value),
          or(isNull(services.endTime), gt(services.endTime, now)),
          exceptServiceId === null ? undefined : ne(services.id, exceptServiceId),
        ),
      )
      .limit(1);
    if (taken) throw new HttpError(409, MSG.phoneNumberTaken);
  }
};

const writeFieldInputs = async (tx: Db, companyId: number, serviceId: number, inputs: { fieldId: number; value: string }[]) => {
  await tx.delete(serviceFieldInputs).where(eq(serviceFieldInputs.serviceId, serviceId));
  if (inputs.length > 0) {
    await tx
      .insert(serviceFieldInputs)
      .values(inputs.map((i) => ({ serviceId, companyId, articleGroupFieldId: i.fieldId, value: i.value })));
  }
};

const freeAndSpieValues = (body: ServiceInput) =>
  Object.fromEntries([...FREE_FIELDS, ...SPIE_FIELDS].filter((f) => f in body).map((f) => [f, emptyToNull(body[f])]));

const toColumns = (values: Record<string, string | null>) => ({
  ...('input_field_1' in values ? { inputField1: values.input_field_1 } : {}),
  ...('input_field_2' in values ? { inputField2: values.input_field_2 } : {}),
  ...('input_field_3' in values ? { inputField3: values.input_field_3 } : {}),
  ...('input_field_4' in values ? { inputField4: values.input_field_4 } : {}),
  ...('spie_field_1' in values ? { spieField1: values.spie_field_1 } : {}),
  ...('spie_field_2' in values ? { spieField2: values.spie_field_2 } : {}),
  ...('spie_field_3' in values ? { spieField3: values.spie_field_3 } : {}),
});

export default async function serviceRoutes(app: FastifyInstance) {
  app.put<{ Body: ServiceInput }>(
    '/services/create',
    {
      config: { permission: 'CREATE_SERVICE' },
      schema: { body: createServiceBody, response: { 201: { type: 'object', properties: { data: serviceSchema } }, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const article = await findArticle(app.db, actor.companyId, body.article_id!);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      const start = parseInstant(body.start_time, 'Startdatum');
      if (!start) throw new HttpError(400, "Veld 'Startdatum' is verplicht.");
      const end = parseInstant(body.end_time, 'Einddatum');
      // Spec section 5: the end date cannot be before the start date plus one day.
      if (end && end.getTime() < start.getTime() + DAY_MS) {
        throw new HttpError(400, 'De einddatum moet minstens één dag na de startdatum liggen.');
      }
      const extra = freeAndSpieValues(body);
      if (FREE_FIELDS.some((f) => extra[f])) requirePermission(actor, 'EDIT_FREE_FIELDS');
      if (SPIE_FIELDS.some((f) => extra[f])) requirePermission(actor, 'EDIT_SPIE_FIELDS');
      if (body.end_user_id && body.end_user) throw new HttpError(400, 'Kies een bestaande of een nieuwe gebruiker, niet beide.');
      if (body.end_user && (!body.end_user.firstname.trim() || !body.end_user.lastname.trim())) {
        throw new HttpError(400, 'Voornaam en achternaam van de nieuwe gebruiker zijn verplicht.');
      }
      const inputs = await checkedFieldInputs(app.db, article.articleGroupId, body.article_group_field_inputs);
      const id = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        let endUserId: number | null = null;
        if (body.end_user_id) {
          const [owner] = await tx
            .select({ id: endUsers.id })
            .from(endUsers)
            .where(and(eq(endUsers.id, body.end_user_id), eq(endUsers.companyId, actor.companyId)));
          if (!owner) throw new HttpError(404, 'Eindgebruiker niet gevonden.');
          endUserId = owner.id;
        } else if (body.end_user) {
          const [created] = await tx
            .insert(endUsers)
            .values({ companyId: actor.companyId, firstname: body.end_user.firstname.trim(), lastname: body.end_user.lastname.trim() })
            .returning({ id: endUsers.id });
          endUserId = created.id;
          await audit(tx, actor, 'end_user.create', 'end_user', created.id, body.end_user);
        }
        await assertPhoneNumbersFree(tx, actor.companyId, inputs, null);
        const [created] = await tx
          .insert(services)
          .values({
            companyId: actor.companyId,
            articleId: article.id,
            endUserId,
            price: amountOrNull(body.price, 'Prijs'),
            setupPrice: amountOrNull(body.setup_price, 'Eenmalige kosten'),
            orderReference: emptyToNull(body.order_reference),
            startTime: start,
            endTime: end,
            contractPeriod: body.contract_period?.trim() || 'Maandelijks',
            ...toColumns(extra),
          })
          .returning({ id: services.id });
        await writeFieldInputs(tx, actor.companyId, created.id, inputs);
        await audit(tx, actor, 'service.create', 'service', created.id, { ...body });
        return created.id;
      });
      return reply.code(201).send({ data: await serviceDto(app.db, actor, id) });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/services/:id',
    { schema: { params: idParams, response: { 200: { type: 'object', properties: { data: serviceSchema } }, ...errorResponses } } },
    async (request) => {
      const service = await serviceDto(app.db, request.actor, request.params.id);
      if (!service) throw new HttpError(404, 'Afname niet gevonden.');
      return { data: service };
    },
  );

  app.put<{ Params: { id: number }; Body: ServiceInput }>(
    '/services/:id',
    {
      config: { permission: 'CREATE_SERVICE' },
      schema: { params: idParams, body: updateServiceBody, response: { 200: { type: 'object', properties: { data: serviceSchema } }, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const current = await findService(app.db, actor.companyId, request.params.id);
      if (!current) throw new HttpError(404, 'Afname niet gevonden.');
      const start = 'start_time' in body ? parseInstant(body.start_time, 'Startdatum') : current.startTime;
      if (!start) throw new HttpError(400, "Veld 'Startdatum' is verplicht.");
      const end = 'end_time' in body ? parseInstant(body.end_time, 'Einddatum') : current.endTime;
      if (start.getTime() !== current.startTime.getTime()) requirePermission(actor, 'EDIT_START_SERVICE');
      if ((end?.getTime() ?? null) !== (current.endTime?.getTime() ?? null)) requirePermission(actor, 'STOP_SERVICE');
      // Spec section 5: start not after end, end not before start.
      if (end && end.getTime() < start.getTime()) throw new HttpError(400, 'De einddatum mag niet voor de startdatum liggen.');
      const extra = freeAndSpieValues(body);
      const changed = (field: (typeof FREE_FIELDS)[number] | (typeof SPIE_FIELDS)[number], column: keyof typeof current) =>
        field in extra && extra[field] !== current[column];
      if (changed('input_field_1', 'inputField1') || changed('input_field_2', 'inputField2') || changed('input_field_3', 'inputField3') || changed('input_field_4', 'inputField4')) {
        requirePermission(actor, 'EDIT_FREE_FIELDS');
      }
      if (changed('spie_field_1', 'spieField1') || changed('spie_field_2', 'spieField2') || changed('spie_field_3', 'spieField3')) {
        requirePermission(actor, 'EDIT_SPIE_FIELDS');
      }
      const [article] = await app.db.select().from(articles).where(eq(articles.id, current.articleId));
      const inputs = body.article_group_field_inputs
        ? await checkedFieldInputs(app.db, article.articleGroupId, body.article_group_field_inputs)
        : null;
      if (inputs) requirePermission(actor, 'EDIT_CATEGORY_FIELDS');
      await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const stillActive = !end || end.getTime() > Date.now();
        if (inputs && stillActive) await assertPhoneNumbersFree(tx, actor.companyId, inputs, current.id);
        await tx
          .update(services)
          .set({
            ...('price' in body ? { price: amountOrNull(body.price, 'Prijs') } : {}),
            ...('setup_price' in body ? { setupPrice: amountOrNull(body.setup_price, 'Eenmalige kosten') } : {}),
            ...('order_reference' in body ? { orderReference: emptyToNull(body.order_reference) } : {}),
            ...(body.contract_period ? { contractPeriod: body.contract_period.trim() } : {}),
            startTime: start,
            endTime: end,
            ...toColumns(extra),
          })
          .where(and(eq(services.id, current.id), eq(services.companyId, actor.companyId)));
        if (inputs) await writeFieldInputs(tx, actor.companyId, current.id, inputs);
        await audit(tx, actor, 'service.update', 'service', current.id, { ...body });
      });
      return { data: await serviceDto(app.db, actor, current.id) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/services/:id/hard',
    { config: { permission: 'STOP_SERVICE' }, schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const current = await findService(app.db, actor.companyId, request.params.id);
      if (!current) throw new HttpError(404, 'Afname niet gevonden.');
      // A hard delete removes the history: the service is gone from every month's costs.
      await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.delete(services).where(and(eq(services.id, current.id), eq(services.companyId, actor.companyId)));
        await removeUsageOfService(tx, actor.companyId, current.id);
        await audit(tx, actor, 'service.delete', 'service', current.id, { article_id: current.articleId });
      });
      return { message: MSG.deleteSuccessBody };
    },
  );
}
