import { Navigate, type RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { PUK_IMPORT, QUEUED_REQUEST, REQUEST_QUEUE, requestQueuePaths } from './requestQueuePaths';

const loadQueue = () => import(/* webpackChunkName: "request-queue" */ './requestQueuePages');
const RequestQueueFrame = screen(loadQueue, 'RequestQueueFrame');
const RequestQueueScreen = screen(loadQueue, 'RequestQueueScreen');
const QueuedRequestScreen = screen(loadQueue, 'QueuedRequestScreen');
const PukImportScreen = screen(loadQueue, 'PukImportScreen');

/** Everything below /mer-aanvragen, the provider's queue: RequestQueueFrame lets only HANDLE_REQUESTS in. */
export const requestQueueRoute: RouteObject = {
  ...screenRoute(REQUEST_QUEUE, RequestQueueFrame),
  children: [
    screenIndexRoute(RequestQueueScreen),
    screenRoute(PUK_IMPORT, PukImportScreen),
    screenRoute(QUEUED_REQUEST, QueuedRequestScreen),
    { path: '*', element: <Navigate to={requestQueuePaths.queue()} replace /> },
  ],
};
