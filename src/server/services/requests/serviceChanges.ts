import { and, eq } from 'drizzle-orm';
import { serviceChangeTouchesClosedMonth } from '../../../domain/closedMonths';
import { REQUEST_MSG, type RequestDetails } from '../../../domain/requests';
import { normaliseSimNumber, simNumberProblem } from '../../../domain/simNumbers';
import type { Db } from '../../db';
import { articleGroupFields, articles, endUsers, serviceFieldInputs, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import { parseInstant } from '../../input';
import { toEpoch } from '../../serialize';
import type { NewAlert } from '../alerts';
import { findArticle } from '../articles';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import { closedMonthAudit, guardClosedMonths } from '../closedMonths';
import { billingValues, fieldInputsOf, insertService, periodOf, storedValue, type WritingActor } from '../serviceWrites';
import type { CarryOutInput, RequestRow } from './types';
import { simOfService } from './simField';

/**
 * The effects of new_sim, tariff_change and porting (docs/requests.md, 'Kinds'; the worked
 * examples are in docs/rules.md, 'Requests: what carrying out does'). They write afnames through
 * services/serviceWrites.ts, so the rules of every afname write hold here too: phone numbers are
 * global, closed months are the provider's to change and marked in the audit entry, kept-aside
 * usage of a number is matched. Audit entries go to the request's company's change log, with the
 * handler as the user.
 */

/** What carrying out leaves to do after the commit: the usage alerts that matched usage crossed, to mail. */
export interface AfterCommit {
  alerts: NewAlert[];
}

const writerOf = (actor: Actor, request: RequestRow): WritingActor => ({ ...actor, companyId: request.companyId });

/**
 * Why a tariff change cannot start at `from` on this afname, or null: the new afname starts after
 * the old one's first day and before its end. Checked when it is asked and again when it is carried out.
 */
export const tariffChangeDateProblem = (from: Date, afname: { startTime: Date; endTime: Date | null }): string | null => {
  if (from.getTime() <= afname.startTime.getTime()) return 'De afname begint pas op of na deze datum: kies een latere datum.';
  if (afname.endTime && afname.endTime.getTime() <= from.getTime()) return 'De afname is op deze datum al beëindigd.';
  return null;
};

const serviceGone = () => new HttpError(409, 'Deze afname bestaat niet meer.');

const detailsOf = <K extends keyof RequestDetails>(request: RequestRow) => request.details as Partial<RequestDetails[K]>;

/** new_sim: the handler's SIM number replaces the afname's SIM nummer and ends a block (the block was of the old SIM). */
export const carryOutNewSim = async (tx: Db, request: RequestRow, input: CarryOutInput, actor: Actor) => {
  const entered = input.simNumber?.trim() ?? '';
  if (!entered) throw new HttpError(400, REQUEST_MSG.simNumberRequired, [{ field: 'sim_number', message: REQUEST_MSG.simNumberRequired }]);
  const problem = simNumberProblem(entered);
  if (problem) throw new HttpError(400, problem, [{ field: 'sim_number', message: problem }]);
  const simNumber = normaliseSimNumber(entered);
  const sim = request.serviceId === null ? null : await simOfService(tx, request.companyId, request.serviceId);
  if (!sim) throw serviceGone();
  if (!sim.field) throw new HttpError(409, "Deze afname heeft geen veld 'SIM nummer'.");
  if (sim.input) {
    await tx.update(serviceFieldInputs).set({ value: simNumber }).where(eq(serviceFieldInputs.id, sim.input.id));
  } else {
    await tx
      .insert(serviceFieldInputs)
      .values({ serviceId: sim.service.id, companyId: sim.service.companyId, articleGroupFieldId: sim.field.id, value: simNumber });
  }
  await tx.update(services).set({ blockState: null }).where(eq(services.id, sim.service.id));
  await audit(tx, writerOf(actor, request), 'service.update', 'service', sim.service.id, {
    request_id: request.id,
    before: { sim_number: sim.input?.value ?? null, block_state: sim.service.blockState },
    after: { sim_number: simNumber, block_state: null },
  });
  return { sim_number: simNumber };
};

/**
 * tariff_change: the old afname's last day is the day before the date (its end date is the date,
 * the first day it is not active: docs/costs.md, '1. Active days'); a new afname of the new
 * article starts on the date with the old one's end user, order reference, contract period, free
 * and provider fields, category field values (its phone number included: the periods touch, so
 * the number rule lets it pass from one to the other) and planned end date. Own prices are not
 * copied: they were of the old article. A carried-out block stays with the SIM.
 */
export const carryOutTariffChange = async (tx: Db, request: RequestRow, actor: Actor, afterCommit: AfterCommit) => {
  const details = detailsOf<'tariff_change'>(request);
  const [current] =
    request.serviceId === null
      ? []
      : await tx
          .select({ service: services, articleGroupId: articles.articleGroupId })
          .from(services)
          .innerJoin(articles, eq(articles.id, services.articleId))
          .where(and(eq(services.id, request.serviceId), eq(services.companyId, request.companyId)));
  if (!current) throw serviceGone();
  const old = current.service;
  const article = typeof details.article_id === 'number' ? await findArticle(tx, request.companyId, details.article_id) : null;
  if (!article) throw new HttpError(409, 'Het gekozen artikel bestaat niet meer.');
  if (article.articleGroupId !== current.articleGroupId) throw new HttpError(400, REQUEST_MSG.articleNotInGroup);
  if (article.id === old.articleId) throw new HttpError(400, REQUEST_MSG.sameArticle);
  const from = parseInstant(typeof details.date === 'string' ? details.date : null, 'Datum');
  if (!from) throw new HttpError(400, "Veld 'Datum' is verplicht.");
  const dateProblem = tariffChangeDateProblem(from, old);
  if (dateProblem) throw new HttpError(409, dateProblem);

  const ended = { ...old, endTime: from };
  const next = { startTime: from, endTime: old.endTime };
  // docs/rules.md, 'Billed months are closed': provider staff may, and their audit entries say so.
  const oldClosedMonth = guardClosedMonths(actor, serviceChangeTouchesClosedMonth(periodOf(old), periodOf(ended)));
  const newClosedMonth = guardClosedMonths(actor, serviceChangeTouchesClosedMonth(null, periodOf(next)));
  const writer = writerOf(actor, request);

  // Ending first: the new afname's period then only touches the old one's, for the number rule.
  // A shorter period overlaps nobody new and covers no usage it did not cover.
  await tx.update(services).set({ endTime: from }).where(eq(services.id, old.id));
  await audit(tx, writer, 'service.update', 'service', old.id, {
    end_time: toEpoch(from),
    request_id: request.id,
    ...closedMonthAudit(oldClosedMonth, billingValues(old), billingValues(ended)),
  });
  const { id, alerts } = await insertService(
    tx,
    writer,
    {
      articleId: article.id,
      endUserId: old.endUserId,
      orderReference: old.orderReference,
      startTime: from,
      endTime: old.endTime,
      contractPeriod: old.contractPeriod,
      inputField1: old.inputField1,
      inputField2: old.inputField2,
      inputField3: old.inputField3,
      inputField4: old.inputField4,
      spieField1: old.spieField1,
      spieField2: old.spieField2,
      spieField3: old.spieField3,
      blockState: old.blockState === 'blocked' ? 'blocked' : null,
    },
    await fieldInputsOf(tx, old.id),
    { article_id: article.id, start_time: toEpoch(from), replaces_service_id: old.id, request_id: request.id },
    newClosedMonth,
  );
  afterCommit.alerts.push(...alerts);
  return { service_id: id };
};

/**
 * porting: a new afname of the handler's article (of the request's article group and company)
 * with the number in the group's phone number field, from the start date (default: the wished
 * date), for the end user the handler picks. The number rule holds: a number another afname holds
 * at that time answers the existing 409.
 */
export const carryOutPorting = async (tx: Db, request: RequestRow, input: CarryOutInput, actor: Actor, afterCommit: AfterCommit) => {
  const details = detailsOf<'porting'>(request);
  if (request.articleGroupId === null) throw new HttpError(409, 'Deze artikelgroep bestaat niet meer.');
  if (input.articleId === undefined) {
    throw new HttpError(400, "Veld 'Artikel' is verplicht.", [{ field: 'article_id', message: "Veld 'Artikel' is verplicht." }]);
  }
  const article = await findArticle(tx, request.companyId, input.articleId);
  if (!article || article.articleGroupId !== request.articleGroupId) {
    throw new HttpError(400, REQUEST_MSG.articleNotInGroup, [{ field: 'article_id', message: REQUEST_MSG.articleNotInGroup }]);
  }
  const [numberField] = await tx
    .select()
    .from(articleGroupFields)
    .where(and(eq(articleGroupFields.articleGroupId, request.articleGroupId), eq(articleGroupFields.usedForCdr, true)));
  if (!numberField) throw new HttpError(409, 'Deze artikelgroep heeft geen veld voor een telefoonnummer.');
  const number = typeof details.number === 'string' ? details.number.trim() : '';
  if (!number) throw new HttpError(409, 'Deze aanvraag noemt geen nummer.');
  const start = parseInstant(input.startDate ?? (typeof details.date === 'string' ? details.date : null), 'Startdatum');
  if (!start) throw new HttpError(400, "Veld 'Startdatum' is verplicht.", [{ field: 'start_date', message: "Veld 'Startdatum' is verplicht." }]);
  let endUserId: number | null = null;
  if (input.endUserId !== undefined && input.endUserId !== null) {
    const [owner] = await tx
      .select({ id: endUsers.id })
      .from(endUsers)
      .where(and(eq(endUsers.id, input.endUserId), eq(endUsers.companyId, request.companyId)));
    if (!owner) throw new HttpError(400, 'Eindgebruiker niet gevonden.', [{ field: 'end_user_id', message: 'Eindgebruiker niet gevonden.' }]);
    endUserId = owner.id;
  }
  const closedMonth = guardClosedMonths(actor, serviceChangeTouchesClosedMonth(null, periodOf({ startTime: start, endTime: null })));
  const value = storedValue(true, number);
  const { id, alerts } = await insertService(
    tx,
    writerOf(actor, request),
    { articleId: article.id, endUserId, startTime: start, endTime: null },
    [{ fieldId: numberField.id, usedForCdr: true, value }],
    { article_id: article.id, start_time: toEpoch(start), end_user_id: endUserId, number: value, request_id: request.id },
    closedMonth,
  );
  afterCommit.alerts.push(...alerts);
  return { service_id: id };
};
