import { configure } from '@testing-library/react';
import type { Permission } from '../../../domain/permissions';
import type { Company } from '../../api/currentUserApi';
import { json, type Routes } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import type { AuditLogEntry, ContactPerson, EndUserListItem } from './companyApi';

/** API answers of the Mijn bedrijf screens, for the integration tests next to them. */

// The first test of a file also loads the screens' lazy chunks; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

/** The demo customer's company (id 20, as in the test token), a branch of Van Dijk Groep. */
export const actingCompany: Company = {
  id: 20,
  name: 'Van Dijk Installatietechniek B.V.',
  aliases: null,
  customer_number: 'K-1020',
  zipcode: '3511 AB',
  address: 'Stationsplein 1',
  city: 'Utrecht',
  sap_number: 'SAP-20',
  price_mb: 0.0025,
  input_label_1: 'Kostenplaats',
  input_label_2: null,
  input_label_3: null,
  input_label_4: null,
  article_groups: [1, 2, 3, 4, 5, 6],
  parent_company_id: 3,
  parent_company: {
    id: 3,
    name: 'Van Dijk Groep',
    sap_number: null,
    companies: [
      { id: 20, name: 'Van Dijk Installatietechniek B.V.' },
      { id: 21, name: 'Van Dijk Service B.V.' },
      { id: 22, name: 'Van Dijk Techniek Noord B.V.' },
    ],
  },
  end_time: null,
  require_two_factor: false,
};

export const contactPersons: ContactPerson[] = [
  {
    id: 5,
    firstname: 'Anna',
    lastname: 'van Dijk',
    email: 'klant@demo.nl',
    phonenumber: '0612345678',
    company_id: 20,
    role_id: 3,
    approves_requests: true,
    receives_cost_specification: false,
    activated: true,
    has_logged_in: true,
    two_factor_enabled: true,
  },
  {
    id: 6,
    firstname: 'Bram',
    lastname: 'Bakker',
    email: 'bram@vandijk.nl',
    phonenumber: null,
    company_id: 20,
    role_id: 3,
    approves_requests: true,
    receives_cost_specification: false,
    activated: false,
    has_logged_in: false,
    two_factor_enabled: false,
  },
];

export const manyEndUsers = (count: number): EndUserListItem[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, firstname: `Voornaam${i + 1}`, lastname: `Achternaam${i + 1}` }));

const matching = (all: readonly EndUserListItem[], query: URLSearchParams) => {
  const words = (query.get('term') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return all.filter((u) => words.every((word) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(word)));
};

/**
 * `GET /api/end-users/all` (every word of `term` in the name, `offset`, `limit`) and
 * `GET /api/end-users/count?term` as the server answers them, over the end users `all()` gives.
 */
export const endUserRoutes = (all: () => readonly EndUserListItem[]): Routes => ({
  'GET /api/end-users/all': ({ url }) => {
    const query = new URL(url, 'http://portal.test').searchParams;
    const offset = Number(query.get('offset') ?? 0);
    const found = matching(all(), query);
    return json(200, found.slice(offset, query.has('limit') ? offset + Number(query.get('limit')) : undefined));
  },
  'GET /api/end-users/count': ({ url }) => json(200, { count: matching(all(), new URL(url, 'http://portal.test').searchParams).length }),
});

/** 14 November 2026, 09:05 in Amsterdam. */
export const LOGGED_AT = Date.parse('2026-11-14T09:05:00+01:00') / 1000;

export const auditEntry = (id: number, overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  created_at: LOGGED_AT,
  user: { id: 5, firstname: 'Anna', lastname: 'van Dijk' },
  company_id: 20,
  impersonating_from: null,
  impersonating_from_name: null,
  impersonation: null,
  action: 'article.update',
  entity: 'article',
  entity_id: '12',
  subject_name: null,
  changes: { name: 'Zakelijk 10GB' },
  ...overrides,
});

/** The customer's permissions (docs/permissions.md, 'Permissions'). */
export const CUSTOMER: Permission[] = [
  'LIST_USERS',
  'CREATE_USER',
  'EDIT_PARENT_COMPANY',
  'BULK_IMPORT',
  'CREATE_ARTICLE',
  'CREATE_SERVICE',
];

/** The portal with the Mijn bedrijf calls answering for the demo customer; override per test. */
/** 'Meldingen' with its defaults and nothing sent yet (AlertsSection.test.tsx has its own). */
const alertRoutes: Routes = {
  'GET /api/alerts/settings': () =>
    json(200, { bundle_alerts: true, out_of_bundle_costs: null, number_data_gb: null, number_usage_costs: null, recipients: [] }),
  'GET /api/alerts/sent': () => json(200, { data: [], total: 0 }),
};

export const mockCompany = (granted: Permission[] = CUSTOMER, overrides: Routes = {}) =>
  mockPortal({
    'GET /api/auth/policies': () => json(200, permissions(...granted)),
    'GET /api/company/20': () => json(200, actingCompany),
    'GET /api/users': () => json(200, contactPersons),
    ...endUserRoutes(() => manyEndUsers(3)),
    'GET /api/audit-log': () => json(200, { items: [auditEntry(1)], total: 1 }),
    ...alertRoutes,
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

/** A saved file's bytes as text, BOM included (jsdom's Blob has no text()). */
export const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer).toString('utf8'));
    reader.readAsArrayBuffer(blob);
  });
