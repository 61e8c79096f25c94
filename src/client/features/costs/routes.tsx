import { screen, screenRoute } from '../../base/lazyScreen';

const CostsScreen = screen(() => import(/* webpackChunkName: "costs-screen" */ './CostsScreen'), 'CostsScreen');

/** Spec section 2: the costs of a month (CostsScreen routes below it). */
export const costsRoute = screenRoute('kosten/*', CostsScreen);
