import { and, eq } from 'drizzle-orm';
import { firstOpenDay } from '../../../domain/closedMonths';
import { MSG } from '../../../domain/messages';
import { ROLE, type PermissionMap } from '../../../domain/permissions';
import { firstOfNextMonth, REQUEST_MSG, type RequestKind } from '../../../domain/requests';
import { SIM_MSG } from '../../../domain/simNumbers';
import { businessDateOf, businessTimeToEpoch, isoDate } from '../../../domain/time';
import {
  articleGroupFields,
  articleGroups,
  articlePriceHistory,
  articles,
  auditLog,
  companies,
  endUsers,
  requests,
  serviceFieldInputs,
  services,
  usageRecords,
  users,
} from '../../db/schema';
import { multipartFile } from '../usage/testSupport';
import { toEpoch } from '../../serialize';
import type { Actor } from '../auth/actor';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { carryOutRequest, type CarryOutInput } from './effects';

/**
 * Carrying out a request (docs/requests.md, 'Kinds'; the worked examples of docs/rules.md,
 * 'Requests: what carrying out does'), inside a transaction as the request routes run it, on a
 * company of its own: Aanvraagtest B.V. with the articles Mobiel Basis (€ 10,00 a month) and
 * Mobiel Plus (€ 25,00) of Mobiele telefonie, and Vast Basis (€ 15,00) of Vaste telefonie.
 */

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let customerToken: string;
let staff: Actor;
let customerActor: Actor;
const ids = { basis: 0, plus: 0, vast: 0, foreign: 0, phoneField: 0, simField: 0, dataField: 0, eva: 0, mobileGroup: 0 };

const today = isoDate(businessDateOf(Math.floor(Date.now() / 1000)));
const nextMonth = firstOfNextMonth(today);
const thisMonth = firstOpenDay();
const [thisYear, thisMonthNumber] = thisMonth.split('-').map(Number);
/** The first of the month `offset` months from the current one, at `hour` in business time. */
const monthStart = (offset: number, day = 1, hour = 0) => {
  const index = thisYear * 12 + (thisMonthNumber - 1) + offset;
  return new Date(businessTimeToEpoch(Math.floor(index / 12), (index % 12) + 1, day, hour) * 1000);
};
const iso = (date: Date) => isoDate(businessDateOf(toEpoch(date)!));
const lastDay = (first: string) => {
  const [year, month] = first.split('-').map(Number);
  return `${first.slice(0, 8)}${new Date(Date.UTC(year, month, 0)).getUTCDate()}`;
};

const actorOf = (userId: number, roleId: number, ownCompanyId: number): Actor => ({
  userId,
  roleId,
  ownCompanyId,
  companyId: ownCompanyId,
  impersonatingFrom: null,
  impersonationId: null,
  sessionId: 'test',
  sessionScope: 'full',
  permissions: {} as PermissionMap,
});

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Aanvraagtest B.V.' }).returning();
  const [other] = await db.insert(companies).values({ name: 'Anderbedrijf B.V.' }).returning();
  companyId = company.id;
  otherCompanyId = other.id;
  const [customer] = await db
    .insert(users)
    .values({ email: 'eva@aanvraagtest.nl', firstname: 'Eva', lastname: 'Smit', companyId, roleId: ROLE.endUser })
    .returning();
  customerToken = await t.tokenFor(customer.id);
  customerActor = actorOf(customer.id, ROLE.endUser, companyId);
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@demo.nl'));
  staff = actorOf(admin.id, admin.roleId, admin.companyId);

  const groups = new Map((await db.select().from(articleGroups)).map((g) => [g.name, g.id]));
  ids.mobileGroup = groups.get('Mobiele telefonie')!;
  const fields = await db.select().from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, ids.mobileGroup));
  ids.phoneField = fields.find((f) => f.usedForCdr)!.id;
  ids.simField = fields.find((f) => f.name === 'SIM nummer')!.id;
  ids.dataField = fields.find((f) => f.name === 'Data')!.id;
  const article = async (owner: number, name: string, group: string, price: string) => {
    const [row] = await db
      .insert(articles)
      .values({ companyId: owner, articleGroupId: groups.get(group)!, name, price, setupPrice: '0' })
      .returning();
    await db.insert(articlePriceHistory).values({ articleId: row.id, companyId: owner, fromTime: new Date('2024-01-01T00:00:00Z'), price, setupPrice: '0' });
    return row.id;
  };
  ids.basis = await article(companyId, 'Mobiel Basis', 'Mobiele telefonie', '10');
  ids.plus = await article(companyId, 'Mobiel Plus', 'Mobiele telefonie', '25');
  ids.vast = await article(companyId, 'Vast Basis', 'Vaste telefonie', '15');
  ids.foreign = await article(otherCompanyId, 'Mobiel Extra', 'Mobiele telefonie', '30');
  const [eva] = await db.insert(endUsers).values({ companyId, firstname: 'Eva', lastname: 'Smit' }).returning();
  ids.eva = eva.id;
}, 60_000);
afterAll(() => t.close());

