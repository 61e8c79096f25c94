import { and, eq, sql } from 'drizzle-orm';
import { REQUEST_MSG } from '../../../domain/requests';
import { queryRows } from '../../db';
import { auditLog, requests, services, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { call, mailsTo, runningServices } from '../../testing/requests';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** The provider's queue (docs/requests.md, 'The queue' and 'Carrying out'). */

let t: TestApp;
let klant: string;
let admin: string;
let superadmin: string;
let adminId: number;
let installatie: number;
let elektro: number;
let mobile: Awaited<ReturnType<typeof runningServices>>;

const nextMobile = () => {
  const service = mobile.shift();
  if (!service) throw new Error('no mobile afname left for this test');
  return service;
};
const asked = () => mobile[mobile.length - 1];

const ask = async (body: object) => {
  const res = await call(t, klant, 'POST', '/requests', body);
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};
const askQuestion = () => ask({ kind: 'question', service_id: asked().id, details: { text: 'Een vraag' } });
const askBlock = async () => {
  const service = nextMobile();
  return { id: await ask({ kind: 'block', service_id: service.id, details: { reason: 'lost' } }), serviceId: service.id };
};
const blockStateOf = async (serviceId: number) =>
  (await t.database.db.select({ blockState: services.blockState }).from(services).where(eq(services.id, serviceId)))[0].blockState;
const queue = async (query = '', token = admin) => {
  const res = await call(t, token, 'GET', `/request-queue${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: number; kind: string; state: string; created_at: number; company: { id: number }; handler: { id: number | null } | null }[]; total: number };
};
/** A request of installatie put straight into the table, `daysAgo` old. */
const stored = async (kind: 'block' | 'question', state: 'submitted' | 'in_progress' | 'awaiting_approval', daysAgo: number) => {
  const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [row] = await t.database.db
    .insert(requests)
    .values({ companyId: installatie, kind, state, serviceId: asked().id, details: kind === 'block' ? { reason: 'lost', note: '' } : { text: 'Vraag' }, requestedByName: 'Test', createdAt, updatedAt: createdAt })
    .returning();
  return row.id;
};

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  admin = await t.login('admin@demo.nl');
  superadmin = await t.login('superadmin@demo.nl');
  adminId = (await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.nl')))[0].id;
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  elektro = (await findCompanyByName(t.database.db, 'Van Dijk Elektrotechniek B.V.'))!.id;
  mobile = await runningServices(t.database.db, installatie);
}, 60_000);
afterAll(() => t.close());

describe('GET /request-queue', () => {
  it('lists the open requests of every company: blocks first, then the oldest first', async () => {
    const oldQuestion = await stored('question', 'submitted', 40);
    const newBlock = await stored('block', 'in_progress', 0.01);
    const oldBlock = await stored('block', 'submitted', 35);
    const waiting = await stored('question', 'awaiting_approval', 50);
    const page = await queue('?limit=200');
    const ids = page.items.map((r) => r.id);
    expect(ids.indexOf(oldBlock)).toBeLessThan(ids.indexOf(newBlock));
    expect(ids.indexOf(newBlock)).toBeLessThan(ids.indexOf(oldQuestion));
    expect(ids).not.toContain(waiting);
    const blocksEnd = page.items.findIndex((r) => r.kind !== 'block');
    expect(page.items.slice(blocksEnd).every((r) => r.kind !== 'block')).toBe(true);
    for (const part of [page.items.slice(0, blocksEnd), page.items.slice(blocksEnd)]) {
      const times = part.map((r) => r.created_at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    }
    expect(page.items.every((r) => r.state === 'submitted' || r.state === 'in_progress')).toBe(true);
    expect(new Set(page.items.map((r) => r.company.id))).toEqual(new Set([installatie, elektro]));
    expect(page.total).toBe(page.items.length);
  });

  it('reads the open page in the order of the partial index requests_queue_idx', async () => {
    // Whatever the planner prefers for a table this small: the index must give the order (a sort is only penalised, so it would still show).
    const plan = await t.database.db.transaction(async (tx) => {
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(`set local ${setting} = off`);
      const rows = await queryRows(
        tx,
        sql`explain select r.id from requests r where r.state in ('submitted', 'in_progress') order by (r.kind <> 'block'), r.created_at, r.id limit 50`,
      );
      return JSON.stringify(rows);
    });
    expect(plan).toContain('requests_queue_idx');
    expect(plan).not.toMatch(/Sort/);
  });

  it('filters by state (oldest first), kind, company, handler and a search term', async () => {
    const done = await queue('?state=done');
    expect(done.items.length).toBeGreaterThan(0);
    expect(done.items.every((r) => r.state === 'done')).toBe(true);
    const doneTimes = done.items.map((r) => r.created_at);
    expect([...doneTimes].sort((a, b) => a - b)).toEqual(doneTimes);
    expect((await queue('?state=awaiting_approval')).items).toEqual([]);
    expect((await queue('?kind=block')).items.every((r) => r.kind === 'block')).toBe(true);
    const ofElektro = await queue(`?company_id=${elektro}`);
    expect(ofElektro.items.length).toBeGreaterThan(0);
    expect(ofElektro.items.every((r) => r.company.id === elektro)).toBe(true);

    const id = await askQuestion();
    expect((await queue('?handler=none')).items.map((r) => r.id)).toContain(id);
    await call(t, admin, 'POST', `/request-queue/${id}/pick-up`);
    const mine = await queue('?handler=me');
    expect(mine.items.map((r) => r.id)).toContain(id);
    expect(mine.items.every((r) => r.handler?.id === adminId)).toBe(true);
    expect((await queue(`?handler=${adminId}`, superadmin)).items.map((r) => r.id)).toContain(id);
    expect((await queue('?handler=none')).items.map((r) => r.id)).not.toContain(id);
    expect((await queue('?q=Pieter')).items.map((r) => r.id)).toContain(id);
    expect((await queue('?q=Ingrid')).items.every((r) => r.company.id === elektro)).toBe(true);
  });

  it('does not answer a request that waits for the customer’s approval (404)', async () => {
    const waiting = await stored('question', 'awaiting_approval', 1);
    const res = await call(t, admin, 'GET', `/request-queue/${waiting}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(REQUEST_MSG.notFound);
  });
});

