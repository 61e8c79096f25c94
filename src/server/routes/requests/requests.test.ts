import { and, count, desc, eq } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { firstOfNextMonth, REQUEST_MSG } from '../../../domain/requests';
import { articles, auditLog, companies, requestEvents, requests, services, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { call, mailsTo, roleWith, runningServices, userWith } from '../../testing/requests';
import { businessToday } from './input';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** The company's requests (docs/requests.md): asking, approval, withdrawing, messages, the setting. */

let t: TestApp;
let klant: string;
let installatie: number;
let korenschoof: number;
/** Running mobile afnames of installatie, handed out one per test so that no two tests share one. */
let mobile: Awaited<ReturnType<typeof runningServices>>;
/** A colleague of klant@demo.nl who may ask but not approve. */
let asker: Awaited<ReturnType<typeof userWith>>;
let askerRole: number;

const nextMobile = () => {
  const service = mobile.shift();
  if (!service) throw new Error('no mobile afname left for this test');
  return service;
};

/** The afname the questions are about (questions change nothing of it); the blocks take theirs from the front. */
const asked = () => mobile[mobile.length - 1];

const ask = (token: string, body: object, headers: Record<string, string> = {}) => call(t, token, 'POST', '/requests', body, headers);
const question = (serviceId: number, text = 'Werkt deze simkaart in het buitenland?') => ({ kind: 'question', service_id: serviceId, details: { text } });
const requestCount = async () => (await t.database.db.select({ n: count() }).from(requests))[0].n;
const blockStateOf = async (serviceId: number) =>
  (await t.database.db.select({ blockState: services.blockState }).from(services).where(eq(services.id, serviceId)))[0].blockState;
const setApproval = (approvalRequired: boolean) =>
  t.database.db.update(companies).set({ requestsNeedApproval: approvalRequired }).where(eq(companies.id, installatie));

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  korenschoof = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
  mobile = await runningServices(t.database.db, installatie);
  askerRole = await roleWith(t.database.db, ['REQUEST_CHANGES', 'CREATE_SERVICE']);
  asker = await userWith(t, installatie, askerRole, 'Anna');
}, 60_000);
afterAll(() => t.close());
afterEach(() => setApproval(false));

