import type { ArticleServiceSort, SortOrder } from '../../../domain/listSorts';
import type { Sort } from '../../base/useSortParam';

/**
 * The afnames table's sortable columns: the name in the address (`?sorteer=telefoonnummer`) and
 * the column the server sorts by (GET /articles/{id}?sort=, docs/screens.md, 'Article page').
 */
const SERVER_COLUMNS = {
  telefoonnummer: 'phone_number',
  eindgebruiker: 'end_user',
  sim: 'sim_number',
  'vrij-veld-1': 'input_field_1',
  blokkering: 'block_state',
  startdatum: 'start_time',
  einddatum: 'end_time',
} as const satisfies Record<string, ArticleServiceSort>;

export type ServiceSortKey = keyof typeof SERVER_COLUMNS;
export const SERVICE_SORT_KEYS = Object.keys(SERVER_COLUMNS) as ServiceSortKey[];

/** The server's usual order: oldest start first. */
export const DEFAULT_SERVICE_SORT: Sort<ServiceSortKey> = { key: 'startdatum', direction: 'asc' };

/** The query's sort for a table order; none for the usual order, so that call stays the one every article screen shares. */
export const serverSortOf = ({ key, direction }: Sort<ServiceSortKey>): { sort: ArticleServiceSort; order: SortOrder } | undefined =>
  key === DEFAULT_SERVICE_SORT.key && direction === DEFAULT_SERVICE_SORT.direction ? undefined : { sort: SERVER_COLUMNS[key], order: direction };
