import { screen, screenRoute } from '../../base/lazyScreen';

const SearchScreen = screen(() => import(/* webpackChunkName: "search-screen" */ './SearchScreen'), 'SearchScreen');

/** Spec section 2: the search results. */
export const searchRoute = screenRoute('zoek/:term?', SearchScreen);
