import { screen, screenRoute } from '../../base/lazyScreen';

const DashboardScreen = screen(() => import(/* webpackChunkName: "dashboard-screen" */ './DashboardScreen'), 'DashboardScreen');

/** Spec section 2: the dashboard. */
export const dashboardRoute = screenRoute('dashboard', DashboardScreen);
