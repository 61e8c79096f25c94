import { endUserSlug, toSlug } from '../../domain/slug';
import { type DateRange, type Month, monthKey, monthRange } from '../../domain/time';

/**
 * The routes of docs/screens.md, 'Addresses', built in one place so that every feature links to the same
 * addresses (features do not import each other).
 */
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

const monthQuery = (month?: Month) => (month ? `?${COSTS_MONTH_PARAM}=${monthKey(month)}` : '');

const rangeQuery = (range?: DateRange) => (range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : '');

const reportUserSlug = (row: ReportNumber) =>
  row.id && (row.firstname || row.lastname) ? endUserSlug({ firstname: row.firstname ?? '', lastname: row.lastname ?? '' }) : endUserSlug(null);

export const paths = {
  dashboard: () => '/dashboard',
  search: (term: string) => `/zoek/${encodeURIComponent(term)}`,
  articleGroup: (group: Named) => `/mijn-diensten/${group.id}/${toSlug(group.name)}`,
  addArticle: (group: Named) => `${paths.articleGroup(group)}/toevoegen`,
  article: (group: Named, article: Named) => `${paths.articleGroup(group)}/${article.id}/${toSlug(article.name)}`,
  editArticle: (group: Named, article: Named) => `${paths.article(group, article)}/bewerken`,
  addService: (group: Named, article: Named) => `${paths.article(group, article)}/toevoegen`,
  bulkServices: (group: Named, article: Named) => `${paths.article(group, article)}/bulkafnames`,
  service: (group: Named, article: Named, service: { id: number; end_user?: EndUserName }) =>
    `${paths.article(group, article)}/${service.id}/${endUserSlug(service.end_user)}`,
  editService: (group: Named, article: Named, service: { id: number; end_user?: EndUserName }) =>
    `${paths.service(group, article, service)}/edit`,
  endUser: (endUser: { id: number; firstname: string; lastname: string }) =>
    `/mijn-bedrijf/end-users/${endUser.id}/${endUserSlug(endUser)}`,
  editEndUser: (endUser: { id: number; firstname: string; lastname: string }) => `${paths.endUser(endUser)}/bewerken`,
  company: () => '/mijn-bedrijf',
  /** /kosten, of `month` (`?maand=YYYY-MM`), or of its default month without one. */
  costs: (month?: Month) => `/kosten${monthQuery(month)}`,
  /** `costsType`: maandelijks, nieuwe-aansluitingen, setup or verbruik; the month is part of the address. */
  costsDetail: (costsType: string, month: Month) => `/kosten/${costsType}${monthQuery(month)}`,
  costsArticle: (costsType: string, articleId: number, month: Month) => `/kosten/${costsType}/${articleId}${monthQuery(month)}`,
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
  admin: () => '/mer-admin',
  /** 'Mijn account': the user's own name, address, password and sessions. */
  account: () => '/mijn-account',
};
