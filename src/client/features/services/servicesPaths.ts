import { paths } from '../../base/paths';

/**
 * The addresses below /mijn-diensten: the route patterns, relative to it, and the links only this
 * feature makes. The links to a group, an article and a service are in base/paths.ts
 * (paths.articleGroup, paths.article, paths.service), as the dashboard, the menu and the search
 * link to them as well.
 */
export const SERVICES = 'mijn-diensten';
export const GROUP = ':groupId/:groupName';
export const ADD_ARTICLE = `${GROUP}/toevoegen`;
export const ARTICLE = `${GROUP}/:articleId/:articleName`;
export const EDIT_ARTICLE = `${ARTICLE}/bewerken`;
export const ADD_SERVICE = `${ARTICLE}/toevoegen`;
export const BULK_SERVICES = `${ARTICLE}/bulkafnames`;
export const SERVICE = `${ARTICLE}/:serviceId/:endUserUrlName`;
export const EDIT_SERVICE = `${SERVICE}/edit`;

type Group = Parameters<typeof paths.articleGroup>[0];
type Article = Parameters<typeof paths.article>[1];
type Service = Parameters<typeof paths.service>[2];

/** The forms of a group, an article and a service. */
export const servicesPaths = {
  addArticle: (group: Group) => `${paths.articleGroup(group)}/toevoegen`,
  editArticle: (group: Group, article: Article) => `${paths.article(group, article)}/bewerken`,
  addService: (group: Group, article: Article) => `${paths.article(group, article)}/toevoegen`,
  bulkServices: (group: Group, article: Article) => `${paths.article(group, article)}/bulkafnames`,
  editService: (group: Group, article: Article, service: Service) => `${paths.service(group, article, service)}/edit`,
};

/** 'Toon Historische Afnames' in the query string: `?show_historic=1`. */
export const SHOW_HISTORIC_PARAM = 'show_historic';

/** Whether the address shows the ended services; useShowHistoric reads and writes the same. */
export const showHistoricIn = (searchParams: URLSearchParams) => searchParams.get(SHOW_HISTORIC_PARAM) === '1';
