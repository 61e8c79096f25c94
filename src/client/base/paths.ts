import { endUserSlug, toSlug } from '../../domain/slug';
import { RETURN_PARAM } from './returnAddress';
import { type DateRange, type Month, monthKey, monthRange } from '../../domain/time';

interface Named {
  id: number;
  name: string;
}

type EndUserName = { firstname: string; lastname: string } | null | undefined;

/** A usage report row names its end user (id 0 and no name: a service without one) and number. */
interface ReportNumber {
  id: number;
  firstname: string | null;
  lastname: string | null;
  mobile_number: string;
}

/** The costs screens' month in the address, so a reload, a bookmark or a shared link shows the same month. */
export const COSTS_MONTH_PARAM = 'maand';

/** The tabs of the admin overview, kept in the query string (`?tab=`) so that 'back' returns to them. */
export const ADMIN_TABS = ['hoofdbedrijven', 'bedrijven', 'artikelgroepen', 'verbruik-importeren', 'facturatie-export'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** A month in the address of the costs screens and the group bundle: `?maand=YYYY-MM`, or nothing. */
export const monthQuery = (month?: Month) => (month ? `?${COSTS_MONTH_PARAM}=${monthKey(month)}` : '');

const rangeQuery = (range?: DateRange) => (range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : '');

const reportUserSlug = (row: ReportNumber) =>
  row.id && (row.firstname || row.lastname) ? endUserSlug({ firstname: row.firstname ?? '', lastname: row.lastname ?? '' }) : endUserSlug(null);

/**
 * The links of docs/screens.md, 'Addresses', that several features share: a feature may not import
 * another, so a link to another feature's screen is built here. Each feature declares its own
 * route patterns, with the links only it needs, in its `<feature>Paths.ts`.
 */
export const paths = {
  /** /login; with the portal address a logged-out visitor asked for (`?terug=`), which the login leads back to. */
  login: (returnTo?: string) => (returnTo ? `/login?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}` : '/login'),
  dashboard: () => '/dashboard',
  /** The search results of `term`; without a term the search screen itself. */
  search: (term = '') => (term ? `/zoek/${encodeURIComponent(term)}` : '/zoek'),
  articleGroup: (group: Named) => `/mijn-diensten/${group.id}/${toSlug(group.name)}`,
  article: (group: Named, article: Named) => `${paths.articleGroup(group)}/${article.id}/${toSlug(article.name)}`,
  service: (group: Named, article: Named, service: { id: number; end_user?: EndUserName }) =>
    `${paths.article(group, article)}/${service.id}/${endUserSlug(service.end_user)}`,
  endUser: (endUser: { id: number; firstname: string; lastname: string }) =>
    `/mijn-bedrijf/end-users/${endUser.id}/${endUserSlug(endUser)}`,
  company: () => '/mijn-bedrijf',
  /** /kosten, of `month` (`?maand=YYYY-MM`), or of its default month without one. */
  costs: (month?: Month) => `/kosten${monthQuery(month)}`,
  /** 'Groepsoverzicht': the costs of the company's group, of `month` (`?maand=YYYY-MM`) or of its default month. */
  groupCosts: (month?: Month) => `/kosten/groep${monthQuery(month)}`,
  /** 'Groepsbundel' (docs/usage.md, 'Where the bundle is going'): the group bundle of `month` (`?maand=YYYY-MM`), or of the dashboard's month without one. */
  groupBundle: (month?: Month) => `/groepsbundel${monthQuery(month)}`,
  /** The usage report; without a range it shows the last whole month, as Kosten does. */
  usage: (range?: DateRange) => `/verbruik${rangeQuery(range)}`,
  /** The usage report of a whole month. */
  usageOfMonth: (month: Month) => paths.usage(monthRange(month)),
  /**
   * /verbruik/{userId}/{userName}/{userPhoneNumber}: the records of one number. `search` is the
   * report's own query string (`?from=…`), so the detail shows the report's period and leads back to it.
   */
  usageDetail: (row: ReportNumber, search = '') =>
    `/verbruik/${row.id}/${reportUserSlug(row)}/${encodeURIComponent(row.mobile_number)}${search}`,
  /** The provider's administration, on one of its tabs (`?tab=`) or on the first. */
  admin: (tab?: AdminTab) => (tab ? `/mer-admin?tab=${tab}` : '/mer-admin'),
  /** The provider's queue of requests (docs/requests.md, 'The queue'): the staff menu and dashboard link to it. */
  requestQueue: () => '/mer-aanvragen',
  /** 'Mijn account': the user's own name, address, password and sessions. */
  account: () => '/mijn-account',
  /** 'Aanvragen' (docs/requests.md): the company's requests. */
  requests: () => '/aanvragen',
  /** One request with its timeline. */
  request: (id: number) => `/aanvragen/${id}`,
};
