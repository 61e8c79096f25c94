import crypto from 'node:crypto';
import type { RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { isProviderStaff, ROLE, type Permission } from '../../domain/permissions';
import { businessTimeToEpoch, isoDate, lastWholeMonth, monthKey, monthStart, todayNoon, businessDateOf } from '../../domain/time';
import {
  articleGroupFields,
  articleGroups,
  articles,
  bulkServices,
  companies,
  costSpecifications,
  endUsers,
  parentCompanies,
  pukCodes,
  usageImports,
  requests,
  serviceFieldInputs,
  services,
  users,
} from '../db/schema';
import { createEmailChangeTokens } from '../routes/account/repository';
import { findCompanyByName } from '../seed/demo';
import { createAuthToken } from '../services/auth/accounts';
import { hashPassword } from '../services/auth/password';
import { createSession } from '../services/auth/sessions';
import { createTokenService } from '../services/auth/tokens';
import { encryptSecret, newTotpSecret, replaceRecoveryCodes, startChallenge, totpCode } from '../services/auth/twoFactor';
import { apiRouteKeys, fillPath, isApiRoute, ROUTE_ACCESS, type AccessContext, type RouteAccessEntry, type RouteRequest } from './routeAccess';
import { auth, claimsOf, createTestApp, type TestApp } from './testApp';

/**
 * Every /api route (routeAccess.ts) x every kind of caller x an object of the caller's own
 * company and of another company: the status docs/permissions.md, 'The acting company', and docs/api.md, 'Errors', ask for, and no data
 * of the other company in a refusal.
 */

// docs/permissions.md, 'Permissions': what a customer's staff (endUser) may not do; provider staff may do all.
const PROVIDER_ONLY: Permission[] = [
  'CREATE_COMPANY',
  'LIST_COMPANIES',
  'LIST_PARENT_COMPANIES',
  'LIST_ALL_ARTICLE_GROUPS',
  'EDIT_ARTICLE_GROUPS',
  'UPLOAD_CDR',
  'EDIT_SPIE_FIELDS',
  'CREATE_ARTICLE',
  'EDIT_PRICES',
  // docs/requests.md, 'Who may do what': the provider's queue and the PUK import.
  'HANDLE_REQUESTS',
];

/** The totals of a stored cost specification the matrix makes (its own figures do not matter here). */
const MATRIX_TOTALS = { periodic: '0.00', full: '0.00', setup: '0.00', usage: '0.00', total: '0.00', vat_rate: '21', vat: '0.00', total_including_vat: '0.00' };

/** The kinds of caller; `roleId` null for callers the server must refuse (401). */
const CALLERS = {
  anonymous: { roleId: null },
  garbageToken: { roleId: null },
  tokenOfAnotherSecret: { roleId: null },
  unauthorizedRole4: { roleId: null },
  endUser: { roleId: ROLE.endUser },
  admin: { roleId: ROLE.admin },
  superadmin: { roleId: ROLE.superadmin },
  adminImpersonatingCustomer: { roleId: ROLE.admin },
  endUserImpersonatingSiblingBranch: { roleId: ROLE.endUser },
} as const;
type CallerName = keyof typeof CALLERS;
type Target = 'own' | 'other' | 'none';

/** The callers that act for the provider's own company, which has no parent company. */
const ACT_FOR_PROVIDER: CallerName[] = ['admin', 'superadmin'];

const holds = (roleId: number, permission: Permission) => isProviderStaff(roleId) || !PROVIDER_ONLY.includes(permission);

const expectedStatus = (entry: RouteAccessEntry, caller: CallerName, target: Target): number => {
  if (entry.access === 'public') return entry.status;
  const { roleId } = CALLERS[caller];
  if (roleId === null) return 401;
  if (entry.access !== 'user' && !holds(roleId, entry.access)) return 403;
  if (entry.refusedToProviderStaff && isProviderStaff(roleId)) return 403;
  const reachesAll = entry.tenant !== 'none' && entry.tenant.providerStaffReachAll && isProviderStaff(roleId);
  if (target === 'other' && !reachesAll) return 404;
  if (entry.groupOnly && ACT_FOR_PROVIDER.includes(caller)) return 404;
  return entry.status;
};

const casesOf = (entry: RouteAccessEntry) => {
  const targets: Target[] = entry.tenant === 'none' ? ['none'] : ['own', 'other'];
  return (Object.keys(CALLERS) as CallerName[]).flatMap((caller) =>
    targets.map((target) => ({ caller, target, expected: expectedStatus(entry, caller, target) })),
  );
};

interface Caller {
  /** A fresh credential for one request (null: no header); fresh so that logout harms no other case. */
  token(): Promise<string | null>;
  identity: AccessContext['caller'];
  /** Staff of a customer company: must never see another customer's data, not even in a 2xx. */
  customer: boolean;
}

let t: TestApp;
const registered: RouteOptions[] = [];
const callers = {} as Record<CallerName, Caller>;
let context: Omit<AccessContext, 'caller'>;
let foreignSecrets: string[];
let requestNumber = 0;
/** The demo accounts' password (seed/demo.ts), given back after a call that changed it. */
let demoPasswordHash: string;
const restoreDemoPassword = async (userId: number) => {
  await t.database.db.update(users).set({ passwordHash: demoPasswordHash }).where(eq(users.id, userId));
};

const companyId = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;
const userByEmail = async (email: string) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user;
};
const addUser = async (email: string, companyId: number, roleId: number, passwordHash: string | null = null) => {
  const [user] = await t.database.db
    .insert(users)
    .values({ email, firstname: 'Test', lastname: 'Gebruiker', companyId, roleId, passwordHash })
    .returning();
  return user;
};

