import { monthStart } from '../../../domain/time';
import { catalogApi } from '../../api/catalogApi';
import { COSTS_MONTH_PARAM } from '../../base/paths';
import { screen, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { selectStoredMonth } from '../../base/uiSlice';
import { currentUserApi } from '../../api/currentUserApi';
import { requestsApi } from '../../api/requestsApi';
import { dashboardApi } from './dashboardApi';
import { APPROVAL_CARD_QUERY, OPEN_REQUESTS_CARD_QUERY } from './requestsCardQueries';
import { DASHBOARD, GROUP_BUNDLE } from './dashboardPaths';
import { dashboardMonth, groupBundleMonth, isRunningMonth } from './useDashboardMonth';

const DashboardScreen = screen(() => import(/* webpackChunkName: "dashboard-screen" */ './DashboardScreen'), 'DashboardScreen');
const GroupBundleScreen = screen(() => import(/* webpackChunkName: "group-bundle-screen" */ './GroupBundleScreen'), 'GroupBundleScreen');

/**
 * The dashboard's first calls, so it renders whole at once instead of growing as they answer
 * (the tiles moved down when the group bundle arrived): the groups with their counts, the
 * group bundle of the shown month for a company that has one, and the request cards the user's
 * permissions show (they came above the month and the tiles, a layout shift of 0.22 on a phone).
 */
const prefetchDashboard: Prefetch = () => (dispatch, getState) => {
  const month = dashboardMonth(selectStoredMonth(getState()));
  const bundle = async () => {
    const status = await dispatch(currentUserApi.endpoints.getGroupBundleStatus.initiate(undefined, { subscribe: false }));
    if (!status.data?.has_group_bundle) return;
    await Promise.all([
      dispatch(prefetchQuery(dashboardApi.endpoints.getGroupBundle, monthStart(month))),
      // The running month's card says where the bundle is going.
      isRunningMonth(month) && dispatch(prefetchQuery(dashboardApi.endpoints.getGroupBundleUsage, monthStart(month))),
    ]);
  };
  const requestCards = async () => {
    const { data: policies } = await dispatch(currentUserApi.endpoints.getPolicies.initiate(undefined, { subscribe: false }));
    await Promise.all([
      policies?.APPROVE_REQUESTS && dispatch(prefetchQuery(requestsApi.endpoints.getRequests, APPROVAL_CARD_QUERY)),
      policies?.REQUEST_CHANGES && dispatch(prefetchQuery(requestsApi.endpoints.getRequests, OPEN_REQUESTS_CARD_QUERY)),
    ]);
  };
  return Promise.all([
    dispatch(prefetchQuery(catalogApi.endpoints.getVisibleArticleGroups, undefined)),
    dispatch(prefetchQuery(dashboardApi.endpoints.getArticleGroupCounts, undefined)),
    bundle(),
    requestCards(),
  ]);
};

/** docs/screens.md, 'Dashboard': the dashboard. */
export const dashboardRoute = screenRoute(DASHBOARD, DashboardScreen, prefetchDashboard);

/** 'Groepsbundel' asks the bundle status and the month's figures, days and top numbers. */
const prefetchGroupBundle: Prefetch = ({ search }) => (dispatch, getState) => {
  const month = groupBundleMonth(search.get(COSTS_MONTH_PARAM), selectStoredMonth(getState()));
  return Promise.all([
    dispatch(currentUserApi.endpoints.getGroupBundleStatus.initiate(undefined, { subscribe: false })),
    dispatch(prefetchQuery(dashboardApi.endpoints.getGroupBundleUsage, monthStart(month))),
  ]);
};

/** docs/usage.md, 'Where the bundle is going': the group bundle of a month, opened from the dashboard's bundle card. */
export const groupBundleRoute = screenRoute(GROUP_BUNDLE, GroupBundleScreen, prefetchGroupBundle);
