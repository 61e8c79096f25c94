import { monthRange, parseMonthKey } from '../../../domain/time';
import { COSTS_MONTH_PARAM } from '../../base/paths';
import type { RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { costsApi } from './costsApi';
import { ALLOCATION, ALLOCATION_VALUE, COSTS, COSTS_ARTICLE, COSTS_DETAIL, GROUP_ALLOCATION, GROUP_ALLOCATION_VALUE, GROUP_BRANCH, GROUP_COSTS } from './costsPaths';
import { chartPeriod } from './costsMonths';
import { costsOverviewMonth } from './useCostsMonth';

const loadCosts = () => import(/* webpackChunkName: "costs-screen" */ './costsPages');
const CostsScreen = screen(loadCosts, 'CostsScreen');
const CostsOverviewScreen = screen(loadCosts, 'CostsOverviewScreen');
const GroupCostsScreen = screen(loadCosts, 'GroupCostsScreen');
const GroupBranchScreen = screen(loadCosts, 'GroupBranchScreen');
const GroupBranchOverviewScreen = screen(loadCosts, 'GroupBranchOverviewScreen');
const CostsDetailScreen = screen(loadCosts, 'CostsDetailScreen');
const CostsArticleScreen = screen(loadCosts, 'CostsArticleScreen');
const CostsPageNotFound = screen(loadCosts, 'CostsPageNotFound');
const AllocationScreen = screen(loadCosts, 'AllocationScreen');
const GroupAllocationScreen = screen(loadCosts, 'GroupAllocationScreen');
const AllocationValueScreen = screen(loadCosts, 'AllocationValueScreen');
const GroupAllocationValueScreen = screen(loadCosts, 'GroupAllocationValueScreen');

/** /kosten itself asks the month's costs and the chart's twelve months, as CostsOverviewScreen does. */
const prefetchOverview: Prefetch = ({ search }) => (dispatch) => {
  const month = costsOverviewMonth(parseMonthKey(search.get(COSTS_MONTH_PARAM)));
  return Promise.all([
    dispatch(prefetchQuery(costsApi.endpoints.getCosts, monthRange(month))),
    dispatch(prefetchQuery(costsApi.endpoints.getCostsByMonth, chartPeriod(month))),
  ]);
};

/**
 * Everything below /kosten: the costs of a month, of a kind of costs, of an article, per cost centre, and of the group,
 * with each branch of the group read-only (its month and the same detail screens).
 */
export const costsRoute: RouteObject = {
  ...screenRoute(COSTS, CostsScreen),
  children: [
    screenIndexRoute(CostsOverviewScreen, prefetchOverview),
    screenRoute(GROUP_COSTS, GroupCostsScreen),
    // Static segments before `:costsType` (the router ranks them first anyway).
    screenRoute(ALLOCATION, AllocationScreen),
    screenRoute(ALLOCATION_VALUE, AllocationValueScreen),
    screenRoute(GROUP_ALLOCATION, GroupAllocationScreen),
    screenRoute(GROUP_ALLOCATION_VALUE, GroupAllocationValueScreen),
    {
      ...screenRoute(GROUP_BRANCH, GroupBranchScreen),
      children: [
        screenIndexRoute(GroupBranchOverviewScreen),
        screenRoute(COSTS_DETAIL, CostsDetailScreen),
        screenRoute(COSTS_ARTICLE, CostsArticleScreen),
        screenRoute('*', CostsPageNotFound),
      ],
    },
    screenRoute(COSTS_DETAIL, CostsDetailScreen),
    screenRoute(COSTS_ARTICLE, CostsArticleScreen),
    screenRoute('*', CostsPageNotFound),
  ],
};
