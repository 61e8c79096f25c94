import { matchRoutes } from 'react-router-dom';
import { accountApi } from '../api/accountApi';
import { catalogApi } from '../api/catalogApi';
import { takeEarlyCalls } from '../base/sessionRequests';
import { prefetchServicesScreen } from '../features/services/servicesRoutes';
import { selectActingCompanyId, selectIsImpersonating, selectUserId } from '../base/authSlice';
import { LAYOUT_ROUTE_ID, routes } from './routes';
import { restoreSession } from '../base/session';
import type { AppDispatch, RootState } from '../base/hooks';
import { selectManagedCompanyId } from '../base/uiSlice';
import { markTimeline } from '../base/timeline';
import { earlySeed, type PageAddress } from './earlySeed';

/**
 * Starts the calls the screen at the address makes first: the frame's (user, policies, groups,
 * and the managed company's name while impersonating) and the screen's own. Each is the screen's
 * very RTK Query call, so the screen finds its answer in the cache or in flight; a prefetch holds
 * no subscription, so an answer no screen takes up goes after keepUnusedDataFor.
 */
export const prefetchScreenData = ({ pathname, search }: PageAddress) => (dispatch: AppDispatch, getState: () => RootState) => {
  const inLayout = matchRoutes(routes, pathname)?.some((match) => match.route.id === LAYOUT_ROUTE_ID) ?? false;
  if (!inLayout) return;
  // The screen's own call first: it is the largest answer and the server works in order.
  if (pathname.startsWith('/mijn-diensten/')) dispatch(prefetchServicesScreen(pathname, search));
  dispatch(catalogApi.util.prefetch('getVisibleArticleGroups', undefined, {}));
  dispatch(accountApi.util.prefetch('getPolicies', undefined, {}));
  const userId = selectUserId(getState());
  if (userId !== null) dispatch(accountApi.util.prefetch('getUser', userId, {}));
  const companyId = selectActingCompanyId(getState());
  if (selectIsImpersonating(getState()) && companyId !== null) dispatch(accountApi.util.prefetch('getCompany', companyId, {}));
};

/**
 * A full page load (tokens live in memory only): the session from the refresh cookie, then at once
 * the data of the address's screen, in parallel with the screen's JavaScript chunks
 * (preloadChunksFor) instead of after they have arrived and rendered.
 */
export const startSession = (address: PageAddress) => async (dispatch: AppDispatch, getState: () => RootState) => {
  // The early calls (answered with the refresh, startEarly.ts) fit the session only when it
  // acts for the user's own company; their answers enter the cache as the session starts, before
  // React renders the page, so the first render has the frame and the screen's data.
  const early = takeEarlyCalls();
  const seed = early && selectManagedCompanyId(getState()) === null ? await earlySeed(early, address) : [];
  const { payload: loggedIn } = await dispatch(restoreSession(seed));
  markTimeline('session');
  if (loggedIn === true) dispatch(prefetchScreenData(address));
};