describe('GET /request-queue/summary', () => {
  it('counts the open requests, the age of the oldest open block and those older than a working day', async () => {
    const before = (await call(t, admin, 'GET', '/request-queue/summary')).json();
    await stored('question', 'submitted', 10);
    await stored('question', 'in_progress', 0);
    await stored('question', 'awaiting_approval', 10);
    await stored('block', 'submitted', 300);
    const after = (await call(t, admin, 'GET', '/request-queue/summary')).json();
    expect(after.open).toBe(before.open + 3);
    expect(after.older_than_working_day).toBe(before.older_than_working_day + 2);
    expect(after.oldest_block_seconds).toBeGreaterThanOrEqual(300 * 86_400);
    expect(after.oldest_block_seconds).toBeLessThan(301 * 86_400);
    expect(after.open).toBe((await queue('?limit=1')).total);
  });
});

describe('the steps of the provider', () => {
  it('picks up (the caller becomes the handler, also taking over), and picking up again as the handler is 409', async () => {
    const id = await askQuestion();
    const first = await call(t, admin, 'POST', `/request-queue/${id}/pick-up`);
    expect(first.json()).toMatchObject({ state: 'in_progress', handler: { id: adminId, name: 'Mark Jansen' }, steps: ['carry_out', 'reject'] });
    expect(first.json().events.at(-1)).toMatchObject({ state: 'in_progress', by_provider: true, user_name: 'Mark Jansen' });
    expect((await call(t, admin, 'POST', `/request-queue/${id}/pick-up`)).statusCode).toBe(409);
    expect((await call(t, superadmin, 'GET', `/request-queue/${id}`)).json().steps).toEqual(['pick_up', 'carry_out', 'reject']);
    const takeover = await call(t, superadmin, 'POST', `/request-queue/${id}/pick-up`);
    expect(takeover.json().handler.name).toBe('Sanne de Vries');
    // One mail for the one change of state; the takeover changes the handler only.
    await t.app.backgroundTasks.settled();
    expect(mailsTo(t, 'klant@demo.nl').filter((m) => m.includes(`/aanvragen/${id}`) && m.includes('is in behandeling'))).toHaveLength(1);
    // In the company's view: the customer's steps only.
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json()).toMatchObject({ state: 'in_progress', steps: [] });
  });

  it("carries out a block: the afname is 'blocked', the request done with its message, mailed and audited", async () => {
    const { id, serviceId } = await askBlock();
    const early = await call(t, admin, 'POST', `/request-queue/${id}/carry-out`, {});
    expect(early.statusCode).toBe(409);
    expect(await blockStateOf(serviceId)).toBe('requested');
    await call(t, admin, 'POST', `/request-queue/${id}/pick-up`);
    const res = await call(t, admin, 'POST', `/request-queue/${id}/carry-out`, { text: 'De simkaart is geblokkeerd.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'done', steps: [], service: { block_state: 'blocked' } });
    expect(res.json().events.at(-1)).toMatchObject({ state: 'done', text: 'De simkaart is geblokkeerd.', by_provider: true });
    expect(await blockStateOf(serviceId)).toBe('blocked');
    await t.app.backgroundTasks.settled();
    const mails = mailsTo(t, 'klant@demo.nl').filter((m) => m.includes(`/aanvragen/${id}`));
    expect(mails.map((m) => /^Subject: (.*)$/m.exec(m)![1])).toEqual(["Je aanvraag 'Blokkeren' is in behandeling", "Je aanvraag 'Blokkeren' is uitgevoerd"]);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'request'), eq(auditLog.entityId, String(id))));
    expect(entries.map((e) => e.action)).toEqual(['request.create', 'request.pick_up', 'request.carry_out']);
  });

  it('carries out a new SIM: a wrong input changes nothing, the right one is the outcome and the afname holds the new SIM', async () => {
    const service = nextMobile();
    const id = await ask({ kind: 'new_sim', service_id: service.id, details: { sim_type: 'esim', email: 'klant@demo.nl' } });
    await call(t, admin, 'POST', `/request-queue/${id}/pick-up`);
    const missing = await call(t, admin, 'POST', `/request-queue/${id}/carry-out`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(REQUEST_MSG.simNumberRequired);
    expect((await call(t, admin, 'GET', `/request-queue/${id}`)).json()).toMatchObject({ state: 'in_progress', outcome: null });
    const done = await call(t, admin, 'POST', `/request-queue/${id}/carry-out`, { sim_number: '8931 0499 0000 0000 123' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ state: 'done', outcome: { sim_number: '8931049900000000123' }, service: { sim_number: '8931049900000000123' } });
    // The customer sees the same outcome.
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json()).toMatchObject({ state: 'done', service: { sim_number: '8931049900000000123' } });
  });

  it("offers the request company's articles of the porting's article group to carry it out with", async () => {
    const [group] = await queryRows<{ id: number }>(t.database.db, sql`select id from article_groups where name = 'Mobiele telefonie'`);
    const id = await ask({
      kind: 'porting',
      article_group_id: group.id,
      details: { number: '0612000111', current_provider: 'Oude Provider', contract_number: 'C-1', date: '2099-01-01' },
    });
    const res = await call(t, admin, 'GET', `/request-queue/${id}/articles`);
    expect(res.statusCode).toBe(200);
    const expected = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from articles where company_id = ${installatie} and article_group_id = ${group.id} order by name, id`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json()).toEqual(expected);
    expect((await call(t, klant, 'GET', `/request-queue/${id}/articles`)).statusCode).toBe(403);
  });

  it("rejects with a reason only; a rejected block's afname is as before", async () => {
    const { id, serviceId } = await askBlock();
    const without = await call(t, admin, 'POST', `/request-queue/${id}/reject`, { reason: '' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(REQUEST_MSG.reasonRequired);
    expect(await blockStateOf(serviceId)).toBe('requested');
    const res = await call(t, admin, 'POST', `/request-queue/${id}/reject`, { reason: 'Dit nummer is al geblokkeerd bij de vorige provider.' });
    expect(res.json()).toMatchObject({ state: 'rejected', service: { block_state: null } });
    expect(await blockStateOf(serviceId)).toBeNull();
    expect((await call(t, klant, 'POST', `/requests/${id}/withdraw`)).statusCode).toBe(409);
  });

  it('gives one success and one 409 to carrying out and rejecting at the same moment', async () => {
    const { id, serviceId } = await askBlock();
    await call(t, admin, 'POST', `/request-queue/${id}/pick-up`);
    const answers = await Promise.all([
      call(t, admin, 'POST', `/request-queue/${id}/carry-out`, {}),
      call(t, superadmin, 'POST', `/request-queue/${id}/reject`, { reason: 'Tegelijk' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json();
    expect(await blockStateOf(serviceId)).toBe(winner.state === 'done' ? 'blocked' : null);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(REQUEST_MSG.stepNotAllowed);
  });

  it('writes messages as the provider, which the customer reads in the timeline', async () => {
    const id = await askQuestion();
    const res = await call(t, admin, 'POST', `/request-queue/${id}/messages`, { text: 'We zoeken het uit.' });
    expect(res.statusCode).toBe(200);
    const seen = (await call(t, klant, 'GET', `/requests/${id}`)).json();
    expect(seen.events.at(-1)).toMatchObject({ state: null, text: 'We zoeken het uit.', by_provider: true, user_name: 'Mark Jansen' });
    expect((await call(t, admin, 'POST', `/request-queue/${id}/messages`, { text: '' })).statusCode).toBe(400);
  });

  it('refuses a customer (403)', async () => {
    const res = await call(t, klant, 'GET', '/request-queue');
    expect(res.statusCode).toBe(403);
  });
});