const impersonate = async (token: string, targetCompanyId: number) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth/impersonate?company_id=${targetCompanyId}`,
    headers: auth(token),
    payload: { reason: 'Controle van de rechten' },
  });
  if (res.statusCode !== 200) throw new Error(`impersonation failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
};

/** Each request comes from its own client address, so the rate limits of the auth routes stay out of the way. */
const nextClientAddress = () => {
  requestNumber += 1;
  return `10.${(requestNumber >> 16) & 255}.${(requestNumber >> 8) & 255}.${requestNumber & 255}`;
};

const send = async (key: string, request: RouteRequest, token: string | null) => {
  const [method, path] = key.split(' ');
  return t.app.inject({
    method: method as 'GET',
    url: fillPath(path, request.params),
    query: request.query ? Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)])) : undefined,
    payload: request.body as object | undefined,
    headers: { ...request.headers, ...(token ? auth(token) : {}) },
    remoteAddress: nextClientAddress(),
  });
};

const withoutTokens = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'token').map(([k, v]) => [k, withoutTokens(v)]));
  }
  return value;
};

/** The answer names nothing of the foreign company (token strings are random and skipped; files are read as they are). */
const expectNoForeignData = (res: { body: string; headers: Record<string, unknown> }) => {
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  const text = !res.body ? '' : isJson ? JSON.stringify(withoutTokens(JSON.parse(res.body))) : res.body;
  for (const secret of foreignSecrets) expect(text).not.toContain(secret);
};

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
  const db = t.database.db;
  const ids = {
    provider: await companyId('Demo ICT Diensten'),
    installatie: await companyId('Van Dijk Installatietechniek B.V.'),
    elektro: await companyId('Van Dijk Elektrotechniek B.V.'),
    service: await companyId('Van Dijk Service & Onderhoud B.V.'),
    bakkerij: await companyId('Bakkerij De Korenschoof'),
  };
  const klant = await userByEmail('klant@demo.nl');
  const admin = await userByEmail('admin@demo.nl');
  const superadmin = await userByEmail('superadmin@demo.nl');
  const kees = await userByEmail('kees@korenschoof.nl');
  const role4 = await addUser('geen-toegang@vandijk.nl', ids.installatie, ROLE.unauthorized, await hashPassword('Welkom123!'));
  const resetAccount = await addUser('reserve-reset@vandijk.nl', ids.installatie, ROLE.endUser);
  const refreshAccount = await addUser('reserve-refresh@vandijk.nl', ids.installatie, ROLE.endUser);
  const emailAccount = await addUser('reserve-email@vandijk.nl', ids.installatie, ROLE.endUser);
  demoPasswordHash = klant.passwordHash!;

  const [bakkerij] = await db.select().from(companies).where(eq(companies.id, ids.bakkerij));
  const bakkerijEndUsers = await db.select().from(endUsers).where(eq(endUsers.companyId, ids.bakkerij));
  foreignSecrets = [
    bakkerij.name,
    bakkerij.address!,
    `"${bakkerij.customerNumber}"`,
    `"${bakkerij.sapNumber}"`,
    `"${bakkerij.zipcode}"`,
    kees.email,
    kees.lastname,
    ...bakkerijEndUsers.map((u) => `${u.firstname}`),
  ];

  const [hardwareGroup] = await db.select().from(articleGroups).where(eq(articleGroups.name, 'Hardware'));
  let unique = 0;
  const today = businessDateOf(todayNoon());
  context = {
    companies: { provider: ids.provider, installatie: ids.installatie, elektro: ids.elektro, service: ids.service },
    foreign: { companyId: ids.bakkerij, userId: kees.id },
    thisMonth: isoDate({ ...today, day: 1 }),
    resetToken: () => createAuthToken(db, resetAccount.id, 'reset'),
    refreshCookie: async () => `portal_refresh=${(await createSession(db, refreshAccount.id)).cookie}`,
    unique: () => `matrix-${process.pid}-${(unique += 1)}`,
    emailChangeTokens: () => createEmailChangeTokens(db, emailAccount, `${context.unique()}@voorbeeld.nl`),
    twoFactor: {
      off: async (userId) => {
        await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
      },
      pending: async (userId) => {
        const secret = newTotpSecret();
        const totpSecret = encryptSecret(t.config.twoFactorKey, secret);
        await db.update(users).set({ totpSecret, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
        return totpCode(secret);
      },
      on: async (userId) => {
        const totpSecret = encryptSecret(t.config.twoFactorKey, newTotpSecret());
        await db.update(users).set({ totpSecret, totpEnabledAt: new Date(), totpLastStep: null }).where(eq(users.id, userId));
        const [code] = await replaceRecoveryCodes(db, userId);
        return code;
      },
      login: async () => {
        const user = await addUser(`${context.unique()}@voorbeeld.nl`, ids.installatie, ROLE.endUser);
        const code = await context.twoFactor.on(user.id);
        return { challenge: await startChallenge(db, t.config.jwtSecret, user.id), code };
      },
    },
    visibleGroupId: hardwareGroup.id,
    make: {
      article: async (companyId) => {
        const [row] = await db
          .insert(articles)
          .values({ companyId, articleGroupId: hardwareGroup.id, name: 'Matrix monitor', description: 'Testartikel' })
          .returning({ id: articles.id });
        return row.id;
      },
      endUser: async (companyId) => {
        const [row] = await db.insert(endUsers).values({ companyId, firstname: 'Matrix', lastname: 'Gebruiker' }).returning({ id: endUsers.id });
        return row.id;
      },
      service: async (companyId) => {
        const articleId = await context.make.article(companyId);
        const endUserId = await context.make.endUser(companyId);
        // Started this month: a hard delete by a customer touches no billed month (docs/rules.md, 'Billed months are closed').
        const startTime = new Date(businessTimeToEpoch(today.year, today.month, 1, 12) * 1000);
        const [row] = await db
          .insert(services)
          .values({ companyId, articleId, endUserId, startTime })
          .returning({ id: services.id });
        return row.id;
      },
      numberedService: async (companyId) => {
        const [field] = await db.select().from(articleGroupFields).where(eq(articleGroupFields.usedForCdr, true)).limit(1);
        const [article] = await db
          .insert(articles)
          .values({ companyId, articleGroupId: field.articleGroupId, name: 'Matrix SIM', description: 'Testartikel' })
          .returning({ id: articles.id });
        const endUserId = await context.make.endUser(companyId);
        const [row] = await db
          .insert(services)
          .values({ companyId, articleId: article.id, endUserId, startTime: new Date('2026-01-01T11:00:00Z') })
          .returning({ id: services.id });
        const number = `069${String((unique += 1)).padStart(7, '0')}`;
        await db.insert(serviceFieldInputs).values({ serviceId: row.id, companyId, articleGroupFieldId: field.id, value: number });
        return { endUserId, number };
      },
      pukService: async (companyId) => {
        const fields = await db.select().from(articleGroupFields).where(eq(articleGroupFields.name, 'SIM nummer'));
        const [article] = await db
          .insert(articles)
          .values({ companyId, articleGroupId: fields[0].articleGroupId, name: 'Matrix SIM', description: 'Testartikel' })
          .returning({ id: articles.id });
        const [row] = await db
          .insert(services)
          .values({ companyId, articleId: article.id, startTime: new Date('2026-01-01T11:00:00Z') })
          .returning({ id: services.id });
        const simNumber = `89310477${String((unique += 1)).padStart(11, '0')}`;
        await db.insert(serviceFieldInputs).values({ serviceId: row.id, companyId, articleGroupFieldId: fields[0].id, value: simNumber });
        await db.insert(pukCodes).values({ simNumber, puk: '12345678' });
        return row.id;
      },
      usageImport: async () => {
        const [row] = await db.insert(usageImports).values({ fileName: 'matrix.csv', finishedAt: new Date() }).returning({ id: usageImports.id });
        return row.id;
      },
      bulkEntry: async (companyId) => {
        const articleId = await context.make.article(companyId);
        const [row] = await db
          .insert(bulkServices)
          .values({ companyId, articleId, amount: 5, time: new Date(Date.now() - 86_400_000) })
          .returning({ id: bulkServices.id });
        return { articleId, bulkId: row.id };
      },
      user: async (companyId) => {
        const [row] = await db
          .insert(users)
          .values({ companyId, roleId: ROLE.endUser, firstname: 'Matrix', lastname: 'Contact', email: `${context.unique()}@voorbeeld.nl` })
          .returning({ id: users.id });
        return row.id;
      },
      company: async () => {
        const [row] = await db.insert(companies).values({ name: `Matrix ${context.unique()} B.V.` }).returning({ id: companies.id });
        return row.id;
      },
      parentCompany: async () => {
        const [row] = await db.insert(parentCompanies).values({ name: 'Matrix Groep' }).returning({ id: parentCompanies.id });
        return row.id;
      },
      branch: async (companyId) => {
        const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
        const parentCompanyId = company.parentCompanyId ?? (await context.make.parentCompany());
        const [row] = await db
          .insert(companies)
          .values({ name: `Matrix vestiging ${context.unique()}`, parentCompanyId })
          .returning({ id: companies.id });
        return { parentCompanyId, companyId: row.id };
      },
      articleGroup: async () => {
        const [row] = await db.insert(articleGroups).values({ name: 'Matrixgroep' }).returning({ id: articleGroups.id });
        await db.insert(articleGroupFields).values({ articleGroupId: row.id, name: 'Kenmerk' });
        return row.id;
      },
      session: async (userId) => (await createSession(db, userId)).id,
      request: async (companyId, state, requestedBy) => {
        const serviceId = await context.make.service(companyId);
        const asker = requestedBy ?? (await context.make.user(companyId));
        const [row] = await db
          .insert(requests)
          .values({ companyId, kind: 'question', state, serviceId, details: { text: 'Matrix: een vraag' }, requestedBy: asker, requestedByName: 'Matrix Contact' })
          .returning({ id: requests.id });
        return row.id;
      },
      finalSpecification: async (companyId) => {
        const month = lastWholeMonth();
        await db
          .insert(costSpecifications)
          .values({ companyId, month: monthStart(month), version: 1, pdf: Buffer.from('%PDF-1.4\n%%EOF\n'), sha256: 'matrix', totals: MATRIX_TOTALS })
          .onConflictDoNothing();
        return monthKey(month);
      },
      allocationField: async (companyId) => {
        const [company] = await db.select({ label: companies.inputLabel1 }).from(companies).where(eq(companies.id, companyId));
        if (!company?.label) await db.update(companies).set({ inputLabel1: 'Kostenplaats' }).where(eq(companies.id, companyId));
        return 'free:1';
      },
    },
  };

  const own = (user: typeof klant) => ({ userId: user.id, ownCompanyId: user.companyId, actingCompanyId: user.companyId });
  const otherSecret = createTokenService(crypto.randomBytes(32));
  callers.anonymous = { token: async () => null, identity: own(klant), customer: true };
  callers.garbageToken = { token: async () => 'not.a.token', identity: own(klant), customer: true };
  callers.tokenOfAnotherSecret = {
    // A live session of klant@demo.nl; only the signature is wrong.
    token: async () =>
      otherSecret.sign({ sub: klant.id, company_id: klant.companyId, impersonate: null, sid: (await createSession(db, klant.id)).id }),
    identity: own(klant),
    customer: true,
  };
  callers.unauthorizedRole4 = { token: () => t.tokenFor(role4.id), identity: own(role4), customer: true };
  callers.endUser = { token: () => t.tokenFor(klant.id), identity: own(klant), customer: true };
  callers.admin = { token: () => t.tokenFor(admin.id), identity: own(admin), customer: false };
  callers.superadmin = { token: () => t.tokenFor(superadmin.id), identity: own(superadmin), customer: false };
  callers.adminImpersonatingCustomer = {
    token: async () => impersonate(await t.tokenFor(admin.id), ids.installatie),
    identity: { ...own(admin), actingCompanyId: ids.installatie },
    customer: false,
  };
  callers.endUserImpersonatingSiblingBranch = {
    token: async () => impersonate(await t.tokenFor(klant.id), ids.elektro),
    identity: { ...own(klant), actingCompanyId: ids.elektro },
    customer: true,
  };
}, 60_000);
afterAll(() => t.close());

