import { configure } from '@testing-library/react';
import { DEFAULT_ROLE_PERMISSIONS, type Permission } from '../../../domain/permissions';
import { json, type Routes } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import type { AdminArticleGroup, AdminCompany, ParentCompany } from './adminApi';

/** API answers of the Admin screens, for the integration tests next to them. */

// The first test of a file also loads the screens' lazy chunks; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

/** What a provider admin may do (docs/permissions.md, 'Permissions'). */
export const ADMIN: Permission[] = DEFAULT_ROLE_PERMISSIONS[2];

export const company = (id: number, name: string, overrides: Partial<AdminCompany> = {}): AdminCompany => ({
  id,
  name,
  aliases: null,
  customer_number: `K-${id}`,
  zipcode: '1234 AB',
  address: 'Hoofdstraat 1',
  city: 'Utrecht',
  sap_number: `SAP-${id}`,
  price_mb: 0.0025,
  input_label_1: null,
  input_label_2: null,
  input_label_3: null,
  input_label_4: null,
  article_groups: [1, 2, 3, 4, 5, 6],
  parent_company_id: null,
  parent_company: null,
  end_time: null,
  require_two_factor: false,
  is_provider: false,
  users: [],
  ...overrides,
});

const vanDijkGroep = { id: 3, name: 'Van Dijk Groep', sap_number: 'SAP-VDG', companies: [{ id: 20, name: 'Van Dijk Installatietechniek B.V.' }] };

export const companies: AdminCompany[] = [
  company(20, 'Van Dijk Installatietechniek B.V.', {
    city: 'Amersfoort',
    parent_company_id: 3,
    parent_company: vanDijkGroep,
    input_label_1: 'Kostenplaats',
    users: [
      { id: 5, firstname: 'Anna', lastname: 'van Dijk', email: 'klant@demo.nl', activated: true },
      { id: 6, firstname: 'Bram', lastname: 'Bakker', email: 'bram@vandijk.nl', activated: false },
    ],
  }),
  company(30, 'Bakkerij de Korenschoof', { aliases: 'Korenschoof', city: 'Zwolle' }),
  company(31, 'Autobedrijf Jansen', { city: 'Deventer', end_time: Date.parse('2026-06-30T12:00:00+02:00') / 1000 }),
];

export const parentCompanies: ParentCompany[] = [
  { id: 3, name: 'Van Dijk Groep', sap_number: 'SAP-VDG', companies: [{ id: 20, name: 'Van Dijk Installatietechniek B.V.' }] },
  { id: 4, name: 'Jansen Holding', sap_number: null, companies: [] },
];

export const articleGroups: AdminArticleGroup[] = [
  {
    id: 1,
    name: 'Mobiele telefonie',
    icon: 'mobile',
    fields: [
      { id: 11, name: 'Telefoonnummer', used_for_cdr: true },
      { id: 12, name: 'SIM nummer', used_for_cdr: false },
    ],
    companies: [20, 30],
  },
  { id: 2, name: 'Vaste telefonie', icon: 'phone', fields: [], companies: [20] },
  { id: 3, name: 'Applicaties', icon: 'apps', fields: [], companies: [] },
  { id: 4, name: 'Hardware', icon: 'hardware', fields: [], companies: [] },
  { id: 5, name: 'Hosting', icon: 'hosting', fields: [], companies: [] },
  { id: 6, name: 'Connectiviteit', icon: 'connectivity', fields: [], companies: [] },
  { id: 7, name: 'Diensten', icon: 'services', fields: [], companies: [] },
];

/** The portal with the admin calls answering for a provider admin; override per test. */
export const mockAdmin = (granted: Permission[] = ADMIN, overrides: Routes = {}) =>
  mockPortal({
    'GET /api/auth/policies': () => json(200, permissions(...granted)),
    'GET /api/companies': () => json(200, companies),
    'GET /api/parent-companies': () => json(200, parentCompanies),
    'GET /api/article-groups': () => json(200, articleGroups),
    'GET /api/usage/imports': () => json(200, { data: [], total: 0 }),
    'GET /api/usage/unmatched': () => json(200, { data: [], total: 0 }),
    ...overrides,
  });

/** Catches the files the screen saves: their names and contents. */
export const captureDownloads = () => {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
};
