import type { Request, RequestSummary } from '../api/requestsApi';

/** API answers of requests (docs/requests.md), for the integration tests of every screen that shows them. */

/** 1 June 2026, 10:15 in Amsterdam. */
export const ASKED_AT = Date.UTC(2026, 5, 1, 8, 15) / 1000;

export const requestSummary = (overrides: Partial<RequestSummary> = {}): RequestSummary => ({
  id: 31,
  kind: 'block',
  state: 'submitted',
  company: { id: 20, name: 'Van Dijk Installatietechniek B.V.' },
  service_id: 7,
  service_label: '06127',
  article_name: 'Zakelijk Onbeperkt 10GB',
  article_group_name: 'Mobiele telefonie',
  requested_by: { id: 5, name: 'Anna van Dijk' },
  handler: null,
  created_at: ASKED_AT,
  updated_at: ASKED_AT,
  ...overrides,
});

export const requestAnswer = (overrides: Partial<Request> = {}): Request => ({
  ...requestSummary(),
  service: {
    id: 7,
    article_id: 12,
    article_name: 'Zakelijk Onbeperkt 10GB',
    article_group_id: 1,
    article_group_name: 'Mobiele telefonie',
    end_user_name: 'Jan Jansen',
    number: '06127',
    sim_number: '89317',
    input_field_1: 'KP-7',
    start_time: ASKED_AT - 100 * 86400,
    end_time: null,
    block_state: 'requested',
    article_group_field_inputs: [],
  },
  article_group: { id: 1, name: 'Mobiele telefonie' },
  details: { reason: 'lost', note: 'In de trein laten liggen' },
  outcome: null,
  events: [{ id: 1, state: 'submitted', text: null, user_name: 'Anna van Dijk', by_provider: false, created_at: ASKED_AT }],
  steps: ['withdraw'],
  ...overrides,
});
