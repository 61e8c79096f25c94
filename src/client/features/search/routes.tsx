import { screen, screenRoute } from '../../base/lazyScreen';
import { SEARCH } from './searchPaths';

const SearchScreen = screen(() => import(/* webpackChunkName: "search-screen" */ './SearchScreen'), 'SearchScreen');

/** docs/screens.md, 'Search': the search results. */
export const searchRoute = screenRoute(SEARCH, SearchScreen);
