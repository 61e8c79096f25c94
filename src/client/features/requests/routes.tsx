import type { RouteObject } from 'react-router-dom';
import { parseId } from '../../../domain/ids';
import { requestsApi } from '../../api/requestsApi';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { type Prefetch, prefetchQuery } from '../../base/routeNeeds';
import { REQUEST, REQUESTS } from './requestsPaths';

const loadPages = () => import(/* webpackChunkName: "requests-screen" */ './requestsPages');
const RequestsScreen = screen(loadPages, 'RequestsScreen');
const RequestScreen = screen(loadPages, 'RequestScreen');

const request: Prefetch =
  ({ params }) =>
  (dispatch) => {
    const id = parseId(params.requestId);
    return id === null ? Promise.resolve() : dispatch(prefetchQuery(requestsApi.endpoints.getRequest, id));
  };

/** docs/requests.md: the company's requests and one request. */
export const requestsRoute: RouteObject = {
  path: REQUESTS,
  children: [screenIndexRoute(RequestsScreen), screenRoute(REQUEST, RequestScreen, request)],
};
