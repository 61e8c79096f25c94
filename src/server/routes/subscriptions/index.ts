import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { serviceChangeTouchesClosedMonth } from '../../../domain/closedMonths';
import { Decimal, parseAmount } from '../../../domain/money';
import type { Permission } from '../../../domain/permissions';
import type { Db } from '../../db';
import { articleGroupFields, articles, endUsers, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { closedMonthAudit, guardClosedMonths } from '../../services/closedMonths';
import { mailAlerts } from '../../services/alerts';
import { matchKeptRecords } from '../../services/usage/rematch';
import { removeUsageOfService } from '../../services/usage/removal';
import type { Actor } from '../../services/auth/actor';
import { findArticle } from '../../services/articles';
import {
  assertPhoneNumbersFree,
  billingValues,
  insertService,
  periodOf,
  phoneNumbers,
  phoneNumbersOf,
  sameNumbers,
  storedValue,
  writeFieldInputs,
} from '../../services/serviceWrites';
import { errorResponses, idParams, messageSchema, type RouteApp } from '../schemas';
import { serviceDto } from './dto';
import { parseInstant } from '../../input';
import { emptyToNull, FREE_FIELDS, SPIE_FIELDS } from './input';
import { createServiceBody, serviceDataAnswer, updateServiceBody, type ServiceInput } from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

const amountOrNull = (value: number | string | null | undefined, field: string): string | null => {
  if (value === undefined || value === null) return null;
  const parsed = parseAmount(value);
  if (parsed === null) throw new HttpError(400, `Veld '${field}' is geen geldig bedrag.`);
  return parsed;
};

const requirePermission = (actor: Actor, permission: Permission) => {
  if (!actor.permissions[permission]) throw new HttpError(403, 'Geen toestemming voor deze actie.');
};

/**
 * Whether two stored prices are equal (null: none). docs/permissions.md, 'Who may edit prices': only EDIT_PRICES writes
 * a price, and sending the price a service already has is no write.
 */
const samePrice = (a: string | null, b: string | null) => (a === null || b === null ? a === b : new Decimal(a).eq(b));

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
    return { fieldId: field.id, usedForCdr: field.usedForCdr, value: storedValue(field.usedForCdr, emptyToNull(i.value)!) };
  });
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

