import type { RouteOptions } from 'fastify';
import type { Permission } from '../../domain/permissions';
import type { RequestState } from '../../domain/requests';
import { isViewerRoute } from '../plugins/openapi';
import { DEMO_PASSWORD } from '../seed/demo';

/**
 * Who may call each /api route, and how to address an object of the caller's own company and
 * of another company. authorizationMatrix.test.ts runs every route of this table for every kind
 * of caller, and fails when a registered route is missing here: a new route joins the matrix by
 * getting an entry.
 */

/** 'public': anyone; 'user': any live session; else the permission of the route's `config.permission`. */
export type Access = 'public' | 'user' | Permission;

/** The parts of one request; `params` fill the `:name` placeholders of the path. */
export interface RouteRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What a table entry may use to build its request. */
export interface AccessContext {
  /**
   * The caller the request is built for. Anonymous and refused callers use the identity their
   * (missing or bad) token would have had.
   */
  caller: {
    userId: number;
    /** The user's own company. */
    ownCompanyId: number;
    /** The company the token acts for (differs from ownCompanyId while impersonating). */
    actingCompanyId: number;
  };
  /** Demo companies by role in the data set. */
  companies: {
    provider: number;
    /** 'Van Dijk Installatietechniek B.V.', klant@demo.nl's company. */
    installatie: number;
    /** 'Van Dijk Elektrotechniek B.V.', a sibling branch. */
    elektro: number;
    /** 'Van Dijk Service & Onderhoud B.V.', a sibling branch no matrix caller acts for. */
    service: number;
  };
  /** A customer company that is never the caller's own or acting company, and one of its users. */
  foreign: { companyId: number; userId: number };
  /** The first day of the running month, ISO (for costs_date_from). */
  thisMonth: string;
  /** A fresh, unused reset token of a spare account. */
  resetToken(): Promise<string>;
  /** A `cookie` header value holding the refresh secret of a fresh session of a spare account. */
  refreshCookie(): Promise<string>;
  /** A string unique within the test run. */
  unique(): string;
  /** Fresh, unused e-mail change links of a spare account ('Mijn account'): to confirm, and to cancel. */
  emailChangeTokens(): Promise<{ confirm: string; cancel: string }>;
  /** Two-factor login states of a user's own account, for the calls of 'Mijn account'. */
  twoFactor: {
    /** Off, nothing pending. */
    off(userId: number): Promise<void>;
    /** Set up but not on yet: answers a code of the pending secret. */
    pending(userId: number): Promise<string>;
    /** On: answers an unused recovery code. */
    on(userId: number): Promise<string>;
    /** A fresh account with two-factor login on: the challenge of its password step and an unused recovery code. */
    login(): Promise<{ challenge: string; code: string }>;
  };
  /** An article group every demo company sees ('Hardware'). */
  visibleGroupId: number;
  /** Fresh objects of a company, made per case so that writes and deletes harm no other case. */
  make: {
    /** An article without services or bulk entries. */
    article(companyId: number): Promise<number>;
    /** A service (on a fresh article) with an end user. */
    service(companyId: number): Promise<number>;
    /** A service with an end user and a fresh phone number in its `used_for_cdr` field. */
    numberedService(companyId: number): Promise<{ endUserId: number; number: string }>;
    /** An afname of a mobile article group with a fresh SIM nummer whose PUK code is imported. */
    pukService(companyId: number): Promise<number>;
    /** A finished usage import: its id. */
    usageImport(): Promise<number>;
    endUser(companyId: number): Promise<number>;
    /** A bulk entry of +5 units yesterday on a fresh article. */
    bulkEntry(companyId: number): Promise<{ articleId: number; bulkId: number }>;
    /** A contact person (role 3) with a fresh e-mail address. */
    user(companyId: number): Promise<number>;
    /** A customer company without parent company, users, articles or services. */
    company(): Promise<number>;
    /** A parent company without branches. */
    parentCompany(): Promise<number>;
    /**
     * A fresh company in the parent company of `companyId` (in a fresh parent company when it has
     * none; `companyId` itself then stays where it is).
     */
    branch(companyId: number): Promise<{ parentCompanyId: number; companyId: number }>;
    /** An article group without articles, with one field and no company that sees it. */
    articleGroup(): Promise<number>;
    /** A fresh live session of the user: its id. */
    session(userId: number): Promise<string>;
    /**
     * A request of the company (a question about a fresh service) in `state`, asked by
     * `requestedBy` (default: a fresh contact person of the company, so not the caller).
     */
    request(companyId: number, state: RequestState, requestedBy?: number): Promise<number>;
    /** Version 1 of the company's cost specification of the last whole month, stored if it is not yet: answers the month, YYYY-MM. */
    finalSpecification(companyId: number): Promise<string>;
    /** A free field of the company to allocate costs by ('Per kostenplaats'), labelled if it was not: answers its key. */
    allocationField(companyId: number): Promise<string>;
  };
}

