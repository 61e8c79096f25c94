import type { RouteObject } from 'react-router-dom';
import { screen, screenIndexRoute, screenRoute } from '../../base/lazyScreen';
import { USAGE, USAGE_DETAIL } from './usagePaths';

const loadUsage = () => import(/* webpackChunkName: "usage-screen" */ './usagePages');
const ReportScreen = screen(loadUsage, 'ReportScreen');
const ReportDetailScreen = screen(loadUsage, 'ReportDetailScreen');
const UsageNotFound = screen(loadUsage, 'UsageNotFound');

/** Everything below /verbruik: the usage report and the records of one number. */
export const usageRoute: RouteObject = {
  path: USAGE,
  children: [
    screenIndexRoute(ReportScreen),
    screenRoute(USAGE_DETAIL, ReportDetailScreen),
    screenRoute('*', UsageNotFound),
  ],
};
