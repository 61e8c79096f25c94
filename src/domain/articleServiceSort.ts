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
