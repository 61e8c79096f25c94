import { screen, screenRoute } from '../../base/lazyScreen';

const UsageScreen = screen(() => import(/* webpackChunkName: "usage-screen" */ './UsageScreen'), 'UsageScreen');

/** Spec section 2: the usage report (UsageScreen routes below it). */
export const usageRoute = screenRoute('verbruik/*', UsageScreen);
