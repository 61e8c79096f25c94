import { monthStart } from '../../../domain/time';
import { catalogApi } from '../../api/catalogApi';
import { screen, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { selectStoredMonth } from '../../base/uiSlice';
import { dashboardApi } from './dashboardApi';
import { dashboardMonth } from './useDashboardMonth';

const DashboardScreen = screen(() => import(/* webpackChunkName: "dashboard-screen" */ './DashboardScreen'), 'DashboardScreen');

/**
 * The dashboard's first calls, so it renders whole at once instead of growing as they answer
 * (the tiles moved down when the group bundle arrived): the groups with their counts, and the
 * group bundle of the shown month for a company that has one.
 */
const prefetchDashboard: Prefetch = () => (dispatch, getState) => {
  const month = dashboardMonth(selectStoredMonth(getState()));
  const bundle = async () => {
    const status = await dispatch(dashboardApi.endpoints.getGroupBundleStatus.initiate(undefined, { subscribe: false }));
    if (status.data?.has_group_bundle) await dispatch(prefetchQuery(dashboardApi.endpoints.getGroupBundle, monthStart(month)));
  };
  return Promise.all([
    dispatch(prefetchQuery(catalogApi.endpoints.getVisibleArticleGroups, undefined)),
    dispatch(prefetchQuery(dashboardApi.endpoints.getArticleGroupCounts, undefined)),
    bundle(),
  ]);
};

/** Spec section 2: the dashboard. */
export const dashboardRoute = screenRoute('dashboard', DashboardScreen, prefetchDashboard);
