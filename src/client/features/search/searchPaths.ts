/**
 * The address of the search results. Its link is in base/paths.ts (paths.search), as the header's
 * search box goes there as well.
 */
export const SEARCH = 'zoek/:term?';
