/**
 * The addresses below /mijn-diensten, relative to it, and what the screens and their prefetches
 * read from them. The links to these addresses are built in base/paths.ts (paths.articleGroup,
 * paths.article, paths.service, …), which the dashboard and the search link to as well.
 */
export const GROUP = ':groupId/:groupName';
export const ARTICLE = `${GROUP}/:articleId/:articleName`;
export const SERVICE = `${ARTICLE}/:serviceId/:endUserUrlName`;

/** 'Toon Historische Afnames' in the query string: `?show_historic=1`. */
export const SHOW_HISTORIC_PARAM = 'show_historic';

/** Whether the address shows the ended services; useShowHistoric reads and writes the same. */
export const showHistoricIn = (searchParams: URLSearchParams) => searchParams.get(SHOW_HISTORIC_PARAM) === '1';
