import { paths } from '../../base/paths';

/**
 * The addresses below /mer-aanvragen, the provider's queue of requests (docs/screens.md,
 * 'Addresses'; docs/requests.md, 'The queue'): the route patterns, relative to it, and the links
 * to its screens. The link to the queue itself is in base/paths.ts, as the menu and the dashboard
 * link to it as well.
 */
export const REQUEST_QUEUE = 'mer-aanvragen';
export const QUEUED_REQUEST = ':requestId';
export const PUK_IMPORT = 'puk-codes-importeren';

export const requestQueuePaths = {
  queue: paths.requestQueue,
  request: (id: number) => `${paths.requestQueue()}/${id}`,
  pukImport: () => `${paths.requestQueue()}/${PUK_IMPORT}`,
};

/** A positive id of the address, or 0 (which matches nothing). */
export const routeId = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);
