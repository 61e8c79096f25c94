import { configure } from '@testing-library/react';
import { DEFAULT_ROLE_PERMISSIONS, type Permission } from '../../../domain/permissions';
import { json, type Routes } from '../../test/http';
import { customer, mockPortal, permissions } from '../../test/portalServer';
import type { QueuedRequest, QueuedRequestSummary } from './requestQueueApi';

/** API answers of the queue's screens, for the integration tests next to them. */

// The first test of a file also loads the screens' lazy chunks; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

/** What a provider admin may do (docs/requests.md, 'Who may do what'). */
export const STAFF: Permission[] = DEFAULT_ROLE_PERMISSIONS[2];

/** The signed-in staff member: user 5 of the provider's own company. */
export const staffUser = { ...customer, firstname: 'Sanne', lastname: 'de Vries', role_id: 2, company_id: 1, company: { id: 1, name: 'Provider B.V.' } };

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export const summary = (id: number, overrides: Partial<QueuedRequestSummary> = {}): QueuedRequestSummary => ({
  id,
  kind: 'new_sim',
  state: 'submitted',
  company: { id: 20, name: 'Van Dijk Installatietechniek B.V.' },
  service_id: 100 + id,
  service_label: '0612345678',
  article_name: 'Zakelijk Onbeperkt',
  article_group_name: 'Mobiele telefonie',
  requested_by: { id: 7, name: 'Anna van Dijk' },
  handler: null,
  created_at: nowSeconds() - 2 * HOUR - 60,
  updated_at: nowSeconds() - HOUR,
  ...overrides,
});

export const queueItems: QueuedRequestSummary[] = [
  summary(1, { kind: 'block', created_at: nowSeconds() - 3 * 24 * HOUR - HOUR }),
  summary(2, { kind: 'new_sim', state: 'in_progress', handler: { id: 9, name: 'Piet Smit' }, company: { id: 30, name: 'Bakkerij de Korenschoof' } }),
  summary(3, { kind: 'question', state: 'in_progress', handler: { id: 5, name: 'Sanne de Vries' }, service_label: null, article_name: 'Vast Basis' }),
];

const simFields = [
  { article_group_field_id: 11, article_group_field: { name: 'Telefoonnummer', used_for_cdr: true }, value: '0612345678' },
  { article_group_field_id: 12, article_group_field: { name: 'SIM nummer', used_for_cdr: false }, value: '8931000000000000001' },
];

export const request = (overrides: Partial<QueuedRequest> = {}): QueuedRequest => ({
  ...summary(41),
  state: 'in_progress',
  handler: { id: 5, name: 'Sanne de Vries' },
  service: {
    id: 141,
    article_id: 6,
    article_name: 'Zakelijk Onbeperkt',
    article_group_id: 1,
    article_group_name: 'Mobiele telefonie',
    end_user_name: 'Jan Jansen',
    number: '0612345678',
    sim_number: '8931000000000000001',
    input_field_1: null,
    start_time: Date.parse('2025-01-01T00:00:00+01:00') / 1000,
    end_time: null,
    block_state: 'requested',
    article_group_field_inputs: simFields,
  },
  article_group: { id: 1, name: 'Mobiele telefonie' },
  details: { sim_type: 'physical', street: 'Stationsweg 4', zipcode: '3811 AB', city: 'Amersfoort', attention: 'Anna van Dijk' },
  outcome: null,
  events: [
    { id: 1, state: 'submitted', text: null, user_name: 'Anna van Dijk', by_provider: false, created_at: Date.parse('2026-05-04T09:15:00+02:00') / 1000 },
    { id: 2, state: 'in_progress', text: null, user_name: 'Sanne de Vries', by_provider: true, created_at: Date.parse('2026-05-04T10:00:00+02:00') / 1000 },
    { id: 3, state: null, text: 'Welk adres?', user_name: 'Sanne de Vries', by_provider: true, created_at: Date.parse('2026-05-04T10:05:00+02:00') / 1000 },
  ],
  steps: ['pick_up', 'carry_out', 'reject'],
  ...overrides,
});

export const porting = (overrides: Partial<QueuedRequest> = {}): QueuedRequest =>
  request({
    kind: 'porting',
    service_id: null,
    service: null,
    service_label: null,
    article_name: null,
    details: { number: '0687654321', current_provider: 'Oude Provider', contract_number: 'C-778', date: '2026-07-01' },
    ...overrides,
  });

export const companies = [
  { id: 30, name: 'Bakkerij de Korenschoof' },
  { id: 20, name: 'Van Dijk Installatietechniek B.V.' },
];

/** The portal for a staff member with the queue's calls answering; override per test. */
export const mockQueue = (granted: Permission[] = STAFF, overrides: Routes = {}) =>
  mockPortal({
    'GET /api/auth/policies': () => json(200, permissions(...granted)),
    'GET /api/users/5': () => json(200, staffUser),
    'GET /api/company/1': () => json(200, staffUser.company),
    'GET /api/company/20': () => json(200, companies[1]),
    'GET /api/companies': () => json(200, companies),
    'GET /api/request-queue': () => json(200, { items: queueItems, total: queueItems.length }),
    'GET /api/request-queue/summary': () => json(200, { open: 3, oldest_block_seconds: 3 * 24 * HOUR + HOUR, older_than_working_day: 1 }),
    ...overrides,
  });

/** The query of the last queue call the screen made. */
export const lastQueueQuery = (requests: { url: string; method: string }[]) => {
  const calls = requests.filter((r) => r.method === 'GET' && r.url.startsWith('/api/request-queue?'));
  return calls.length > 0 ? Object.fromEntries(new URL(calls[calls.length - 1].url, 'http://portal').searchParams) : null;
};
