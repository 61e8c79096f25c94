import { configure } from '@testing-library/react';
import { todayNoon } from '../../../domain/time';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import type { Permission } from '../../../domain/permissions';
import type { ArticleGroup } from '../../api/catalogApi';
import type { Article, ArticleListItem, EndUser, Service, ServiceRow } from './servicesApi';

/** API answers of the services screens, for the integration tests next to them. */

// The first test of a file also loads the screens' lazy chunks; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

const DAY = 24 * 60 * 60;
export const NOON = todayNoon();

export const mobileGroup: ArticleGroup = {
  id: 1,
  name: 'Mobiele telefonie',
  icon: 'mobile',
  fields: [
    { id: 11, name: 'Telefoonnummer', used_for_cdr: true },
    { id: 12, name: 'SIM nummer', used_for_cdr: false },
    { id: 13, name: 'Data', used_for_cdr: false },
  ],
};

export const hardwareGroup: ArticleGroup = { id: 4, name: 'Hardware', icon: 'hardware', fields: [] };

export const company = {
  id: 20,
  name: 'Van Dijk Installatietechniek B.V.',
  input_label_1: 'Kostenplaats',
  input_label_2: 'Afdeling',
  input_label_3: null,
  input_label_4: '',
};

export const article: Article = {
  id: 12,
  name: 'Zakelijk Onbeperkt 10GB',
  description: 'Onbeperkt bellen en 10 GB data',
  sku: 'ZO-10',
  article_group_id: 1,
  price: 25,
  setup_price: 12.5,
  billing_cycle_id: 1,
  billing_cycle: { id: 1, name: 'Maandelijks' },
  is_visible: true,
  gigabyte: 10,
  from_group_bundle: true,
};

/** +5 ten days ago, +3 in ten days, -2 in twenty days. */
export const bulkEntries = [
  { id: 1, amount: 5, time: NOON - 10 * DAY, total: 5 },
  { id: 2, amount: 3, time: NOON + 10 * DAY, total: 8 },
  { id: 3, amount: -2, time: NOON + 20 * DAY, total: 6 },
];

export const listItem = (overrides: Partial<ArticleListItem> = {}): ArticleListItem => ({
  ...article,
  services_count: 4,
  bulk_services: bulkEntries.map(({ total: _total, ...entry }) => entry),
  ...overrides,
});

/** A row of the article page's table (GET /articles/{id}): the values by field id only. */
export const serviceRow = (id: number, overrides: Partial<ServiceRow> = {}): ServiceRow => ({
  id,
  end_user_id: 100 + id,
  end_user: { id: 100 + id, firstname: 'Jan', lastname: `Jansen ${id}` },
  start_time: NOON - 100 * DAY,
  end_time: null,
  input_field_1: `KP-${id}`,
  block_state: null,
  article_group_field_inputs: [
    { article_group_field_id: 11, value: `0612${id}` },
    { article_group_field_id: 12, value: `8931${id}` },
    { article_group_field_id: 13, value: '10 GB' },
  ],
  ...overrides,
});

export const articleDetail = (services: ServiceRow[] = [serviceRow(1)], servicesCount = services.length) => ({
  ...article,
  article_group: mobileGroup,
  services,
  services_count: servicesCount,
  bulk_services: bulkEntries,
  price_history: [
    { id: 1, from_time: NOON - 400 * DAY, price: 20, setup_price: 10 },
    { id: 2, from_time: NOON - 30 * DAY, price: 1234.56, setup_price: 12.5 },
  ],
});

/** `GET /api/articles/12` as the server answers it: the window services_offset/services_limit when asked. */
export const articleAnswer = (services: ServiceRow[] = [serviceRow(1)]) => (request: SeenRequest) => {
  const query = new URL(request.url, 'http://portal.test').searchParams;
  if (!query.has('services_limit')) return json(200, articleDetail(services));
  const offset = Number(query.get('services_offset') ?? 0);
  return json(200, articleDetail(services.slice(offset, offset + Number(query.get('services_limit'))), services.length));
};

export const service = (overrides: Partial<Service> = {}): Service => ({
  ...serviceRow(7),
  article_id: article.id,
  article_group_field_inputs: [
    { article_group_field_id: 11, article_group_field: { name: 'Telefoonnummer', used_for_cdr: true }, value: '06127' },
    { article_group_field_id: 12, article_group_field: { name: 'SIM nummer', used_for_cdr: false }, value: '89317' },
    { article_group_field_id: 13, article_group_field: { name: 'Data', used_for_cdr: false }, value: '10 GB' },
  ],
  article: {
    id: article.id,
    name: article.name,
    description: article.description,
    article_group_id: 1,
    price: 25,
    setup_price: 12.5,
    billing_cycle: { id: 1, name: 'Maandelijks' },
  },
  order_reference: 'PO-2026-7',
  price: null,
  setup_price: null,
  period_price: 1234.5,
  one_off_price: 12.5,
  contract_period: 'Maandelijks',
  input_field_2: 'Techniek',
  input_field_3: null,
  input_field_4: null,
  spie_field_1: null,
  spie_field_2: null,
  spie_field_3: null,
  ...overrides,
});

export const endUsers = (count: number): EndUser[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, firstname: `Voornaam${i + 1}`, lastname: `Achternaam${i + 1}` }));

/** `GET /api/end-users/all` as the server answers it: every word of `term` in the name, at most `limit`. */
export const endUsersAnswer = (all: EndUser[]) => (request: SeenRequest) => {
  const query = new URL(request.url, 'http://portal.test').searchParams;
  const words = (query.get('term') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const limit = query.has('limit') ? Number(query.get('limit')) : all.length;
  const found = all.filter((u) => words.every((word) => `${u.firstname} ${u.lastname}`.toLowerCase().includes(word)));
  return json(200, found.slice(0, limit));
};

export const articlePath = '/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb';

/** The portal with the services API answering for the demo customer; override per test. */
export const mockServices = (granted: Permission[], overrides: Routes = {}) =>
  mockPortal({
    'GET /api/auth/policies': () => json(200, permissions(...granted)),
    'GET /api/article-groups/visible': () => json(200, [mobileGroup, hardwareGroup]),
    'GET /api/company/20': () => json(200, company),
    'GET /api/billing-cycles': () =>
      json(200, [
        { id: 1, name: 'Maandelijks' },
        { id: 2, name: 'Per kwartaal' },
        { id: 3, name: 'Per halfjaar' },
        { id: 4, name: 'Jaarlijks' },
      ]),
    'GET /api/articles': () => json(200, [listItem()]),
    'GET /api/articles/12': articleAnswer(),
    'GET /api/services/7': () => json(200, { data: service() }),
    ...overrides,
  });