/** An afname of Mobiel Basis for Eva Smit with a number, a SIM number and a data field. */
const mobileService = async (values: Partial<typeof services.$inferInsert>, number: string, sim: string | null = '8931040000000000017') => {
  const db = t.database.db;
  const [row] = await db
    .insert(services)
    .values({ companyId, articleId: ids.basis, endUserId: ids.eva, startTime: monthStart(-1, 1, 12), ...values })
    .returning();
  await db.insert(serviceFieldInputs).values([
    { serviceId: row.id, companyId: row.companyId, articleGroupFieldId: ids.phoneField, value: number },
    ...(sim ? [{ serviceId: row.id, companyId: row.companyId, articleGroupFieldId: ids.simField, value: sim }] : []),
    { serviceId: row.id, companyId: row.companyId, articleGroupFieldId: ids.dataField, value: '5 GB' },
  ]);
  return row;
};

/** A request in 'In behandeling', as the queue hands it to the handler. */
const insertRequest = async (kind: RequestKind, details: Record<string, unknown>, target: { serviceId?: number; articleGroupId?: number }) => {
  const [row] = await t.database.db
    .insert(requests)
    .values({ companyId, kind, state: 'in_progress', details, requestedByName: 'Eva Smit', ...target })
    .returning();
  return row;
};

const carryOut = (request: typeof requests.$inferSelect, input: CarryOutInput = {}, actor = staff) =>
  t.database.db.transaction((tx) => carryOutRequest(tx, request, input, actor));

const serviceRow = async (id: number) => (await t.database.db.select().from(services).where(eq(services.id, id)))[0];
const valuesOf = async (serviceId: number) =>
  Object.fromEntries(
    (await t.database.db.select().from(serviceFieldInputs).where(eq(serviceFieldInputs.serviceId, serviceId))).map((i) => [i.articleGroupFieldId, i.value]),
  );
const auditOf = (serviceId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'service'), eq(auditLog.entityId, String(serviceId))))
    .orderBy(auditLog.id);

describe('block', () => {
  it('blocks the afname', async () => {
    const service = await mobileService({ blockState: 'requested' }, '0611000001');
    expect(await carryOut(await insertRequest('block', { reason: 'lost', note: '' }, { serviceId: service.id }))).toBeNull();
    expect((await serviceRow(service.id)).blockState).toBe('blocked');
  });
});

