import { screen, screenRoute } from '../../base/lazyScreen';

const SearchScreen = screen(() => import(/* webpackChunkName: "search-screen" */ './SearchScreen'), 'SearchScreen');

/** docs/screens.md, 'Search': the search results. */
export const searchRoute = screenRoute('zoek/:term?', SearchScreen);