/** Objects owned by a company, addressed by the request. */
export interface TenantObjects {
  /** An object the caller's acting company may reach. */
  own(ctx: AccessContext): RouteRequest | Promise<RouteRequest>;
  /** The same kind of object of `ctx.foreign`'s company: 404 for customers, never its data. */
  other(ctx: AccessContext): RouteRequest | Promise<RouteRequest>;
  /** Provider staff reach every company's object through this route (docs/permissions.md, 'Roles'). */
  providerStaffReachAll?: boolean;
}

export interface RouteAccessEntry {
  access: Access;
  /** 'none': the route addresses no tenant object (global data, or implicitly the acting company). */
  tenant: 'none' | TenantObjects;
  /** A valid request, so that the authorized call succeeds; merged with the tenant part. */
  example(ctx: AccessContext): RouteRequest | Promise<RouteRequest>;
  /** The status of the authorized call. */
  status: 200 | 201 | 204;
  /** About the acting company's group: 404 for a company without a parent company (the provider's own). */
  groupOnly?: true;
  /** The call sets the caller's own password: the matrix gives the demo password back after each case. */
  changesPassword?: true;
  /** Refused (403) to provider staff whatever they act for: their two-factor login cannot be turned off. */
  refusedToProviderStaff?: true;
}

const noInput = () => ({});

/** The running month as a costs range (`costs_date_from` .. `costs_date_to`). */
const costsMonth = (ctx: AccessContext): RouteRequest => ({ query: { costs_date_from: ctx.thisMonth, costs_date_to: ctx.thisMonth } });

/** The five calls of 'Per kostenplaats' under `prefix`, each with a field of the acting company. */
const allocationRoutes = (prefix: string, access: Access, extra: { groupOnly?: true }): Record<string, RouteAccessEntry> => {
  const withField = async (ctx: AccessContext): Promise<RouteRequest> => ({
    query: { ...costsMonth(ctx).query, field: await ctx.make.allocationField(ctx.caller.actingCompanyId) },
  });
  return {
    [`GET ${prefix}/fields`]: { access, tenant: 'none', example: () => ({}), status: 200, ...extra },
    [`PUT ${prefix}/field`]: {
      access,
      tenant: 'none',
      example: async (ctx) => ({ body: { field: await ctx.make.allocationField(ctx.caller.actingCompanyId) } }),
      status: 200,
      ...extra,
    },
    [`GET ${prefix}`]: { access, tenant: 'none', example: withField, status: 200, ...extra },
    [`GET ${prefix}/afnames`]: { access, tenant: 'none', example: withField, status: 200, ...extra },
    [`GET ${prefix}/download`]: { access, tenant: 'none', example: withField, status: 200, ...extra },
  };
};

/**
 * A branch's read-only costs (docs/permissions.md, 'The group view'): own is the acting company, a branch of its own
 * group (404 for the provider's, which has none); other is the foreign company, in no group of the caller.
 */
const branchCostsRoutes = (): Record<string, RouteAccessEntry> => {
  const tenant: TenantObjects = {
    own: (ctx) => ({ params: { company_id: ctx.caller.actingCompanyId } }),
    other: (ctx) => ({ params: { company_id: ctx.foreign.companyId } }),
  };
  const paths = ['costs', 'costslinesmonthly', 'costslinespartly', 'costslinessetup'].map((call) => `GET /api/group/branches/:company_id/${call}`);
  return Object.fromEntries(paths.map((path) => [path, { access: 'EDIT_PARENT_COMPANY', tenant, example: costsMonth, status: 200, groupOnly: true }]));
};

/** A tenant object made fresh for the acting company (own) and for the foreign one (other). */
const fresh = (make: (ctx: AccessContext, companyId: number) => Promise<RouteRequest>): TenantObjects => ({
  own: (ctx) => make(ctx, ctx.caller.actingCompanyId),
  other: (ctx) => make(ctx, ctx.foreign.companyId),
});