describe('new_sim', () => {
  it('needs a SIM number of 18 to 22 digits and changes nothing without one', async () => {
    const service = await mobileService({ blockState: 'blocked' }, '0611000002');
    const request = await insertRequest('new_sim', { sim_type: 'esim', email: 'eva@aanvraagtest.nl' }, { serviceId: service.id });
    await expect(carryOut(request, {})).rejects.toMatchObject({ statusCode: 400, message: REQUEST_MSG.simNumberRequired });
    await expect(carryOut(request, { simNumber: '   ' })).rejects.toMatchObject({ statusCode: 400, message: REQUEST_MSG.simNumberRequired });
    for (const wrong of ['89310400000000000A9', '12345', '89310400000000000000001']) {
      await expect(carryOut(request, { simNumber: wrong })).rejects.toMatchObject({ statusCode: 400, message: SIM_MSG.simNumberInvalid });
    }
    expect((await valuesOf(service.id))[ids.simField]).toBe('8931040000000000017');
    expect((await serviceRow(service.id)).blockState).toBe('blocked');
  });

  it("replaces the afname's SIM nummer, ends its block and answers the number", async () => {
    const service = await mobileService({ blockState: 'blocked' }, '0611000003');
    const request = await insertRequest('new_sim', { sim_type: 'esim', email: 'eva@aanvraagtest.nl' }, { serviceId: service.id });
    expect(await carryOut(request, { simNumber: ' 8931 0400 0000 0000 999 ' })).toEqual({ sim_number: '8931040000000000999' });
    expect(await valuesOf(service.id)).toEqual({ [ids.phoneField]: '0611000003', [ids.simField]: '8931040000000000999', [ids.dataField]: '5 GB' });
    expect((await serviceRow(service.id)).blockState).toBeNull();
    const [entry] = await auditOf(service.id);
    expect(entry).toMatchObject({
      action: 'service.update',
      companyId,
      userId: staff.userId,
      changes: { request_id: request.id, before: { sim_number: '8931040000000000017', block_state: 'blocked' }, after: { sim_number: '8931040000000000999' } },
    });
  });

  it('adds the SIM nummer to an afname that had none, in its company', async () => {
    const service = await mobileService({}, '0611000004', null);
    const request = await insertRequest('new_sim', { sim_type: 'esim', email: 'eva@aanvraagtest.nl' }, { serviceId: service.id });
    await carryOut(request, { simNumber: '8931040000000000888' });
    const [input] = await t.database.db
      .select()
      .from(serviceFieldInputs)
      .where(and(eq(serviceFieldInputs.serviceId, service.id), eq(serviceFieldInputs.articleGroupFieldId, ids.simField)));
    expect(input).toMatchObject({ companyId, value: '8931040000000000888' });
  });
});

