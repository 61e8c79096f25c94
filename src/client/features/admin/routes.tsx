import { screen, screenRoute } from '../../base/lazyScreen';

const AdminScreen = screen(() => import(/* webpackChunkName: "admin-screen" */ './AdminScreen'), 'AdminScreen');

/** Spec section 2: the provider's administration (AdminScreen routes below it). */
export const adminRoute = screenRoute('mer-admin/*', AdminScreen);
