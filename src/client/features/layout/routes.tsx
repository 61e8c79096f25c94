import { Outlet, type RouteObject } from 'react-router-dom';
import { currentUserApi } from '../../api/currentUserApi';
import { catalogApi } from '../../api/catalogApi';
import { selectActingCompanyId, selectIsImpersonating, selectSessionStatus, selectUserId } from '../../base/authSlice';
import { useAppSelector } from '../../base/hooks';
import { screen } from '../../base/lazyScreen';
import { prefetchQuery, type Prefetch, type RouteNeeds } from '../../base/routeNeeds';
import { PageLoading } from '../../components/PageLoading';
import { supportApi } from './supportApi';

const Layout = screen(() => import(/* webpackChunkName: "layout" */ './Layout'), 'Layout');
const loadNotFound = () => import(/* webpackChunkName: "not-found-screen" */ './NotFoundScreen');
const NotFoundScreen = screen(loadNotFound, 'NotFoundScreen');
const NotFoundPage = screen(loadNotFound, 'NotFoundPage');

/**
 * The frame's calls: the menu's article groups, the policies, the header's user, whether the
 * company has a group bundle (the menu's 'Groepsbundel') and, while managing a company, its name.
 */
const prefetchFrame: Prefetch = () => (dispatch, getState) => {
  const state = getState();
  const userId = selectUserId(state);
  const companyId = selectActingCompanyId(state);
  return Promise.all([
    dispatch(prefetchQuery(catalogApi.endpoints.getVisibleArticleGroups, undefined)),
    dispatch(prefetchQuery(currentUserApi.endpoints.getPolicies, undefined)),
    userId === null ? null : dispatch(prefetchQuery(currentUserApi.endpoints.getUser, userId)),
    dispatch(prefetchQuery(currentUserApi.endpoints.getGroupBundleStatus, undefined)),
    selectIsImpersonating(state) && companyId !== null ? dispatch(prefetchQuery(currentUserApi.endpoints.getCompany, companyId)) : null,
  ]);
};

/** The frame of the logged-in screens (header, menu, banner); the screens of the features fill it in. */
export const layoutRoute = (children: RouteObject[]): RouteObject => ({
  element: <Layout />,
  handle: { load: Layout.preload, prefetch: prefetchFrame } satisfies RouteNeeds,
  children,
});

/** A logged-in visitor keeps the frame (header and menu) around the 404 page; others see the page alone. */
function UnknownAddress() {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'unknown') return <PageLoading />;
  return status === 'authenticated' ? <Outlet /> : <NotFoundPage />;
}

const prefetchSupportContact: Prefetch = () => (dispatch) => dispatch(prefetchQuery(supportApi.endpoints.getSupportContact, undefined));

/** docs/screens.md, 'Unknown addresses': any unknown address. */
export const notFoundRoute: RouteObject = {
  element: <UnknownAddress />,
  children: [layoutRoute([{ path: '*', element: <NotFoundScreen />, handle: { load: NotFoundScreen.preload, prefetch: prefetchSupportContact } satisfies RouteNeeds }])],
};