describe('tariff_change', () => {
  const costLines = async (path: string, month: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/${path}?costs_date_from=${month}&costs_date_to=${lastDay(month)}`, headers: auth(customerToken) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const monthlyCosts = async (month: string) => (await costLines('costs', month)).billing_cycles[0].costs;

  it('ends the old afname the day before the date and starts the new one on it, with the same fields and number', async () => {
    const old = await mobileService(
      { orderReference: 'PO-7', contractPeriod: '24 maanden', inputField1: 'KP-1', spieField1: 'SPIE-1', price: '8.000000' },
      '0612345678',
    );
    const request = await insertRequest('tariff_change', { article_id: ids.plus, date: nextMonth }, { serviceId: old.id });
    const outcome = await carryOut(request);
    expect(outcome).toEqual({ service_id: expect.any(Number) });
    const [nextYear, nextMonthNumber] = nextMonth.split('-').map(Number);
    const start = businessTimeToEpoch(nextYear, nextMonthNumber, 1);
    expect(toEpoch((await serviceRow(old.id)).endTime)).toBe(start);
    const created = await serviceRow(outcome!.service_id as number);
    expect(created).toMatchObject({
      companyId,
      articleId: ids.plus,
      endUserId: ids.eva,
      orderReference: 'PO-7',
      contractPeriod: '24 maanden',
      inputField1: 'KP-1',
      spieField1: 'SPIE-1',
      price: null,
      setupPrice: null,
      endTime: null,
      blockState: null,
    });
    expect(toEpoch(created.startTime)).toBe(start);
    expect(await valuesOf(created.id)).toEqual(await valuesOf(old.id));
    expect((await auditOf(old.id)).map((e) => e.action)).toEqual(['service.update']);
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({ action: 'service.create', companyId, userId: staff.userId, changes: expect.objectContaining({ replaces_service_id: old.id }) }),
    ]);

    // Costs follow: this month the old article at its own price, next month the new article only.
    const current = await costLines('costslinesmonthly', thisMonth);
    expect(current.filter((l: { service_id: number }) => l.service_id === old.id)).toEqual([
      expect.objectContaining({ article_name: 'Mobiel Basis', total_price: 8 }),
    ]);
    expect(current.some((l: { service_id: number }) => l.service_id === created.id)).toBe(false);
    const next = await costLines('costslinesmonthly', nextMonth);
    expect(next.filter((l: { service_id: number }) => l.service_id === created.id)).toEqual([
      expect.objectContaining({ article_name: 'Mobiel Plus', total_price: 25 }),
    ]);
    expect(next.some((l: { service_id: number }) => l.service_id === old.id)).toBe(false);
    expect(await costLines('costslinespartly', nextMonth)).toEqual([]);
  });

  it('shows in the costs of the company: € 8,00 this month, € 25,00 next month', async () => {
    // The afnames of the test above are the company's only ones with a month's price; the others are blocks and SIMs of € 10,00.
    const current = await monthlyCosts(thisMonth);
    const next = await monthlyCosts(nextMonth);
    const others = 10 * 4; // the four afnames of block and new_sim, each Mobiel Basis, running
    expect(current.periodic).toBe(8 + others);
    expect(next.periodic).toBe(25 + others);
  });

  it('refuses an article of another group or company, the same article, and an afname already ended then; changes nothing', async () => {
    const old = await mobileService({}, '0612345679');
    const tries: [Record<string, unknown>, number, string][] = [
      [{ article_id: ids.vast, date: nextMonth }, 400, REQUEST_MSG.articleNotInGroup],
      [{ article_id: ids.foreign, date: nextMonth }, 409, 'Het gekozen artikel bestaat niet meer.'],
      [{ article_id: ids.basis, date: nextMonth }, 400, REQUEST_MSG.sameArticle],
      [{ article_id: ids.plus, date: iso(monthStart(-1, 1)) }, 409, 'De afname begint pas op of na deze datum: kies een latere datum.'],
    ];
    for (const [details, statusCode, message] of tries) {
      await expect(carryOut(await insertRequest('tariff_change', details, { serviceId: old.id }))).rejects.toMatchObject({ statusCode, message });
    }
    await t.database.db.update(services).set({ endTime: monthStart(1, 1) }).where(eq(services.id, old.id));
    await expect(carryOut(await insertRequest('tariff_change', { article_id: ids.plus, date: nextMonth }, { serviceId: old.id }))).rejects.toMatchObject({
      statusCode: 409,
      message: 'De afname is op deze datum al beëindigd.',
    });
    expect(toEpoch((await serviceRow(old.id)).endTime)).toBe(toEpoch(monthStart(1, 1)));
    expect(await auditOf(old.id)).toEqual([]);
  });

  it('lets provider staff change a closed month, marked in both audit entries; a customer user gets 409', async () => {
    const old = await mobileService({ startTime: monthStart(-2, 1, 12) }, '0612345680');
    const inClosedMonth = iso(monthStart(-1, 15));
    await expect(
      carryOut(await insertRequest('tariff_change', { article_id: ids.plus, date: inClosedMonth }, { serviceId: old.id }), {}, customerActor),
    ).rejects.toMatchObject({ statusCode: 409, message: MSG.closedMonth });
    const outcome = await carryOut(await insertRequest('tariff_change', { article_id: ids.plus, date: inClosedMonth }, { serviceId: old.id }));
    const [ended] = await auditOf(old.id);
    expect(ended.changes).toMatchObject({ closed_month: true, before: { end_time: null }, after: { end_time: toEpoch(monthStart(-1, 15)) } });
    const [created] = await auditOf(outcome!.service_id as number);
    expect(created.changes).toMatchObject({ closed_month: true });
  });
});

describe('porting', () => {
  const details = { number: '+31 6 2000 3000', current_provider: 'Ander Net', contract_number: 'AN-1', date: nextMonth };

  it('needs an article of the group and company, and an end user of the company', async () => {
    const request = await insertRequest('porting', details, { articleGroupId: ids.mobileGroup });
    await expect(carryOut(request, {})).rejects.toMatchObject({ statusCode: 400, message: "Veld 'Artikel' is verplicht." });
    await expect(carryOut(request, { articleId: ids.vast })).rejects.toMatchObject({ statusCode: 400, message: REQUEST_MSG.articleNotInGroup });
    await expect(carryOut(request, { articleId: ids.foreign })).rejects.toMatchObject({ statusCode: 400, message: REQUEST_MSG.articleNotInGroup });
    const [theirs] = await t.database.db.insert(endUsers).values({ companyId: otherCompanyId, firstname: 'Ander', lastname: 'Mens' }).returning();
    await expect(carryOut(request, { articleId: ids.basis, endUserId: theirs.id })).rejects.toMatchObject({
      statusCode: 400,
      message: 'Eindgebruiker niet gevonden.',
    });
  });

  it('creates the afname with the number in its canonical form from the wished date', async () => {
    const request = await insertRequest('porting', details, { articleGroupId: ids.mobileGroup });
    const outcome = await carryOut(request, { articleId: ids.basis, endUserId: ids.eva });
    const created = await serviceRow(outcome!.service_id as number);
    expect(created).toMatchObject({ companyId, articleId: ids.basis, endUserId: ids.eva, endTime: null });
    expect(iso(created.startTime)).toBe(nextMonth);
    expect(await valuesOf(created.id)).toEqual({ [ids.phoneField]: '0620003000' });
  });

  it('takes the start date the handler enters, and keeps to the number rule (409 while another afname holds it)', async () => {
    const holder = await mobileService({ companyId: otherCompanyId, articleId: ids.foreign, endUserId: null, startTime: monthStart(-1, 1) }, '0620004000');
    const request = await insertRequest('porting', { ...details, number: '06 2000 4000' }, { articleGroupId: ids.mobileGroup });
    await expect(carryOut(request, { articleId: ids.basis })).rejects.toMatchObject({ statusCode: 409, message: MSG.phoneNumberTakenElsewhere });
    // The other provider's customer leaves at the end of this month: from next month on the number is free.
    await t.database.db.update(services).set({ endTime: monthStart(1, 1) }).where(eq(services.id, holder.id));
    const outcome = await carryOut(request, { articleId: ids.basis, startDate: nextMonth });
    expect(iso((await serviceRow(outcome!.service_id as number)).startTime)).toBe(nextMonth);
    await expect(carryOut(request, { articleId: ids.basis, startDate: iso(monthStart(2, 1)) })).rejects.toMatchObject({
      statusCode: 409,
      message: MSG.phoneNumberTaken,
    });
  });

  it('matches the usage kept aside for the number, as registering an afname does', async () => {
    const [year, month] = thisMonth.split('-');
    const csv = ['datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs', `01-${month}-${year};09:00:00;0620005000;0201234567;uitgaand;voice;60;out;0,25`];
    const { payload, headers } = multipartFile('usage', csv.join('\n'), 'voor-het-overzetten.csv');
    const imported = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(await t.login('admin@demo.nl')) } });
    expect(imported.json()).toMatchObject({ imported: 0, unmatched: 1 });
    const request = await insertRequest('porting', { ...details, number: '0620005000' }, { articleGroupId: ids.mobileGroup });
    const outcome = await carryOut(request, { articleId: ids.basis, startDate: thisMonth });
    const records = await t.database.db.select().from(usageRecords).where(eq(usageRecords.serviceId, outcome!.service_id as number));
    expect(records).toEqual([expect.objectContaining({ companyId, sender: '0620005000' })]);
  });
});
