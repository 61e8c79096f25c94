/**
 * The addresses of Mijn diensten, below /mijn-diensten: the patterns the routes match
 * (routes.tsx) and what the screens read from an address (routeData.ts).
 */

/** The addresses below /mijn-diensten (spec section 2), relative to it. */
export const GROUP = ':groupId/:groupName';
export const ARTICLE = `${GROUP}/:articleId/:articleName`;
export const SERVICE = `${ARTICLE}/:serviceId/:endUserUrlName`;

/** 'Toon Historische Afnames' in the query string (spec section 4); useShowHistoric reads the same. */
export const showHistoricIn = (searchParams: URLSearchParams) => searchParams.get('show_historic') === '1';
