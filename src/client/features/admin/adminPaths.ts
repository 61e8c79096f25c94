import { paths } from '../../base/paths';

/** The tabs of the admin overview, kept in the query string so that 'back' returns to them. */
export const ADMIN_TABS = ['hoofdbedrijven', 'bedrijven', 'artikelgroepen', 'verbruik-importeren', 'facturatie-export'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_LABELS: Record<AdminTab, string> = {
  hoofdbedrijven: 'Hoofdbedrijven',
  bedrijven: 'Bedrijven',
  artikelgroepen: 'Artikelgroepen',
  'verbruik-importeren': 'Verbruik importeren',
  'facturatie-export': 'Facturatie-export',
};

/** The screens below /mer-admin (docs/screens.md, 'Admin'). */
export const adminPaths = {
  overview: (tab?: AdminTab) => (tab ? `${paths.admin()}?tab=${tab}` : paths.admin()),
  addCompany: () => `${paths.admin()}/bedrijf-toevoegen`,
  editCompany: (companyId: number) => `${paths.admin()}/${companyId}/bedrijf-wijzigen`,
  addParentCompany: () => `${paths.admin()}/hoofdbedrijf-toevoegen`,
  editParentCompany: (parentCompanyId: number) => `${paths.admin()}/hoofdbedrijven/${parentCompanyId}/hoofdbedrijf-wijzigen`,
  addArticleGroup: () => `${paths.admin()}/artikel-categorie-toevoegen`,
  editArticleGroup: (articleGroupId: number) => `${paths.admin()}/artikel-categorien/${articleGroupId}/categorie-wijzigen`,
};

/** A positive id of the address, or 0 (which matches nothing). */
export const routeId = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);
