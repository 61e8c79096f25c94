import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { MSG } from '../../domain/messages';
import type { ServicePeriod } from '../../domain/closedMonths';
import { canonicalNumber } from '../../domain/phoneNumbers';
import type { ActivePeriod } from '../../domain/time';
import type { Db } from '../db';
import { articleGroupFields, serviceFieldInputs, services } from '../db/schema';
import { HttpError } from '../httpError';
import { toEpoch } from '../serialize';
import { audit } from './audit';
import type { Actor } from './auth/actor';
import { closedMonthAudit } from './closedMonths';
import type { NewAlert } from './alerts';
import { matchKeptRecords } from './usage/rematch';

/**
 * Writing afnames (services): the rules every write of one keeps, shared by the routes of
 * routes/subscriptions and by carrying out a request (services/requests/effects.ts), so each rule
 * has one implementation: phone numbers are global, kept-aside usage is matched when provider
 * staff save, closed months are marked in the audit entry (docs/rules.md).
 */

/** A category field's value as a service holds it. */
export interface FieldInput {
  fieldId: number;
  usedForCdr: boolean;
  value: string;
}

/** The dates and prices of a service as the audit log keeps them (Unix seconds, decimal strings). */
export const billingValues = (service: { startTime: Date; endTime: Date | null; price: string | null; setupPrice: string | null }) => ({
  start_time: toEpoch(service.startTime),
  end_time: toEpoch(service.endTime),
  price: service.price,
  setup_price: service.setupPrice,
});

export const periodOf = (service: { startTime: Date; endTime: Date | null }): ServicePeriod => ({
  start: toEpoch(service.startTime)!,
  end: toEpoch(service.endTime),
});

/** The service's category field values, with whether each field links usage (`used_for_cdr`). */
export const fieldInputsOf = async (db: Db, serviceId: number): Promise<FieldInput[]> =>
  db
    .select({ fieldId: serviceFieldInputs.articleGroupFieldId, usedForCdr: articleGroupFields.usedForCdr, value: serviceFieldInputs.value })
    .from(serviceFieldInputs)
    .innerJoin(articleGroupFields, eq(articleGroupFields.id, serviceFieldInputs.articleGroupFieldId))
    .where(eq(serviceFieldInputs.serviceId, serviceId));

/** The service's phone numbers (its `used_for_cdr` values). */
export const phoneNumbersOf = async (db: Db, serviceId: number): Promise<FieldInput[]> =>
  (await fieldInputsOf(db, serviceId)).filter((i) => i.usedForCdr);

/** The distinct phone numbers among field inputs, sorted (the order their locks are taken in). */
export const phoneNumbers = (inputs: { usedForCdr: boolean; value: string }[]) =>
  [...new Set(inputs.filter((i) => i.usedForCdr).map((i) => i.value))].sort();

export const sameNumbers = (a: { usedForCdr: boolean; value: string }[], b: { usedForCdr: boolean; value: string }[]) =>
  phoneNumbers(a).join('\n') === phoneNumbers(b).join('\n');

/**
 * A field's value as stored: a phone number of a `used_for_cdr` field in its canonical form
 * (domain/phoneNumbers), so uniqueness and the usage import compare one form (`+31 6 1110 2947` is
 * `0611102947`); any other value as entered.
 */
export const storedValue = (usedForCdr: boolean, value: string) => (usedForCdr ? (canonicalNumber(value) ?? value) : value);

/**
 * docs/rules.md, 'Phone numbers are global': a phone number (a `used_for_cdr` value) belongs to at most one
 * service at any moment, across all companies, because the usage import matches a record by its
 * number and time alone. A service whose period overlaps another holder's answers 409: the
 * company's own message, or, for another company's service, one that tells nothing about it.
 * Periods that only touch (one ends when the next starts: number porting) do not overlap.
 *
 * Race-safe: a transaction lock per number, taken in sorted order (no deadlock between two saves
 * of the same numbers), held until the save commits, so two saves of one number cannot both pass.
 */
