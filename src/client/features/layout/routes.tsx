import type { RouteObject } from 'react-router-dom';
import { accountApi } from '../../api/accountApi';
import { catalogApi } from '../../api/catalogApi';
import { selectActingCompanyId, selectIsImpersonating, selectUserId } from '../../base/authSlice';
import { screen } from '../../base/lazyScreen';
import { prefetchQuery, type Prefetch, type RouteNeeds } from '../../base/routeNeeds';

const Layout = screen(() => import(/* webpackChunkName: "layout" */ './Layout'), 'Layout');
const NotFoundScreen = screen(() => import(/* webpackChunkName: "not-found-screen" */ './NotFoundScreen'), 'NotFoundScreen');

/** The frame's calls: the menu's article groups, the policies, the header's user and, while managing a company, its name. */
const prefetchFrame: Prefetch = () => (dispatch, getState) => {
  const state = getState();
  const userId = selectUserId(state);
  const companyId = selectActingCompanyId(state);
  return Promise.all([
    dispatch(prefetchQuery(catalogApi.endpoints.getVisibleArticleGroups, undefined)),
    dispatch(prefetchQuery(accountApi.endpoints.getPolicies, undefined)),
    userId === null ? null : dispatch(prefetchQuery(accountApi.endpoints.getUser, userId)),
    selectIsImpersonating(state) && companyId !== null ? dispatch(prefetchQuery(accountApi.endpoints.getCompany, companyId)) : null,
  ]);
};

/** The frame of the logged-in screens (header, menu, banner); the screens of the features fill it in. */
export const layoutRoute = (children: RouteObject[]): RouteObject => ({
  element: <Layout />,
  handle: { load: Layout.preload, prefetch: prefetchFrame } satisfies RouteNeeds,
  children,
});

/** Spec section 2: any unknown address. */
export const notFoundRoute: RouteObject = { path: '*', element: <NotFoundScreen />, handle: { load: NotFoundScreen.preload } satisfies RouteNeeds };
