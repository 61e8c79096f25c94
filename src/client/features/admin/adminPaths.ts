import { type AdminTab, paths } from '../../base/paths';

/** The labels of the admin overview's tabs (base/paths.ts: ADMIN_TABS, as the dashboard links to them). */
export const TAB_LABELS: Record<AdminTab, string> = {
  hoofdbedrijven: 'Hoofdbedrijven',
  bedrijven: 'Bedrijven',
  artikelgroepen: 'Artikelgroepen',
  'verbruik-importeren': 'Verbruik importeren',
  'facturatie-export': 'Facturatie-export',
};

/**
 * The addresses below /mer-admin (docs/screens.md, 'Admin'): the route patterns, relative to it,
 * and the links to its screens. The link to the overview is in base/paths.ts (paths.admin), as the
 * menu and the dashboard link to it as well.
 */
export const ADMIN = 'mer-admin';
export const ADD_COMPANY = 'bedrijf-toevoegen';
export const EDIT_COMPANY = ':companyId/bedrijf-wijzigen';
export const ADD_PARENT_COMPANY = 'hoofdbedrijf-toevoegen';
export const EDIT_PARENT_COMPANY = 'hoofdbedrijven/:parentCompanyId/hoofdbedrijf-wijzigen';
export const ADD_ARTICLE_GROUP = 'artikel-categorie-toevoegen';
export const EDIT_ARTICLE_GROUP = 'artikel-categorien/:articleGroupId/categorie-wijzigen';

export const adminPaths = {
  overview: paths.admin,
  addCompany: () => `${paths.admin()}/${ADD_COMPANY}`,
  editCompany: (companyId: number) => `${paths.admin()}/${companyId}/bedrijf-wijzigen`,
  addParentCompany: () => `${paths.admin()}/${ADD_PARENT_COMPANY}`,
  editParentCompany: (parentCompanyId: number) => `${paths.admin()}/hoofdbedrijven/${parentCompanyId}/hoofdbedrijf-wijzigen`,
  addArticleGroup: () => `${paths.admin()}/${ADD_ARTICLE_GROUP}`,
  editArticleGroup: (articleGroupId: number) => `${paths.admin()}/artikel-categorien/${articleGroupId}/categorie-wijzigen`,
};

/** A positive id of the address, or 0 (which matches nothing). */
export const routeId = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);
