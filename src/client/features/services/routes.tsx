import { Fragment, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { parseId } from '../../../domain/ids';
import { currentUserApi } from '../../api/currentUserApi';
import { selectActingCompanyId } from '../../base/authSlice';
import type { AppDispatch, RootState } from '../../base/hooks';
import { screen, screenRoute } from '../../base/lazyScreen';
import { paths } from '../../base/paths';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { whenIdle } from '../../base/whenIdle';
import { sortFromParams } from '../../base/useSortParam';
import { articleWindowQuery, servicesApi } from './servicesApi';
import { DEFAULT_SERVICE_SORT, SERVICE_SORT_KEYS, serverSortOf } from './serviceSort';
import {
  ADD_ARTICLE,
  ADD_SERVICE,
  ARTICLE,
  BULK_SERVICES,
  EDIT_ARTICLE,
  EDIT_SERVICE,
  GROUP,
  SERVICE,
  SERVICES,
  showHistoricIn,
} from './servicesPaths';

// The group, article and service pages are one chunk; the forms another (formik, react-select,
// moment), which the pages do without and fetch once the browser is idle (ServicesFrame).
const loadPages = () => import(/* webpackChunkName: "services-screen" */ './servicesPages');
const ArticleGroupScreen = screen(loadPages, 'ArticleGroupScreen');
const ArticleScreen = screen(loadPages, 'ArticleScreen');
const ServiceScreen = screen(loadPages, 'ServiceScreen');
const ServicesNotFound = screen(loadPages, 'ServicesNotFound');

const loadForms = () => import(/* webpackChunkName: "services-forms" */ './servicesForms');
const AddArticleScreen = screen(loadForms, 'AddArticleScreen');
const EditArticleScreen = screen(loadForms, 'EditArticleScreen');
const AddServiceScreen = screen(loadForms, 'AddServiceScreen');
const BulkServicesScreen = screen(loadForms, 'BulkServicesScreen');
const EditServiceScreen = screen(loadForms, 'EditServiceScreen');

/** Every services screen below /mijn-diensten. A new address is a new screen: forms and scroll positions start afresh. */
function ServicesFrame() {
  const { pathname } = useLocation();
  useEffect(() => whenIdle(() => void loadForms().catch(() => undefined)), []);
  return (
    <Fragment key={pathname}>
      <Outlet />
    </Fragment>
  );
}

/** The acting company: its labels name the free fields of the article, service and add-service screens. */
const actingCompany = (dispatch: AppDispatch, getState: () => RootState) => {
  const companyId = selectActingCompanyId(getState());
  return companyId === null ? null : dispatch(prefetchQuery(currentUserApi.endpoints.getCompany, companyId));
};

/**
 * The article with its first window of services, as useArticle asks it: on the article page with
 * the ended services and in the order the address shows; the forms without. `withCompany`: the screen
 * names the free fields with the company's labels.
 */
const article =
  ({ articlePage, withCompany }: { articlePage: boolean; withCompany: boolean }): Prefetch =>
  ({ params, search }) =>
  (dispatch, getState) => {
    const id = parseId(params.articleId);
    if (id === null) return Promise.resolve();
    return Promise.all([
      dispatch(
        prefetchQuery(
          servicesApi.endpoints.getArticle,
          articlePage
            ? articleWindowQuery(id, showHistoricIn(search), 0, serverSortOf(sortFromParams(search, SERVICE_SORT_KEYS, DEFAULT_SERVICE_SORT)))
            : articleWindowQuery(id, false, 0),
        ),
      ),
      withCompany ? actingCompany(dispatch, getState) : null,
    ]);
  };

const group: Prefetch =
  ({ params }) =>
  (dispatch) => {
    const id = parseId(params.groupId);
    return id === null ? Promise.resolve() : dispatch(prefetchQuery(servicesApi.endpoints.getArticles, id));
  };

const service: Prefetch =
  ({ params }) =>
  (dispatch, getState) => {
    const id = parseId(params.serviceId);
    return id === null ? Promise.resolve() : Promise.all([dispatch(prefetchQuery(servicesApi.endpoints.getService, id)), actingCompany(dispatch, getState)]);
  };

/** docs/screens.md, 'Mijn diensten': the groups' articles, an article's services, a service, and their forms. */
export const servicesRoute: RouteObject = {
  path: SERVICES,
  element: <ServicesFrame />,
  children: [
    // The groups are listed on the dashboard and in the menu.
    { index: true, element: <Navigate to={paths.dashboard()} replace /> },
    screenRoute(GROUP, ArticleGroupScreen, group),
    screenRoute(ADD_ARTICLE, AddArticleScreen),
    screenRoute(ARTICLE, ArticleScreen, article({ articlePage: true, withCompany: true })),
    screenRoute(EDIT_ARTICLE, EditArticleScreen, article({ articlePage: false, withCompany: false })),
    screenRoute(ADD_SERVICE, AddServiceScreen, article({ articlePage: false, withCompany: true })),
    screenRoute(BULK_SERVICES, BulkServicesScreen, article({ articlePage: false, withCompany: false })),
    screenRoute(SERVICE, ServiceScreen, service),
    screenRoute(EDIT_SERVICE, EditServiceScreen, service),
    screenRoute('*', ServicesNotFound),
  ],
};
