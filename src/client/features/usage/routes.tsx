import type { RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';

const loadUsage = () => import(/* webpackChunkName: "usage-screen" */ './usagePages');
const ReportScreen = screen(loadUsage, 'ReportScreen');
const ReportDetailScreen = screen(loadUsage, 'ReportDetailScreen');
const UsageNotFound = screen(loadUsage, 'UsageNotFound');

/** Everything below /verbruik: the usage report and the records of one number. */
export const usageRoute: RouteObject = {
  path: 'verbruik',
  children: [
    screenIndexRoute(ReportScreen),
    screenRoute(':userId/:userName/:userPhoneNumber', ReportDetailScreen),
    screenRoute('*', UsageNotFound),
  ],
};