/** A numbered service's end user and number (the usage detail routes' address). */
const aNumberOfTheCompany = fresh(async (ctx, companyId) => {
  const { endUserId, number } = await ctx.make.numberedService(companyId);
  return { params: { userId: endUserId, phoneNumber: number } };
});

const article = fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.article(companyId) } }));
const service = fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.service(companyId) } }));
const endUser = fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.endUser(companyId) } }));
const contactPerson = fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.user(companyId) } }));
const newContactPerson = (ctx: AccessContext) => ({ firstname: 'Matrix', lastname: 'Contact', email: `${ctx.unique()}@voorbeeld.nl` });

/** A request of the acting company (own) or the foreign one (other) in `state`; `byCaller`: the caller asked it. */
const aRequest = (state: RequestState, byCaller = false): TenantObjects =>
  fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.request(companyId, state, byCaller ? ctx.caller.userId : undefined) } }));

/** A request in the provider's queue: provider staff reach every company's. */
const aQueuedRequest = (state: RequestState): TenantObjects => ({ ...aRequest(state), providerStaffReachAll: true });

/** Provider staff address every company: a fresh company, whoever asks. */
const anyCompany: TenantObjects = {
  own: async (ctx) => ({ params: { id: await ctx.make.company() } }),
  other: async (ctx) => ({ params: { id: await ctx.make.company() } }),
  providerStaffReachAll: true,
};

/** A branch call: a fresh branch in the acting company's parent company, or in a foreign one. */
const branchOf = fresh(async (ctx, companyId) => {
  const branch = await ctx.make.branch(companyId);
  return { params: { id: branch.parentCompanyId }, body: { company_id: branch.companyId } };
});

/** A multipart upload of the end user import (field `data`), the usage import (field `usage`) or the PUK import (field `file`). */
const importUpload = (csv: string, field = 'data'): RouteRequest => {
  const boundary = 'matrix-upload-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body:
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="eindgebruikers.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  };
};

