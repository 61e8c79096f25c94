import { monthRange, parseMonthKey } from '../../../domain/time';
import { COSTS_MONTH_PARAM } from '../../base/paths';
import { screen, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { costsApi } from './costsApi';
import { chartPeriod } from './costsModel';
import { costsOverviewMonth } from './useCostsMonth';

const CostsScreen = screen(() => import(/* webpackChunkName: "costs-screen" */ './CostsScreen'), 'CostsScreen');

/** /kosten itself asks the month's costs and the chart's twelve months, as CostsOverviewScreen does. */
const prefetchOverview: Prefetch = ({ params, search }) => (dispatch) => {
  if (params['*']) return Promise.resolve();
  const month = costsOverviewMonth(parseMonthKey(search.get(COSTS_MONTH_PARAM)));
  return Promise.all([
    dispatch(prefetchQuery(costsApi.endpoints.getCosts, monthRange(month))),
    dispatch(prefetchQuery(costsApi.endpoints.getCostsByMonth, chartPeriod(month))),
  ]);
};

/** Spec section 2: the costs of a month (CostsScreen routes below it). */
export const costsRoute = screenRoute('kosten/*', CostsScreen, prefetchOverview);