export default async function subscriptionRoutes(app: RouteApp) {
  app.put(
    '/services/create',
    {
      config: { permission: 'CREATE_SERVICE' },
      schema: { body: createServiceBody, response: { 201: serviceDataAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const article = await findArticle(app.db, actor.companyId, body.article_id);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      const start = parseInstant(body.start_time, 'Startdatum');
      if (!start) throw new HttpError(400, "Veld 'Startdatum' is verplicht.");
      const end = parseInstant(body.end_time, 'Einddatum');
      // docs/screens.md, 'Adding a service': the end date cannot be before the start date plus one day.
      if (end && end.getTime() < start.getTime() + DAY_MS) {
        throw new HttpError(400, 'De einddatum moet minstens één dag na de startdatum liggen.');
      }
      const price = amountOrNull(body.price, 'Prijs');
      const setupPrice = amountOrNull(body.setup_price, 'Eenmalige kosten');
      if (price !== null || setupPrice !== null) requirePermission(actor, 'EDIT_PRICES');
      const closedMonth = guardClosedMonths(actor, serviceChangeTouchesClosedMonth(null, periodOf({ startTime: start, endTime: end })));
      const extra = freeAndSpieValues(body);
      if (FREE_FIELDS.some((f) => extra[f])) requirePermission(actor, 'EDIT_FREE_FIELDS');
      if (SPIE_FIELDS.some((f) => extra[f])) requirePermission(actor, 'EDIT_SPIE_FIELDS');
      if (body.end_user_id && body.end_user) throw new HttpError(400, 'Kies een bestaande of een nieuwe eindgebruiker, niet beide.');
      if (body.end_user && (!body.end_user.firstname.trim() || !body.end_user.lastname.trim())) {
        throw new HttpError(400, 'Voornaam en achternaam van de nieuwe eindgebruiker zijn verplicht.');
      }
      const inputs = await checkedFieldInputs(app.db, article.articleGroupId, body.article_group_field_inputs);
      const { id, alerts } = await app.db.transaction(async (tx) => {
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
        return insertService(
          tx,
          actor,
          {
            articleId: article.id,
            endUserId,
            price,
            setupPrice,
            orderReference: emptyToNull(body.order_reference),
            startTime: start,
            endTime: end,
            contractPeriod: body.contract_period?.trim() || 'Maandelijks',
            ...toColumns(extra),
          },
          inputs,
          body,
          closedMonth,
        );
      });
      // After the commit, as after an import: the alerts that usage crossed.
      mailAlerts(app, alerts);
      // The service just written: it is there.
      return reply.code(201).send({ data: (await serviceDto(app.db, actor, id))! });
    },
  );

  app.get(
    '/services/:id',
    { schema: { params: idParams, response: { 200: serviceDataAnswer, ...errorResponses } } },
    async (request) => {
      const service = await serviceDto(app.db, request.actor, request.params.id);
      if (!service) throw new HttpError(404, 'Afname niet gevonden.');
      return { data: service };
    },
  );

  app.put(
    '/services/:id',
    {
      config: { permission: 'CREATE_SERVICE' },
      schema: { params: idParams, body: updateServiceBody, response: { 200: serviceDataAnswer, ...errorResponses } },
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
      // docs/screens.md, 'Editing a service': start not after end, end not before start.
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
      const price = 'price' in body ? amountOrNull(body.price, 'Prijs') : current.price;
      const setupPrice = 'setup_price' in body ? amountOrNull(body.setup_price, 'Eenmalige kosten') : current.setupPrice;
      const pricesChanged = !samePrice(price, current.price) || !samePrice(setupPrice, current.setupPrice);
      if (pricesChanged) requirePermission(actor, 'EDIT_PRICES');
      const after = { startTime: start, endTime: end, price, setupPrice };
      // A service's own price holds for every month, so changing it alters the closed months it has costs in.
      const closedMonth = guardClosedMonths(
        actor,
        serviceChangeTouchesClosedMonth(periodOf(current), periodOf(after)) ||
          (pricesChanged && serviceChangeTouchesClosedMonth(periodOf(current), null)),
      );
      const datesChanged = start.getTime() !== current.startTime.getTime() || (end?.getTime() ?? null) !== (current.endTime?.getTime() ?? null);
      const alerts = await app.db.transaction(async (tx) => {
        // A new number, or new dates for the numbers it holds, can overlap another holder's period.
        const held = datesChanged || inputs ? await phoneNumbersOf(tx, current.id) : [];
        if (datesChanged || (inputs && !sameNumbers(inputs, held))) {
          await assertPhoneNumbersFree(tx, actor.companyId, inputs ?? held, { start, end }, current.id);
        }
        await tx
          .update(services)
          .set({
            price,
            setupPrice,
            ...('order_reference' in body ? { orderReference: emptyToNull(body.order_reference) } : {}),
            ...(body.contract_period ? { contractPeriod: body.contract_period.trim() } : {}),
            startTime: start,
            endTime: end,
            ...toColumns(extra),
          })
          .where(and(eq(services.id, current.id), eq(services.companyId, actor.companyId)));
        if (inputs) await writeFieldInputs(tx, actor.companyId, current.id, inputs);
        await audit(tx, actor, 'service.update', 'service', current.id, {
          ...body,
          ...closedMonthAudit(closedMonth, billingValues(current), billingValues(after)),
        });
        // New numbers or dates may cover usage that was kept aside for want of a service (attached when provider staff save it).
        const matched = datesChanged || inputs ? await matchKeptRecords(tx, actor, phoneNumbers(inputs ?? held), { start, end }) : null;
        return matched?.alerts ?? [];
      });
      // After the commit, as after an import: the alerts that usage crossed.
      mailAlerts(app, alerts);
      return { data: (await serviceDto(app.db, actor, current.id))! };
    },
  );

  app.delete(
    '/services/:id/hard',
    { config: { permission: 'STOP_SERVICE' }, schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const current = await findService(app.db, actor.companyId, request.params.id);
      if (!current) throw new HttpError(404, 'Afname niet gevonden.');
      // A hard delete removes the history: the service is gone from every month's costs, closed ones too.
      const closedMonth = guardClosedMonths(actor, serviceChangeTouchesClosedMonth(periodOf(current), null));
      await app.db.transaction(async (tx) => {
        await tx.delete(services).where(and(eq(services.id, current.id), eq(services.companyId, actor.companyId)));
        // Its usage records go back to the kept-aside list: no deletion destroys usage.
        const keptAside = await removeUsageOfService(tx, actor.companyId, current.id);
        await audit(tx, actor, 'service.delete', 'service', current.id, {
          article_id: current.articleId,
          ...(keptAside > 0 ? { usage_kept_aside: keptAside } : {}),
          ...closedMonthAudit(closedMonth, billingValues(current), null),
        });
      });
      return { message: MSG.deleteSuccessBody };
    },
  );
}
