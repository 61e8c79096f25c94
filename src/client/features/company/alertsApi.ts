import type { AlertKind } from '../../../domain/alerts';
import { api } from '../../api/api';
import { declareToasts, inServerWords, success } from '../../base/errorToasts';

/** Someone who may receive the company's alerts (GET /alerts/settings). */
export interface AlertRecipient {
  id: number;
  name: string;
  email: string;
  chosen: boolean;
}

/** The company's alert settings; amounts in euros and GB as JSON numbers, null for none. */
export interface AlertSettings {
  bundle_alerts: boolean;
  out_of_bundle_costs: number | null;
  number_data_gb: number | null;
  number_usage_costs: number | null;
  recipients: AlertRecipient[];
}

/** PUT /alerts/settings: the chosen recipients by id. */
export type AlertSettingsInput = Omit<AlertSettings, 'recipients'> & { recipients: number[] };

/**
 * An alert sent (GET /alerts/sent): threshold and value as exact decimal text (percent, euros or GB
 * by kind). The per-number alerts of one import are one alert listing its numbers.
 */
export interface SentAlert {
  id: number;
  /** Unix seconds. */
  created_at: number;
  /** YYYY-MM. */
  month: string;
  kind: AlertKind;
  /** A per-number alert's first numbers (up to 10); empty for the company's own alerts. */
  numbers: string[];
  /** How many numbers crossed the threshold with it. */
  number_count: number;
  threshold: string;
  /** The company's figure, or the highest of the numbers'. */
  value: string;
  recipients: string[];
}

export interface SentAlertsPage {
  data: SentAlert[];
  total: number;
}

/** Rows per page of the sent alerts. */
export const SENT_ALERTS_PAGE = 10;

/** 'Meldingen' on Mijn bedrijf (issue 20): saving refetches the settings; the sent list follows imports. */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAlertSettings: build.query<AlertSettings, void>({
      query: () => 'alerts/settings',
      providesTags: [{ type: 'Alerts', id: 'SETTINGS' }],
    }),
    editAlertSettings: build.mutation<AlertSettings, AlertSettingsInput>({
      query: (settings) => ({ url: 'alerts/settings', method: 'PUT', body: settings }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Alerts', id: 'SETTINGS' }, 'AuditLog']),
    }),
    /** `page` is zero-based. */
    getSentAlerts: build.query<SentAlertsPage, number>({
      query: (page) => ({ url: 'alerts/sent', params: { offset: page * SENT_ALERTS_PAGE, limit: SENT_ALERTS_PAGE } }),
      providesTags: [{ type: 'Alerts', id: 'SENT' }],
      // Alerts arrive with usage imports, elsewhere: reopening Mijn bedrijf shows them afresh.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAlertSettingsQuery, useEditAlertSettingsMutation, useGetSentAlertsQuery } = alertsApi;

declareToasts(alertsApi.endpoints, {
  editAlertSettings: { succeeded: () => success('Meldingen succesvol opgeslagen.'), failed: inServerWords },
});