describe('the access table (routeAccess.ts)', () => {
  it('has an entry for every registered /api route', () => {
    const missing = apiRouteKeys(registered).filter((key) => !(key in ROUTE_ACCESS));
    expect(missing).toEqual([]);
  });

  it('names no route that is not registered', () => {
    const keys = apiRouteKeys(registered);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it("states each route's access as the route's config does (public flag, permission)", () => {
    const configured = Object.fromEntries(
      registered
        .filter((r) => isApiRoute(r) && r.method !== 'HEAD')
        .map((r) => [`${r.method} ${r.url}`, r.config?.public ? 'public' : (r.config?.permission ?? 'user')]),
    );
    const stated = Object.fromEntries(Object.entries(ROUTE_ACCESS).map(([key, entry]) => [key, entry.access]));
    expect(stated).toEqual(configured);
  });
});

describe('the callers of the matrix', () => {
  it('get the same claims from a real login as the matrix mints', async () => {
    for (const email of ['klant@demo.nl', 'admin@demo.nl', 'superadmin@demo.nl']) {
      const user = await userByEmail(email);
      const minted = claimsOf(await t.tokenFor(user.id));
      const real = claimsOf(await t.login(email));
      expect(Object.keys(minted).sort()).toEqual(Object.keys(real).sort());
      expect(minted).toMatchObject({ sub: real.sub, company_id: real.company_id, impersonate: null });
    }
  });

  it('a role 4 account is refused at login with the wrong-password answer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'geen-toegang@vandijk.nl', password: 'Welkom123!' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' });
  });

  it('impersonating callers act for the company they manage', async () => {
    const admin = claimsOf((await callers.adminImpersonatingCustomer.token())!);
    const klant = claimsOf((await callers.endUserImpersonatingSiblingBranch.token())!);
    expect(admin).toMatchObject({ company_id: context.companies.installatie, impersonate: context.companies.provider });
    expect(klant).toMatchObject({ company_id: context.companies.elektro, impersonate: context.companies.installatie });
  });
});