export const ROUTE_ACCESS: Record<string, RouteAccessEntry> = {
  // Auth: the public entry points answer the same whoever asks.
  'POST /api/auth/login': {
    access: 'public',
    tenant: 'none',
    example: () => ({ body: { email: 'klant@demo.nl', password: DEMO_PASSWORD } }),
    status: 200,
  },
  'POST /api/auth/refresh': {
    access: 'public',
    tenant: 'none',
    // The portal's own header: refresh and logout refuse cross-site requests (routes/auth).
    example: async (ctx) => ({ headers: { cookie: await ctx.refreshCookie(), 'x-requested-with': 'mijn-portaal' } }),
    status: 200,
  },
  'POST /api/auth/logout': {
    access: 'public',
    tenant: 'none',
    example: () => ({ headers: { 'x-requested-with': 'mijn-portaal' } }),
    status: 204,
  },
  'POST /api/auth/reset/request': {
    access: 'public',
    tenant: 'none',
    example: (ctx) => ({ body: { email: `${ctx.unique()}@voorbeeld.nl` } }),
    status: 200,
  },
  'POST /api/auth/reset': {
    access: 'public',
    tenant: 'none',
    example: async (ctx) => ({ body: { token: await ctx.resetToken(), password: 'Nieuwe-Tulp-Fluit-Mantel' } }),
    status: 200,
  },
  'POST /api/auth/login/two-factor': { access: 'public', tenant: 'none', example: async (ctx) => ({ body: await ctx.twoFactor.login() }), status: 200 },
  'GET /api/auth/policies': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  // The 404 page's support contact: configuration, the same for anyone.
  'GET /api/support': { access: 'public', tenant: 'none', example: noInput, status: 200 },
  // The API document (plugins/openapi.ts): the calls and their shapes, no data.
  'GET /api/openapi.json': { access: 'public', tenant: 'none', example: noInput, status: 200 },
  'POST /api/auth/impersonate': {
    access: 'user',
    tenant: {
      // A branch of the caller's own parent company; provider staff may act for any company.
      own: (ctx) => ({ query: { company_id: ctx.companies.service }, body: { reason: 'Controle van de rechten' } }),
      other: (ctx) => ({ query: { company_id: ctx.foreign.companyId }, body: { reason: 'Controle van de rechten' } }),
      providerStaffReachAll: true,
    },
    example: noInput,
    status: 200,
  },
  // Ends the session's live impersonation, if any.
  'POST /api/auth/impersonate/stop': { access: 'user', tenant: 'none', example: noInput, status: 204 },

  // 'Mijn account': the caller's own account, also while managing another company (routes/account).
  'GET /api/account': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'PUT /api/account': { access: 'user', tenant: 'none', example: () => ({ body: { phonenumber: '010 123 4567' } }), status: 200 },
  'PUT /api/account/password': {
    access: 'user',
    tenant: 'none',
    example: (ctx) => ({ body: { current_password: DEMO_PASSWORD, password: `Zonnebloem-${ctx.unique()}-Kade` } }),
    status: 204,
    changesPassword: true,
  },
  'POST /api/account/email': {
    access: 'user',
    tenant: 'none',
    example: (ctx) => ({ body: { email: `${ctx.unique()}@voorbeeld.nl`, password: DEMO_PASSWORD } }),
    status: 200,
  },
  // Public: the link in the mail may be opened in any browser.
  'POST /api/account/email/confirm': {
    access: 'public',
    tenant: 'none',
    example: async (ctx) => ({ body: { token: (await ctx.emailChangeTokens()).confirm } }),
    status: 200,
  },
  // Public: the link in the notice to the old address may be opened in any browser.
  'POST /api/account/email/cancel': {
    access: 'public',
    tenant: 'none',
    example: async (ctx) => ({ body: { token: (await ctx.emailChangeTokens()).cancel } }),
    status: 200,
  },
  'GET /api/account/sessions': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'DELETE /api/account/sessions': { access: 'user', tenant: 'none', example: noInput, status: 204 },
  // A session is the user's own, never another's, whatever the company acted for.
  'DELETE /api/account/sessions/:id': {
    access: 'user',
    tenant: {
      own: async (ctx) => ({ params: { id: await ctx.make.session(ctx.caller.userId) } }),
      other: async (ctx) => ({ params: { id: await ctx.make.session(ctx.foreign.userId) } }),
    },
    example: noInput,
    status: 204,
  },

  // Two-factor login of the caller's own account (routes/account/twoFactor.ts).
  'GET /api/account/two-factor': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'POST /api/account/two-factor/setup': {
    access: 'user',
    tenant: 'none',
    example: async (ctx) => {
      await ctx.twoFactor.off(ctx.caller.userId);
      return {};
    },
    status: 200,
  },
  'POST /api/account/two-factor/enable': {
    access: 'user',
    tenant: 'none',
    example: async (ctx) => ({ body: { code: await ctx.twoFactor.pending(ctx.caller.userId) } }),
    status: 200,
  },
  'POST /api/account/two-factor/disable': {
    access: 'user',
    tenant: 'none',
    example: async (ctx) => ({ body: { password: DEMO_PASSWORD, code: await ctx.twoFactor.on(ctx.caller.userId) } }),
    status: 204,
    refusedToProviderStaff: true,
  },
  'POST /api/account/two-factor/recovery-codes': {
    access: 'user',
    tenant: 'none',
    example: async (ctx) => ({ body: { password: DEMO_PASSWORD, code: await ctx.twoFactor.on(ctx.caller.userId) } }),
    status: 200,
  },

  // Users and companies.
  'GET /api/users/:id': {
    access: 'user',
    tenant: {
      own: (ctx) => ({ params: { id: ctx.caller.userId } }),
      other: (ctx) => ({ params: { id: ctx.foreign.userId } }),
    },
    example: noInput,
    status: 200,
  },
  'GET /api/company/:id': {
    access: 'user',
    tenant: {
      own: (ctx) => ({ params: { id: ctx.caller.actingCompanyId } }),
      other: (ctx) => ({ params: { id: ctx.foreign.companyId } }),
      providerStaffReachAll: true,
    },
    example: noInput,
    status: 200,
  },
  'PUT /api/company/:id/two-factor': {
    access: 'CREATE_USER',
    tenant: {
      own: (ctx) => ({ params: { id: ctx.caller.actingCompanyId } }),
      other: (ctx) => ({ params: { id: ctx.foreign.companyId } }),
      providerStaffReachAll: true,
    },
    // Off: the matrix's callers keep logging in with the password alone.
    example: () => ({ body: { require_two_factor: false } }),
    status: 200,
  },
  'GET /api/users': { access: 'LIST_USERS', tenant: 'none', example: noInput, status: 200 },
  'POST /api/users': {
    access: 'CREATE_USER',
    // A client may name the company: the acting one is taken, another answers 404 (docs/permissions.md, 'The acting company').
    tenant: {
      own: (ctx) => ({ body: { ...newContactPerson(ctx), company_id: ctx.caller.actingCompanyId } }),
      other: (ctx) => ({ body: { ...newContactPerson(ctx), company_id: ctx.foreign.companyId } }),
    },
    example: (ctx) => ({ body: newContactPerson(ctx) }),
    status: 201,
  },
  'PUT /api/users/:id': {
    access: 'CREATE_USER',
    tenant: contactPerson,
    example: (ctx) => ({ body: { firstname: 'Gewijzigd', company_id: ctx.caller.actingCompanyId } }),
    status: 200,
  },
  'GET /api/users/activate/:id': {
    access: 'CREATE_USER',
    tenant: { ...contactPerson, providerStaffReachAll: true },
    example: noInput,
    status: 200,
  },
  // Provider staff only (LIST_COMPANIES); a user of the acting company with two-factor login on.
  'POST /api/users/:id/two-factor/reset': {
    access: 'LIST_COMPANIES',
    tenant: fresh(async (ctx, companyId) => {
      const id = await ctx.make.user(companyId);
      await ctx.twoFactor.on(id);
      return { params: { id } };
    }),
    example: () => ({ body: { reason: 'Telefoon en herstelcodes kwijt' } }),
    status: 200,
  },
  'GET /api/companies': { access: 'LIST_COMPANIES', tenant: 'none', example: noInput, status: 200 },
  'POST /api/company/register': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: (ctx) => ({
      body: { name: 'Matrix B.V.', zipcode: '1234 AB', address: 'Straat 1', city: 'Utrecht', sap_number: ctx.unique() },
    }),
    status: 201,
  },
  'PUT /api/company/:id': { access: 'CREATE_COMPANY', tenant: anyCompany, example: () => ({ body: { end_time: null } }), status: 200 },
  'DELETE /api/company/:id': { access: 'CREATE_COMPANY', tenant: anyCompany, example: noInput, status: 200 },
  'GET /api/audit-log': {
    access: 'user',
    tenant: {
      own: (ctx) => ({ query: { company_id: ctx.caller.actingCompanyId } }),
      other: (ctx) => ({ query: { company_id: ctx.foreign.companyId } }),
      providerStaffReachAll: true,
    },
    example: noInput,
    status: 200,
  },

  // Parent companies: global, managed by provider staff; a customer moves branches of its own only.
  'GET /api/parent-companies': { access: 'LIST_PARENT_COMPANIES', tenant: 'none', example: noInput, status: 200 },
  'POST /api/parent-companies': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: () => ({ body: { name: 'Matrix Groep', sap_number: null, companies: [] } }),
    status: 201,
  },
  'PUT /api/parent-companies/:id': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: async (ctx) => ({ params: { id: await ctx.make.parentCompany() }, body: { name: 'Matrix Groep (gewijzigd)' } }),
    status: 200,
  },
  'DELETE /api/parent-companies/:id': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: async (ctx) => ({ params: { id: await ctx.make.parentCompany() } }),
    status: 200,
  },
  'POST /api/parent-companies/:id/add': {
    access: 'EDIT_PARENT_COMPANY',
    tenant: { ...branchOf, providerStaffReachAll: true },
    example: noInput,
    status: 200,
  },
  'POST /api/parent-companies/:id/remove': {
    access: 'EDIT_PARENT_COMPANY',
    tenant: { ...branchOf, providerStaffReachAll: true },
    example: noInput,
    status: 200,
  },

  // Catalogue: article groups are global, their counts are the acting company's.
  'GET /api/article-groups/visible': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/article-groups/count': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/billing-cycles': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/article-groups': { access: 'LIST_ALL_ARTICLE_GROUPS', tenant: 'none', example: noInput, status: 200 },
  'POST /api/article-groups': {
    access: 'EDIT_ARTICLE_GROUPS',
    tenant: 'none',
    example: () => ({ body: { name: 'Matrixgroep', icon: 'services', fields: [{ name: 'Kenmerk', used_for_cdr: false }], companies: [] } }),
    status: 201,
  },
  'PUT /api/article-groups/:id': {
    access: 'EDIT_ARTICLE_GROUPS',
    tenant: 'none',
    example: async (ctx) => ({ params: { id: await ctx.make.articleGroup() }, body: { name: 'Matrixgroep (gewijzigd)' } }),
    status: 200,
  },
  'DELETE /api/article-groups/:id': {
    access: 'EDIT_ARTICLE_GROUPS',
    tenant: 'none',
    example: async (ctx) => ({ params: { id: await ctx.make.articleGroup() } }),
    status: 200,
  },

  // Group bundle of the acting company.
  'GET /api/costs/hasgroupbundle': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/groupbundlecosts': {
    access: 'user',
    tenant: 'none',
    example: (ctx) => ({ query: { costs_date_from: ctx.thisMonth } }),
    status: 200,
  },
  'GET /api/costs/groupbundle/usage': {
    access: 'user',
    tenant: 'none',
    example: (ctx) => ({ query: { costs_date_from: ctx.thisMonth } }),
    status: 200,
  },
  'GET /api/costs/groupbundle/recalculate': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: (ctx) => ({ query: { costs_date_from: ctx.thisMonth } }),
    status: 200,
  },

  // Costs and the billing export of the acting company; the export of every company is the provider's.
  'GET /api/costs': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/costsbymonth': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/group/costs': { access: 'EDIT_PARENT_COMPANY', tenant: 'none', example: costsMonth, status: 200, groupOnly: true },
  'GET /api/group/costs/download': { access: 'EDIT_PARENT_COMPANY', tenant: 'none', example: costsMonth, status: 200, groupOnly: true },
  'GET /api/group/branches': { access: 'EDIT_PARENT_COMPANY', tenant: 'none', example: noInput, status: 200, groupOnly: true },
  ...branchCostsRoutes(),
  // The cost specification (docs/cost-specification.md): the acting company's, or its group's.
  'GET /api/costs/specification': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/costs/specifications': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'POST /api/costs/specifications': {
    access: 'CREATE_COMPANY',
    tenant: 'none',
    example: async (ctx) => ({ body: { month: await ctx.make.finalSpecification(ctx.caller.actingCompanyId), reason: 'Matrix: correctie' } }),
    status: 201,
  },
  'GET /api/group/costs/specification': { access: 'EDIT_PARENT_COMPANY', tenant: 'none', example: costsMonth, status: 200, groupOnly: true },
  'GET /api/group/costs/specifications': { access: 'EDIT_PARENT_COMPANY', tenant: 'none', example: costsMonth, status: 200, groupOnly: true },
  // 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): the acting company's, or its group's.
  ...allocationRoutes('/api/costs/allocation', 'user', {}),
  ...allocationRoutes('/api/group/costs/allocation', 'EDIT_PARENT_COMPANY', { groupOnly: true }),
  'GET /api/costs/forecast': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/costslinesmonthly': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/costslinespartly': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/costslinessetup': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/report/export': { access: 'user', tenant: 'none', example: costsMonth, status: 200 },
  'GET /api/report/export/all': { access: 'CREATE_COMPANY', tenant: 'none', example: costsMonth, status: 200 },

  // Articles and bulk services of the acting company.
  'GET /api/articles': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/articles/:id': { access: 'user', tenant: article, example: noInput, status: 200 },
  'GET /api/articles/:id/services': { access: 'user', tenant: article, example: noInput, status: 200 },
  'POST /api/articles/create': {
    access: 'CREATE_ARTICLE',
    tenant: 'none',
    example: (ctx) => ({ body: { article_group_id: ctx.visibleGroupId, name: 'Matrixartikel', description: 'Omschrijving' } }),
    status: 201,
  },
  'PUT /api/articles/:id': {
    access: 'CREATE_ARTICLE',
    tenant: article,
    example: () => ({ body: { description: 'Gewijzigde omschrijving' } }),
    status: 200,
  },
  'DELETE /api/articles/:id': { access: 'CREATE_ARTICLE', tenant: article, example: noInput, status: 200 },
  'POST /api/articles/:id/bulk-services': {
    access: 'EDIT_BULK_SERVICES',
    tenant: article,
    example: () => ({ body: { amount: 2, time: Math.floor(Date.now() / 1000) } }),
    status: 201,
  },
  'DELETE /api/articles/:id/bulk-services/:bulkId': {
    access: 'EDIT_BULK_SERVICES',
    tenant: fresh(async (ctx, companyId) => {
      const { articleId, bulkId } = await ctx.make.bulkEntry(companyId);
      return { params: { id: articleId, bulkId } };
    }),
    example: noInput,
    status: 200,
  },

  // Services and end users of the acting company.
  'PUT /api/services/create': {
    access: 'CREATE_SERVICE',
    tenant: fresh(async (ctx, companyId) => ({
      // The running month: a customer may not start a service in a billed month (docs/rules.md, 'Billed months are closed').
      body: { article_id: await ctx.make.article(companyId), start_time: ctx.thisMonth, end_user: { firstname: 'Nieuwe', lastname: 'Gebruiker' } },
    })),
    example: noInput,
    status: 201,
  },
  'GET /api/services/:id': { access: 'user', tenant: service, example: noInput, status: 200 },
  'PUT /api/services/:id': {
    access: 'CREATE_SERVICE',
    tenant: service,
    example: () => ({ body: { order_reference: 'PO-MATRIX' } }),
    status: 200,
  },
  'DELETE /api/services/:id/hard': { access: 'STOP_SERVICE', tenant: service, example: noInput, status: 200 },
  'GET /api/end-users/all': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/end-users/count': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/end-users/:id': { access: 'user', tenant: endUser, example: noInput, status: 200 },
  'PUT /api/end-users/:id': {
    access: 'user',
    tenant: endUser,
    example: () => ({ body: { firstname: 'Gewijzigde', lastname: 'Naam' } }),
    status: 200,
  },
  'POST /api/end-users/import': {
    access: 'BULK_IMPORT',
    tenant: 'none',
    example: () => importUpload('voornaam;achternaam\r\nMatrix;Import'),
    status: 200,
  },
  'GET /api/end-users/import/template': { access: 'BULK_IMPORT', tenant: 'none', example: noInput, status: 200 },

  // PUK codes (routes/puk-codes): the provider's import of all SIMs; an afname's code for its own company,
  // after the caller's own password and, with two-factor login on, a code.
  'POST /api/puk-codes/import': {
    access: 'HANDLE_REQUESTS',
    tenant: 'none',
    example: () => importUpload('SIM nummer;PUK\r\n8931049900000000001;12345678', 'file'),
    status: 200,
  },
  'POST /api/services/:id/puk': {
    access: 'REQUEST_CHANGES',
    tenant: fresh(async (ctx, companyId) => ({ params: { id: await ctx.make.pukService(companyId) } })),
    example: async (ctx) => ({ body: { password: DEMO_PASSWORD, code: await ctx.twoFactor.on(ctx.caller.userId) } }),
    status: 200,
  },

  // Usage: the import is the provider's (all companies' numbers); the report reads the acting company.
  'POST /api/usage/import': {
    access: 'UPLOAD_CDR',
    tenant: 'none',
    example: () => importUpload('datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\r\n', 'usage'),
    status: 200,
  },
  'GET /api/usage/imports': { access: 'UPLOAD_CDR', tenant: 'none', example: noInput, status: 200 },
  'GET /api/usage/imports/:id': { access: 'UPLOAD_CDR', tenant: 'none', example: async (ctx) => ({ params: { id: await ctx.make.usageImport() } }), status: 200 },
  'GET /api/usage/unmatched': { access: 'UPLOAD_CDR', tenant: 'none', example: noInput, status: 200 },
  // Attaches a kept number's records to whichever company's service held it (routes/usage/attach.test.ts).
  'POST /api/usage/unmatched/attach': { access: 'UPLOAD_CDR', tenant: 'none', example: () => ({ body: { number: '0699000000' } }), status: 200 },
  // Usage alerts of the acting company (routes/alerts): recipients of another company answer 400 (routes/alerts/alerts.test.ts).
  'GET /api/alerts/settings': { access: 'LIST_USERS', tenant: 'none', example: noInput, status: 200 },
  'PUT /api/alerts/settings': {
    access: 'CREATE_USER',
    tenant: 'none',
    example: () => ({ body: { bundle_alerts: true, out_of_bundle_costs: 250, number_data_gb: 10.5, number_usage_costs: null, recipients: [] } }),
    status: 200,
  },
  'GET /api/alerts/sent': { access: 'LIST_USERS', tenant: 'none', example: noInput, status: 200 },
  'GET /api/report': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/report/download': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/report/summary': { access: 'user', tenant: 'none', example: noInput, status: 200 },
  'GET /api/report/:userId/:phoneNumber': {
    access: 'user',
    tenant: aNumberOfTheCompany,
    example: noInput,
    status: 200,
  },
  'GET /api/report/:userId/:phoneNumber/download': {
    access: 'user',
    tenant: aNumberOfTheCompany,
    example: noInput,
    status: 200,
  },

  // Requests (docs/requests.md): the company's own under /requests, every company's in the provider's queue.
  'GET /api/requests': { access: 'REQUEST_CHANGES', tenant: 'none', example: noInput, status: 200 },
  'POST /api/requests': {
    access: 'REQUEST_CHANGES',
    tenant: fresh(async (ctx, companyId) => ({
      body: { kind: 'question', service_id: await ctx.make.service(companyId), details: { text: 'Matrix: een vraag' } },
    })),
    example: noInput,
    status: 201,
  },
  'GET /api/requests/settings': { access: 'REQUEST_CHANGES', tenant: 'none', example: noInput, status: 200 },
  'PUT /api/requests/settings': { access: 'APPROVE_REQUESTS', tenant: 'none', example: () => ({ body: { approval_required: false } }), status: 200 },
  'GET /api/requests/:id': { access: 'REQUEST_CHANGES', tenant: aRequest('submitted'), example: noInput, status: 200 },
  // Only whoever asked withdraws (routes/requests/requests.test.ts has the colleague's 403).
  'POST /api/requests/:id/withdraw': { access: 'REQUEST_CHANGES', tenant: aRequest('submitted', true), example: noInput, status: 200 },
  'POST /api/requests/:id/approve': { access: 'APPROVE_REQUESTS', tenant: aRequest('awaiting_approval'), example: noInput, status: 200 },
  'POST /api/requests/:id/reject': {
    access: 'APPROVE_REQUESTS',
    tenant: aRequest('awaiting_approval'),
    example: () => ({ body: { reason: 'Matrix: niet nodig' } }),
    status: 200,
  },
  'POST /api/requests/:id/messages': {
    access: 'REQUEST_CHANGES',
    tenant: aRequest('submitted'),
    example: () => ({ body: { text: 'Matrix: een bericht' } }),
    status: 200,
  },
  'GET /api/request-queue': { access: 'HANDLE_REQUESTS', tenant: 'none', example: noInput, status: 200 },
  'GET /api/request-queue/summary': { access: 'HANDLE_REQUESTS', tenant: 'none', example: noInput, status: 200 },
  'GET /api/request-queue/:id': { access: 'HANDLE_REQUESTS', tenant: aQueuedRequest('submitted'), example: noInput, status: 200 },
  'GET /api/request-queue/:id/articles': { access: 'HANDLE_REQUESTS', tenant: aQueuedRequest('submitted'), example: noInput, status: 200 },
  'POST /api/request-queue/:id/pick-up': { access: 'HANDLE_REQUESTS', tenant: aQueuedRequest('submitted'), example: noInput, status: 200 },
  'POST /api/request-queue/:id/carry-out': {
    access: 'HANDLE_REQUESTS',
    tenant: aQueuedRequest('in_progress'),
    example: () => ({ body: { text: 'Matrix: beantwoord' } }),
    status: 200,
  },
  'POST /api/request-queue/:id/reject': {
    access: 'HANDLE_REQUESTS',
    tenant: aQueuedRequest('submitted'),
    example: () => ({ body: { reason: 'Matrix: kan niet' } }),
    status: 200,
  },
  'POST /api/request-queue/:id/messages': {
    access: 'HANDLE_REQUESTS',
    tenant: aQueuedRequest('submitted'),
    example: () => ({ body: { text: 'Matrix: een bericht' } }),
    status: 200,
  },

  // Search never crosses companies: a customer searching the foreign company's name finds nothing of it.
  'GET /api/search': { access: 'user', tenant: 'none', example: () => ({ query: { term: 'Korenschoof' } }), status: 200 },
};

/** The table key of a registered route: one per method, `/api/...` as Fastify registers it. */
export const routeKeysOf = (route: Pick<RouteOptions, 'method' | 'url'>): string[] => {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.map((method) => `${method} ${route.url}`);
};

/** An /api route of the table: the API document's page (public) is no call. */
export const isApiRoute = (route: Pick<RouteOptions, 'url'>) => route.url.startsWith('/api/') && !isViewerRoute(route.url);

/**
 * The /api routes among the registered ones. Fastify adds a HEAD route for every GET route; it
 * shares the GET route's config (and so its access rule), so only explicit HEAD routes count.
 */
export const apiRouteKeys = (routes: Pick<RouteOptions, 'method' | 'url'>[]): string[] => {
  const keys = new Set(routes.filter(isApiRoute).flatMap(routeKeysOf));
  return [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(`GET ${key.slice(5)}`))).sort();
};

/** The path of a table key with its `:name` placeholders filled in. */
export const fillPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
