/** The lists the server sorts (docs/api.md, 'Paths and parameters'): their columns and directions. */

/**
 * The columns the afnames of an article sort by (`GET /articles/{id}?sort=&order=`,
 * docs/api-services.md, 'Sorting the afnames'): the server sorts, since a big customer's article
 * has thousands of afnames loaded in windows.
 */
export const ARTICLE_SERVICE_SORTS = ['start_time', 'end_time', 'end_user', 'phone_number', 'sim_number', 'input_field_1', 'block_state'] as const;
export type ArticleServiceSort = (typeof ARTICLE_SERVICE_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The category field that holds an afname's phone number: the row's identity on the article page. */
export const PHONE_FIELD_NAME = 'Telefoonnummer';

/** The columns the end users of a company sort by (`GET /end-users/all?sort=&order=`); the surname the Dutch way by default. */
export const END_USER_SORTS = ['lastname', 'firstname'] as const;
export type EndUserSort = (typeof END_USER_SORTS)[number];
