import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router-dom';
import { accountApi } from '../../api/accountApi';
import { selectActingCompanyId } from '../../base/authSlice';
import type { SessionRootState } from '../../base/session';
import type { SeedEntry } from '../../base/sessionRequests';
import { screen } from '../../base/lazyScreen';
import { articleDetailOf, type ArticleDetailAnswer, articleRequestPath, articleWindowQuery, servicesApi } from './servicesApi';

/**
 * The addresses below /mijn-diensten (spec section 2), relative to it as ServicesScreen routes
 * them. This module is part of the entry chunk: a full page load asks a screen's data from it
 * before the services chunk has arrived.
 */
export const GROUP = ':groupId/:groupName';
export const ARTICLE = `${GROUP}/:articleId/:articleName`;
export const SERVICE = `${ARTICLE}/:serviceId/:endUserUrlName`;

/** An id segment of the address, or null when it is not a valid id. */
export const toId = (value: string | undefined): number | null =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** 'Toon Historische Afnames' in the query string (spec section 4); useShowHistoric reads the same. */
export const showHistoricIn = (searchParams: URLSearchParams) => searchParams.get('show_historic') === '1';

/**
 * The form screens below /mijn-diensten are a chunk of their own (formik, react-select, moment):
 * the group, article and service pages do without it. ServicesScreen routes them; a full load of a
 * form's address preloads it (preloadChunksFor), and the services screen once the browser is idle.
 */
const loadForms = () => import(/* webpackChunkName: "services-forms" */ './servicesForms');
export const AddArticleScreen = screen(loadForms, 'AddArticleScreen');
export const EditArticleScreen = screen(loadForms, 'EditArticleScreen');
export const AddServiceScreen = screen(loadForms, 'AddServiceScreen');
export const BulkServicesScreen = screen(loadForms, 'BulkServicesScreen');
export const EditServiceScreen = screen(loadForms, 'EditServiceScreen');

export const preloadServicesForms = (): Promise<void> =>
  Promise.all([AddArticleScreen, EditArticleScreen, AddServiceScreen, BulkServicesScreen, EditServiceScreen].map((form) => form.preload())).then(
    () => undefined,
  );

export { isServicesFormAddress } from './formAddress';

type Dispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;

const matches = (pattern: string, pathname: string) => matchPath(`/mijn-diensten/${pattern}`, pathname)?.params;

/**
 * Starts the calls the services screen at `pathname` makes first, with the very endpoint and
 * arguments the screen uses (routeData.ts), so that it finds them in RTK Query's cache or in
 * flight. A prefetch holds no subscription: unused answers go after keepUnusedDataFor.
 */
export const prefetchServicesScreen = (pathname: string, search: string) => (dispatch: Dispatch, getState: () => SessionRootState) => {
  const actingCompany = () => {
    const companyId = selectActingCompanyId(getState());
    if (companyId !== null) dispatch(accountApi.util.prefetch('getCompany', companyId, {}));
  };

  const article = matches(ARTICLE, pathname);
  const articleId = toId(article?.articleId);
  if (articleId !== null) {
    dispatch(servicesApi.util.prefetch('getArticle', articleWindowQuery(articleId, showHistoricIn(new URLSearchParams(search)), 0), {}));
    actingCompany();
    return;
  }
  // Edit, add-service and bulk screens share the article's first window without ended services.
  for (const screen of ['bewerken', 'toevoegen', 'bulkafnames']) {
    const id = toId(matches(`${ARTICLE}/${screen}`, pathname)?.articleId);
    if (id === null) continue;
    dispatch(servicesApi.util.prefetch('getArticle', articleWindowQuery(id, false, 0), {}));
    if (screen === 'toevoegen') actingCompany();
    return;
  }
  const serviceId = toId((matches(SERVICE, pathname) ?? matches(`${SERVICE}/edit`, pathname))?.serviceId);
  if (serviceId !== null) {
    dispatch(servicesApi.util.prefetch('getService', serviceId, {}));
    actingCompany();
    return;
  }
  const groupId = toId(matches(GROUP, pathname)?.groupId);
  if (groupId !== null) dispatch(servicesApi.util.prefetch('getArticles', groupId, {}));
};

/**
 * The article page's answer among a full page load's early calls (sessionRequests.ts), as the
 * entry that puts it into RTK Query's cache as the answer to the very query the screen makes
 * (earlySeed.ts); null on other addresses.
 */
export const earlyArticleSeed = ({ pathname, search }: { pathname: string; search: string }): SeedEntry | null => {
  const articleId = toId(matches(ARTICLE, pathname)?.articleId);
  if (articleId === null) return null;
  const arg = articleWindowQuery(articleId, showHistoricIn(new URLSearchParams(search)), 0);
  return {
    path: articleRequestPath(arg),
    action: (answer) =>
      typeof answer === 'object' && answer !== null && Array.isArray((answer as ArticleDetailAnswer).services)
        ? servicesApi.util.upsertQueryEntries([{ endpointName: 'getArticle', arg, value: articleDetailOf(answer as ArticleDetailAnswer) }])
        : null,
  };
};
