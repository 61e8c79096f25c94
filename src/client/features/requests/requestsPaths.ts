/**
 * The addresses below /aanvragen (docs/requests.md): the route patterns, relative to it. The links
 * to the list and to one request are in base/paths.ts (paths.requests, paths.request), as the
 * afname screen, the dashboard and the menu link to them as well.
 */
export const REQUESTS = 'aanvragen';
export const REQUEST = ':requestId';

/** The list's filters, search and page in the query string, so a reload or a shared link keeps them. */
export const LIST_PARAMS = { state: 'status', kind: 'soort', q: 'zoek', page: 'pagina' } as const;