describe.each(Object.keys(ROUTE_ACCESS))('%s', (key) => {
  const entry = ROUTE_ACCESS[key];

  it.each(casesOf(entry))('$caller, object: $target -> $expected', async ({ caller, target, expected }) => {
    const who = callers[caller];
    const ctx: AccessContext = { ...context, caller: who.identity };
    const addressed = entry.tenant === 'none' || target === 'none' ? {} : await entry.tenant[target](ctx);
    const example = await entry.example(ctx);
    const request: RouteRequest = {
      params: { ...example.params, ...addressed.params },
      query: { ...example.query, ...addressed.query },
      body: addressed.body ?? example.body,
      headers: { ...example.headers, ...addressed.headers },
    };

    const res = await send(key, request, await who.token());
    if (entry.changesPassword) await restoreDemoPassword(who.identity.userId);

    expect({ status: res.statusCode, body: res.body.slice(0, 300) }).toMatchObject({ status: expected });
    if (res.statusCode >= 400) expect(res.json()).toEqual({ message: expect.any(String) });
    if (res.statusCode >= 400 || who.customer) expectNoForeignData(res);
  });
});

describe('POST /api/auth/impersonate', () => {
  const impersonateAs = (token: string, target: number) =>
    t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${target}`, headers: auth(token), payload: { reason: 'Controle van de rechten' } });

  it('lets a customer act for a sibling branch, not for a company outside its parent company', async () => {
    const token = await t.login('klant@demo.nl');
    const bakkerij = await companyId('Bakkerij De Korenschoof');
    const elektro = await companyId('Van Dijk Elektrotechniek B.V.');
    const installatie = await companyId('Van Dijk Installatietechniek B.V.');

    const refused = await impersonateAs(token, bakkerij);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect(refused.body).not.toContain('Korenschoof');

    const res = await impersonateAs(token, elektro);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { token: expect.any(String) } });
    const claims = claimsOf(res.json().data.token);
    expect(claims).toMatchObject({ sub: claimsOf(token).sub, company_id: elektro, impersonate: installatie });
    const company = await t.app.inject({ method: 'GET', url: `/api/company/${elektro}`, headers: auth(res.json().data.token) });
    expect(company.json().name).toBe('Van Dijk Elektrotechniek B.V.');
  });

  it('refuses the impersonation token once the branch has left the parent company', async () => {
    const token = await t.login('klant@demo.nl');
    const elektro = await findCompanyByName(t.database.db, 'Van Dijk Elektrotechniek B.V.');
    const branchToken = (await impersonateAs(token, elektro!.id)).json().data.token;
    const policies = () => t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(branchToken) });
    expect((await policies()).statusCode).toBe(200);

    await t.database.db.update(companies).set({ parentCompanyId: null }).where(eq(companies.id, elektro!.id));
    try {
      const after = await policies();
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ message: expect.any(String) });
      // The user's own token still works: only the right to act for the branch is gone.
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) })).statusCode).toBe(200);
      expect((await impersonateAs(token, elektro!.id)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(companies).set({ parentCompanyId: elektro!.parentCompanyId }).where(eq(companies.id, elektro!.id));
    }
  });

  it("lets an admin act for any company and read that company's data", async () => {
    const bakkerij = await companyId('Bakkerij De Korenschoof');
    const provider = await companyId('Demo ICT Diensten');
    const res = await impersonateAs(await t.login('admin@demo.nl'), bakkerij);
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token;
    expect(claimsOf(token)).toMatchObject({ company_id: bakkerij, impersonate: provider });

    const company = await t.app.inject({ method: 'GET', url: `/api/company/${bakkerij}`, headers: auth(token) });
    expect(company.statusCode).toBe(200);
    expect(company.json()).toMatchObject({ id: bakkerij, name: 'Bakkerij De Korenschoof' });

    const counts = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/article-groups/count', headers });
    const asAdmin = await counts(auth(token));
    const asBakkerijStaff = await counts(auth(await t.login('kees@korenschoof.nl')));
    const asInstallatieStaff = await counts(auth(await t.login('klant@demo.nl')));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(asBakkerijStaff.json());
    expect(asAdmin.json()).not.toEqual(asInstallatieStaff.json());
  });

  it('never lets anyone act for their own company as if impersonating', async () => {
    const res = await impersonateAs(await t.login('klant@demo.nl'), await companyId('Van Dijk Installatietechniek B.V.'));
    expect(res.statusCode).toBe(404);
  });
});