export const assertPhoneNumbersFree = async (
  tx: Db,
  companyId: number,
  inputs: { usedForCdr: boolean; value: string }[],
  period: ActivePeriod,
  exceptServiceId: number | null,
) => {
  const numbers = phoneNumbers(inputs);
  for (const number of numbers) await tx.execute(sql`select pg_advisory_xact_lock(4712, hashtext(${number}))`);
  for (const number of numbers) {
    const holders = await tx
      .selectDistinct({ companyId: services.companyId })
      .from(serviceFieldInputs)
      .innerJoin(articleGroupFields, and(eq(articleGroupFields.id, serviceFieldInputs.articleGroupFieldId), eq(articleGroupFields.usedForCdr, true)))
      .innerJoin(services, eq(services.id, serviceFieldInputs.serviceId))
      .where(
        and(
          eq(serviceFieldInputs.value, number),
          period.end === null ? undefined : lt(services.startTime, period.end),
          or(isNull(services.endTime), gt(services.endTime, period.start)),
          exceptServiceId === null ? undefined : ne(services.id, exceptServiceId),
        ),
      );
    if (holders.some((h) => h.companyId === companyId)) throw new HttpError(409, MSG.phoneNumberTaken);
    if (holders.length > 0) throw new HttpError(409, MSG.phoneNumberTakenElsewhere);
  }
};

export const writeFieldInputs = async (tx: Db, companyId: number, serviceId: number, inputs: { fieldId: number; value: string }[]) => {
  await tx.delete(serviceFieldInputs).where(eq(serviceFieldInputs.serviceId, serviceId));
  if (inputs.length > 0) {
    await tx
      .insert(serviceFieldInputs)
      .values(inputs.map((i) => ({ serviceId, companyId, articleGroupFieldId: i.fieldId, value: i.value })));
  }
};

/** Who writes: the acting user, with the company the afname is of (the change log it shows in). */
export type WritingActor = Pick<Actor, 'userId' | 'roleId' | 'companyId' | 'impersonatingFrom' | 'impersonationId'>;

/** A new afname's columns (the company is the writing actor's). */
export type NewService = Omit<typeof services.$inferInsert, 'id' | 'companyId' | 'createdAt'> & { startTime: Date };

/**
 * Inserts an afname with its category field values, in the caller's transaction: the number rule
 * for its period first, then the audit entry 'service.create' (with `closedMonth`'s mark, see
 * guardClosedMonths, which the caller has decided), then the kept-aside usage of its numbers in
 * its period when provider staff save it. Answers its id and the alerts that usage crossed (to
 * mail after the commit).
 */
export const insertService = async (
  tx: Db,
  actor: WritingActor,
  values: NewService,
  inputs: FieldInput[],
  auditChanges: Record<string, unknown>,
  closedMonth: boolean,
): Promise<{ id: number; alerts: NewAlert[] }> => {
  const period = { start: values.startTime, end: values.endTime ?? null };
  await assertPhoneNumbersFree(tx, actor.companyId, inputs, period, null);
  const [created] = await tx
    .insert(services)
    .values({ ...values, companyId: actor.companyId })
    .returning({ id: services.id });
  await writeFieldInputs(tx, actor.companyId, created.id, inputs);
  await audit(tx, actor, 'service.create', 'service', created.id, {
    ...auditChanges,
    ...closedMonthAudit(
      closedMonth,
      null,
      billingValues({ startTime: period.start, endTime: period.end, price: values.price ?? null, setupPrice: values.setupPrice ?? null }),
    ),
  });
  // Usage of its numbers that was kept aside for want of a service is its now, when provider staff register it.
  const matched = await matchKeptRecords(tx, actor, phoneNumbers(inputs), period);
  return { id: created.id, alerts: matched?.alerts ?? [] };
};
