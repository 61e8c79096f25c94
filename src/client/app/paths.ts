import { endUserSlug, toSlug } from '../../domain/slug';

/**
 * The routes of spec section 2, built in one place so that every feature links to the same
 * addresses (features do not import each other).
 */
interface Named {
  id: number;
  name: string;
}

type EndUserName = { firstname: string; lastname: string } | null | undefined;

export const paths = {
  dashboard: () => '/dashboard',
  search: (term: string) => `/zoek/${encodeURIComponent(term)}`,
  articleGroup: (group: Named) => `/mijn-diensten/${group.id}/${toSlug(group.name)}`,
  addArticle: (group: Named) => `${paths.articleGroup(group)}/toevoegen`,
  article: (group: Named, article: Named) => `${paths.articleGroup(group)}/${article.id}/${toSlug(article.name)}`,
  editArticle: (group: Named, article: Named) => `${paths.article(group, article)}/bewerken`,
  addService: (group: Named, article: Named) => `${paths.article(group, article)}/toevoegen`,
  bulkServices: (group: Named, article: Named) => `${paths.article(group, article)}/bulkafnames`,
  service: (group: Named, article: Named, service: { id: number; end_user?: EndUserName }) =>
    `${paths.article(group, article)}/${service.id}/${endUserSlug(service.end_user)}`,
  editService: (group: Named, article: Named, service: { id: number; end_user?: EndUserName }) =>
    `${paths.service(group, article, service)}/edit`,
  endUser: (endUser: { id: number; firstname: string; lastname: string }) =>
    `/mijn-bedrijf/end-users/${endUser.id}/${endUserSlug(endUser)}`,
  editEndUser: (endUser: { id: number; firstname: string; lastname: string }) => `${paths.endUser(endUser)}/bewerken`,
  company: () => '/mijn-bedrijf',
  costs: () => '/kosten',
  usage: () => '/verbruik',
  admin: () => '/mer-admin',
};