describe('POST /requests', () => {
  it('makes a request (201) with its afname, its first event and the steps of whoever asked', async () => {
    const service = nextMobile();
    const res = await ask(klant, question(service.id));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      kind: 'question',
      state: 'submitted',
      company: { id: installatie, name: 'Van Dijk Installatietechniek B.V.' },
      service_id: service.id,
      requested_by: { name: 'Pieter van Dijk' },
      handler: null,
      details: { text: 'Werkt deze simkaart in het buitenland?' },
      steps: ['withdraw'],
      events: [{ state: 'submitted', text: null, user_name: 'Pieter van Dijk', by_provider: false }],
    });
    expect(body.service).toMatchObject({ id: service.id, article_group_name: 'Mobiele telefonie', block_state: null });
    expect(body.service.number).toMatch(/^06\d{8}$/);
    expect(body.service.sim_number).toMatch(/^893104/);
    expect(body.service_label).toBe(body.service.number);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'request'), eq(auditLog.entityId, String(body.id))));
    expect(entry).toMatchObject({ action: 'request.create', companyId: installatie, impersonationId: null });
  });

  it("marks a block's afname 'requested' at once, and offers no second block on it", async () => {
    const service = nextMobile();
    const res = await ask(klant, { kind: 'block', service_id: service.id, details: { reason: 'stolen' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().service.block_state).toBe('requested');
    expect(await blockStateOf(service.id)).toBe('requested');
    const again = await ask(klant, { kind: 'block', service_id: service.id, details: { reason: 'lost' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(REQUEST_MSG.kindNotOffered);
  });

  it('stores a tariff change from the first of next month by default, and a porting number in its canonical form', async () => {
    const service = nextMobile();
    const [target] = (
      await t.database.db.select().from(articles).where(and(eq(articles.companyId, installatie), eq(articles.articleGroupId, service.articleGroupId)))
    ).filter((a) => a.id !== service.articleId);
    const tariff = await ask(klant, { kind: 'tariff_change', service_id: service.id, details: { article_id: target.id } });
    expect(tariff.statusCode).toBe(201);
    expect(tariff.json().details).toEqual({ article_id: target.id, article_name: target.name, date: firstOfNextMonth(businessToday()) });

    const porting = await ask(klant, {
      kind: 'porting',
      article_group_id: service.articleGroupId,
      details: { number: '+31 6 1234 9876', current_provider: 'Andere Provider', contract_number: 'K-1', date: businessToday() },
    });
    expect(porting.statusCode).toBe(201);
    expect(porting.json()).toMatchObject({ service: null, article_group: { id: service.articleGroupId, name: 'Mobiele telefonie' }, service_label: '0612349876' });
    expect(porting.json().details.number).toBe('0612349876');
  });

  describe('refuses bad input with a Dutch message and stores nothing', () => {
    const yesterday = () => {
      const d = new Date(`${businessToday()}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - 1);
      return d.toISOString().slice(0, 10);
    };
    const cases: [string, (s: { id: number; articleId: number; articleGroupId: number }) => Promise<object> | object, number, string][] = [
      ['a block without a reason', (s) => ({ kind: 'block', service_id: s.id, details: {} }), 400, REQUEST_MSG.reasonRequired],
      ['a new SIM without its kind', (s) => ({ kind: 'new_sim', service_id: s.id, details: {} }), 400, "Veld 'Soort simkaart' is verplicht."],
      [
        'a new SIM to a postcode that is none',
        (s) => ({ kind: 'new_sim', service_id: s.id, details: { sim_type: 'physical', street: 'Coolsingel 1', zipcode: '301 AB', city: 'Rotterdam' } }),
        400,
        'Vul een geldige postcode in, zoals 1234 AB.',
      ],
      [
        'a new SIM without a city',
        (s) => ({ kind: 'new_sim', service_id: s.id, details: { sim_type: 'physical', street: 'Coolsingel 1', zipcode: '3011 AB', city: '  ' } }),
        400,
        "Veld 'Plaats' is verplicht.",
      ],
      ['an eSIM to an address that is none', (s) => ({ kind: 'new_sim', service_id: s.id, details: { sim_type: 'esim', email: 'geen-adres' } }), 400, MSG.emailInvalid],
      ['a tariff change to the current article', (s) => ({ kind: 'tariff_change', service_id: s.id, details: { article_id: s.articleId } }), 400, REQUEST_MSG.sameArticle],
      [
        'a tariff change to an article of another group',
        async (s) => {
          const [hardware] = await t.database.db.select().from(articles).where(and(eq(articles.companyId, installatie), eq(articles.name, 'Laptop lease Dell Latitude')));
          return { kind: 'tariff_change', service_id: s.id, details: { article_id: hardware.id } };
        },
        400,
        REQUEST_MSG.articleNotInGroup,
      ],
      [
        "a tariff change to another company's article",
        async (s) => {
          const [foreign] = await t.database.db.select().from(articles).where(eq(articles.companyId, korenschoof));
          return { kind: 'tariff_change', service_id: s.id, details: { article_id: foreign.id } };
        },
        400,
        REQUEST_MSG.articleNotInGroup,
      ],
      [
        'a tariff change from yesterday',
        async (s) => {
          const [other] = (await t.database.db.select().from(articles).where(and(eq(articles.companyId, installatie), eq(articles.articleGroupId, s.articleGroupId)))).filter(
            (a) => a.id !== s.articleId,
          );
          return { kind: 'tariff_change', service_id: s.id, details: { article_id: other.id, date: yesterday() } };
        },
        400,
        REQUEST_MSG.dateInPast,
      ],
      [
        'porting a number that is none',
        (s) => ({ kind: 'porting', article_group_id: s.articleGroupId, details: { number: 'internet', current_provider: 'X', contract_number: 'Y', date: businessToday() } }),
        400,
        "Veld 'Telefoonnummer' is geen geldig telefoonnummer.",
      ],
      [
        'porting without the current provider',
        (s) => ({ kind: 'porting', article_group_id: s.articleGroupId, details: { number: '0612345678', contract_number: 'Y', date: businessToday() } }),
        400,
        "Veld 'Huidige provider' is verplicht.",
      ],
      [
        'porting from yesterday',
        (s) => ({ kind: 'porting', article_group_id: s.articleGroupId, details: { number: '0612345678', current_provider: 'X', contract_number: 'Y', date: yesterday() } }),
        400,
        REQUEST_MSG.dateInPast,
      ],
      ['a question without text', (s) => question(s.id, '   '), 400, "Veld 'Vraag' is verplicht."],
      [
        'a block of an afname without a SIM',
        async () => ({ kind: 'block', service_id: (await runningServices(t.database.db, installatie, 'Hardware'))[0].id, details: { reason: 'lost' } }),
        400,
        REQUEST_MSG.kindNotOffered,
      ],
      [
        'a question about an ended afname',
        async () => {
          const [ended] = await t.database.db.insert(services).values({ companyId: installatie, articleId: mobile[0].articleId, startTime: new Date('2024-01-01'), endTime: new Date('2024-06-01') }).returning();
          return question(ended.id);
        },
        400,
        REQUEST_MSG.kindNotOffered,
      ],
      [
        "a question about another company's afname",
        async () => question((await t.database.db.select().from(services).where(eq(services.companyId, korenschoof)))[0].id),
        404,
        'Afname niet gevonden.',
      ],
    ];

    it.each(cases)('%s', async (_name, body, status, message) => {
      const service = mobile[0];
      const before = await requestCount();
      const blockState = await blockStateOf(service.id);
      const res = await ask(klant, await body(service));
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await requestCount()).toBe(before);
      expect(await blockStateOf(service.id)).toBe(blockState);
    });
  });

  it('refuses a tariff change from a day the afname has ended by, and changes nothing', async () => {
    const service = nextMobile();
    const [other] = (await t.database.db.select().from(articles).where(and(eq(articles.companyId, installatie), eq(articles.articleGroupId, service.articleGroupId)))).filter(
      (a) => a.id !== service.articleId,
    );
    // Ends in ten days; a change from the first of the month two months on comes after that.
    await t.database.db.update(services).set({ endTime: new Date(Date.now() + 10 * 86_400_000) }).where(eq(services.id, service.id));
    const later = `${new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 8)}01`;
    const before = await requestCount();
    const res = await ask(klant, { kind: 'tariff_change', service_id: service.id, details: { article_id: other.id, date: later } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('De afname is op deze datum al beëindigd.');
    expect(await requestCount()).toBe(before);
  });

  it('makes one request of the same Idempotency-Key sent twice (201, then 200 with the same request)', async () => {
    const service = nextMobile();
    const headers = { 'idempotency-key': `sleutel-${service.id}` };
    const before = await requestCount();
    const first = await ask(klant, question(service.id), headers);
    const second = await ask(klant, question(service.id, 'Een andere tekst'), headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().id).toBe(first.json().id);
    expect(second.json().details.text).toBe('Werkt deze simkaart in het buitenland?');
    expect(await requestCount()).toBe(before + 1);
    // Another company's key is its own.
    const kees = await t.login('kees@korenschoof.nl');
    const [foreign] = await t.database.db.select().from(services).where(eq(services.companyId, korenschoof));
    expect((await ask(kees, question(foreign.id), headers)).statusCode).toBe(201);
  });

  it('makes one request of two submissions with the same key at the same moment', async () => {
    const service = nextMobile();
    const headers = { 'idempotency-key': `tegelijk-${service.id}` };
    const before = await requestCount();
    const answers = await Promise.all([ask(klant, question(service.id), headers), ask(klant, question(service.id), headers)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0].json().id).toBe(answers[1].json().id);
    expect(await requestCount()).toBe(before + 1);
  });

  it('refuses a customer without REQUEST_CHANGES (403)', async () => {
    const viewer = await userWith(t, installatie, await roleWith(t.database.db, ['CREATE_SERVICE']));
    const res = await ask(viewer.token, question(mobile[0].id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Geen toestemming voor deze actie.' });
  });
});

describe('approval', () => {
  it('lets a request of a colleague without APPROVE_REQUESTS wait, mails the approvers, and submits it once approved', async () => {
    await setApproval(true);
    const service = nextMobile();
    const res = await ask(asker.token, question(service.id));
    expect(res.json()).toMatchObject({ state: 'awaiting_approval', steps: ['withdraw'] });
    const id = res.json().id;
    await t.app.backgroundTasks.settled();
    const [approvalMail] = mailsTo(t, 'klant@demo.nl').filter((m) => m.includes(`/aanvragen/${id}`));
    expect(approvalMail).toContain("Subject: Aanvraag 'Vraag over deze afname' wacht op je goedkeuring");
    expect(approvalMail).toContain(`${t.config.publicUrl}/aanvragen/${id}`);
    expect(mailsTo(t, asker.email)).toEqual([]);

    expect((await call(t, klant, 'GET', `/requests/${id}`)).json().steps).toEqual(['approve', 'reject_approval']);
    expect((await call(t, asker.token, 'POST', `/requests/${id}/approve`)).statusCode).toBe(403);
    const approved = await call(t, klant, 'POST', `/requests/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'submitted', steps: [] });
    await t.app.backgroundTasks.settled();
    const [stateMail] = mailsTo(t, asker.email);
    expect(stateMail).toContain("Subject: Je aanvraag 'Vraag over deze afname' is ingediend");
    expect(stateMail).toContain(`${t.config.publicUrl}/aanvragen/${id}`);
    // Approved once: a second approval is too late.
    const again = await call(t, klant, 'POST', `/requests/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REQUEST_MSG.stepNotAllowed);
  });

  it("lets a customer user not marked 'Mag aanvragen goedkeuren' wait, and mails only the marked approvers", async () => {
    await setApproval(true);
    // Two endUsers (role 3, which has APPROVE_REQUESTS): one the company marks as not approving.
    const unmarked = await userWith(t, installatie, 3, 'Sanne');
    await t.database.db.update(users).set({ approvesRequests: false }).where(eq(users.id, unmarked.id));
    const colleague = await userWith(t, installatie, 3, 'Joost');
    const res = await ask(unmarked.token, question(asked().id));
    expect(res.json()).toMatchObject({ state: 'awaiting_approval', steps: ['withdraw'] });
    const id = res.json().id;
    await t.app.backgroundTasks.settled();
    const approvalMails = (email: string) => mailsTo(t, email).filter((m) => m.includes(`/aanvragen/${id}`));
    expect(approvalMails('klant@demo.nl')).toHaveLength(1);
    expect(approvalMails(colleague.email)).toHaveLength(1);
    expect((await call(t, unmarked.token, 'GET', `/requests/${id}`)).json().steps).toEqual(['withdraw']);
    expect((await call(t, colleague.token, 'POST', `/requests/${id}/approve`)).json()).toMatchObject({ state: 'submitted' });
  });

  it('rejects with a reason only, and mails the reason', async () => {
    await setApproval(true);
    const id = (await ask(asker.token, question(asked().id))).json().id;
    const without = await call(t, klant, 'POST', `/requests/${id}/reject`, { reason: ' ' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(REQUEST_MSG.reasonRequired);
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json().state).toBe('awaiting_approval');
    const rejected = await call(t, klant, 'POST', `/requests/${id}/reject`, { reason: 'Dat regel ik zelf.' });
    expect(rejected.json()).toMatchObject({ state: 'rejected', events: [{ state: 'awaiting_approval' }, { state: 'rejected', text: 'Dat regel ik zelf.' }] });
    await t.app.backgroundTasks.settled();
    expect(mailsTo(t, asker.email).some((m) => m.includes("is afgewezen") && m.includes('Reden: Dat regel ik zelf.'))).toBe(true);
  });

  it('never lets a block wait, and submits at once without the setting or with APPROVE_REQUESTS', async () => {
    await setApproval(true);
    const block = await ask(asker.token, { kind: 'block', service_id: nextMobile().id, details: { reason: 'lost' } });
    expect(block.json().state).toBe('submitted');
    expect((await ask(klant, question(asked().id))).json().state).toBe('submitted');
    await setApproval(false);
    expect((await ask(asker.token, question(asked().id))).json().state).toBe('submitted');
  });
});

describe('withdrawing', () => {
  it("is the requester's only: a colleague gets 403, the requester withdraws and a block's afname is as before", async () => {
    const service = nextMobile();
    const id = (await ask(asker.token, { kind: 'block', service_id: service.id, details: { reason: 'lost' } })).json().id;
    const colleague = await call(t, klant, 'POST', `/requests/${id}/withdraw`);
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().message).toBe(REQUEST_MSG.onlyRequesterWithdraws);
    const res = await call(t, asker.token, 'POST', `/requests/${id}/withdraw`);
    expect(res.json()).toMatchObject({ state: 'withdrawn', steps: [] });
    expect(await blockStateOf(service.id)).toBeNull();
    // Withdrawn by the requester: no mail about it to the requester.
    await t.app.backgroundTasks.settled();
    expect(mailsTo(t, asker.email).filter((m) => m.includes(`/aanvragen/${id}`))).toEqual([]);
  });

  it('is too late once the provider has picked it up (409), and changes nothing', async () => {
    const id = (await ask(klant, question(asked().id))).json().id;
    await t.database.db.update(requests).set({ state: 'in_progress' }).where(eq(requests.id, id));
    const res = await call(t, klant, 'POST', `/requests/${id}/withdraw`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REQUEST_MSG.stepNotAllowed);
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json().state).toBe('in_progress');
  });

  it('gives one success and one 409 to two steps at the same moment', async () => {
    await setApproval(true);
    const id = (await ask(asker.token, question(asked().id))).json().id;
    const answers = await Promise.all([
      call(t, asker.token, 'POST', `/requests/${id}/withdraw`),
      call(t, klant, 'POST', `/requests/${id}/approve`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const events = await t.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
    expect(events).toHaveLength(2);
  });
});

describe('messages', () => {
  it('adds a message in any state and refuses an empty one', async () => {
    const id = (await ask(klant, question(asked().id))).json().id;
    await call(t, klant, 'POST', `/requests/${id}/withdraw`);
    const empty = await call(t, klant, 'POST', `/requests/${id}/messages`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(REQUEST_MSG.messageRequired);
    const res = await call(t, klant, 'POST', `/requests/${id}/messages`, { text: 'Toch nog een vraag:\nkan het later?' });
    expect(res.statusCode).toBe(200);
    expect(res.json().events.at(-1)).toMatchObject({ state: null, text: 'Toch nog een vraag:\nkan het later?', by_provider: false, user_name: 'Pieter van Dijk' });
  });
});

describe("another company's request", () => {
  it('answers 404 on every route of a request, and changes nothing', async () => {
    const id = (await ask(klant, question(asked().id))).json().id;
    const kees = await t.login('kees@korenschoof.nl');
    for (const [method, url, body] of [
      ['GET', `/requests/${id}`],
      ['POST', `/requests/${id}/withdraw`],
      ['POST', `/requests/${id}/approve`],
      ['POST', `/requests/${id}/reject`, { reason: 'Nee' }],
      ['POST', `/requests/${id}/messages`, { text: 'Hallo' }],
    ] as const) {
      const res = await call(t, kees, method, url, body);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: REQUEST_MSG.notFound } });
    }
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json()).toMatchObject({ state: 'submitted', events: [{ state: 'submitted' }] });
  });
});

describe('GET /requests', () => {
  it('lists the company’s requests newest first, filtered by state, kind and a number', async () => {
    const id = (await ask(klant, question(asked().id))).json().id;
    const page = (await call(t, klant, 'GET', '/requests?limit=200')).json();
    expect(page.items[0].id).toBe(id);
    expect(page.items.every((r: { company: { id: number } }) => r.company.id === installatie)).toBe(true);
    const times = page.items.map((r: { created_at: number }) => r.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.total).toBe(page.items.length);

    const done = (await call(t, klant, 'GET', '/requests?state=done')).json();
    expect(done.items.length).toBeGreaterThan(0);
    expect(done.items.every((r: { state: string }) => r.state === 'done')).toBe(true);
    const blocks = (await call(t, klant, 'GET', '/requests?kind=block')).json();
    expect(blocks.items.every((r: { kind: string }) => r.kind === 'block')).toBe(true);

    const number = (await call(t, klant, 'GET', `/requests/${id}`)).json().service.number as string;
    const found = (await call(t, klant, 'GET', `/requests?q=${encodeURIComponent(`${number.slice(0, 2)} ${number.slice(2)}`)}`)).json();
    expect(found.items.map((r: { id: number }) => r.id)).toContain(id);
    const byArticle = (await call(t, klant, 'GET', '/requests?q=Korenschoof')).json();
    expect(byArticle).toEqual({ items: [], total: 0 });
    const second = (await call(t, klant, 'GET', '/requests?limit=1&offset=1')).json();
    expect(second.items).toEqual([page.items[1]]);
  });

  it('lists only the open ones with open=true: awaiting approval, submitted and in progress', async () => {
    const all = (await call(t, klant, 'GET', '/requests?limit=200')).json();
    const open = (await call(t, klant, 'GET', '/requests?open=true&limit=200')).json();
    const expected = all.items.filter((r: { state: string }) => ['awaiting_approval', 'submitted', 'in_progress'].includes(r.state));
    expect(open.items).toEqual(expected);
    expect(open.total).toBe(expected.length);
    // The demo has closed requests too: the filter leaves them out.
    expect(all.total).toBeGreaterThan(open.total);
  });
});

describe('the approval setting', () => {
  it('is read with REQUEST_CHANGES, set with APPROVE_REQUESTS, and audited', async () => {
    expect((await call(t, asker.token, 'GET', '/requests/settings')).json()).toEqual({ approval_required: false });
    expect((await call(t, asker.token, 'PUT', '/requests/settings', { approval_required: true })).statusCode).toBe(403);
    const res = await call(t, klant, 'PUT', '/requests/settings', { approval_required: true });
    expect(res.json()).toEqual({ approval_required: true });
    expect((await call(t, asker.token, 'GET', '/requests/settings')).json()).toEqual({ approval_required: true });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'company.requests_need_approval')).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ entity: 'company', entityId: String(installatie), changes: { requests_need_approval: true } });
  });
});

describe('managing a company', () => {
  it('asks as that company, with the impersonation in the timeline and the audit log', async () => {
    const admin = await t.login('admin@demo.nl');
    const managing = await t.manage(admin, installatie);
    const res = await ask(managing, question(asked().id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ requested_by: { name: 'Mark Jansen' }, events: [{ by_provider: false }] });
    const id = res.json().id;
    const [event] = await t.database.db.select().from(requestEvents).where(eq(requestEvents.requestId, id));
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'request'), eq(auditLog.entityId, String(id))));
    expect(event.impersonationId).toEqual(expect.any(Number));
    expect(entry).toMatchObject({ action: 'request.create', companyId: installatie, impersonationId: event.impersonationId });
    // The klant sees it among the company's requests; not theirs to withdraw.
    expect((await call(t, klant, 'GET', `/requests/${id}`)).json().steps).toEqual([]);
  });
});
