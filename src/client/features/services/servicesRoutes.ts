import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { matchPath } from 'react-router-dom';
import { accountApi } from '../../api/accountApi';
import { selectActingCompanyId } from '../../app/authSlice';
import type { SessionRootState } from '../../app/session';
import type { EarlyArticle } from '../../api/sessionRequests';
import { articleDetailOf, type ArticleDetailAnswer, articleWindowQuery, servicesApi } from './servicesApi';

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

/** How long the first render waits for the early article call at most: a slow answer gets the page's skeleton first. */
export const EARLY_ARTICLE_WAIT_MS = 250;

/**
 * The article page's early call (sent with the refresh's token, sessionRequests.ts) as an action
 * that puts it into RTK Query's cache as the answer to the very query the screen makes, for the
 * session's start (restoreSession). Only a successful answer that arrives within
 * EARLY_ARTICLE_WAIT_MS; otherwise undefined, and the screen asks as usual.
 */
export const earlyArticleEntry = async (early: EarlyArticle) => {
  const args = articleWindowQuery(early.id, early.showHistoric, 0);
  if (args.limit !== early.limit) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), EARLY_ARTICLE_WAIT_MS);
  });
  const answer = await Promise.race([early.answer, late]);
  clearTimeout(timer);
  if (answer === null || typeof answer !== 'object' || !Array.isArray((answer as ArticleDetailAnswer).services)) return undefined;
  return servicesApi.util.upsertQueryEntries([{ endpointName: 'getArticle', arg: args, value: articleDetailOf(answer as ArticleDetailAnswer) }]);
};
