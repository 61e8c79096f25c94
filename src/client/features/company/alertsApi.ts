import type { AlertSettingsAnswer, SentAlertAnswer, SentAlertsPageAnswer } from '../../../server/routes/alerts/schemas';
import { api } from '../../api/api';
import { declareToasts, inServerWords, success } from '../../base/callToasts';

/** The company's alert settings; amounts in euros and GB as JSON numbers, null for none. */
export type AlertSettings = AlertSettingsAnswer;

/** PUT /alerts/settings: the chosen recipients by id. */
export type AlertSettingsInput = Omit<AlertSettings, 'recipients'> & { recipients: number[] };

/** An alert sent (GET /alerts/sent). */
export type SentAlert = SentAlertAnswer;

export type SentAlertsPage = SentAlertsPageAnswer;

/** Rows per page of the sent alerts. */
export const SENT_ALERTS_PAGE = 10;

/** 'Meldingen' on Mijn bedrijf (docs/usage.md, 'Alerts'): saving refetches the settings; the sent list follows imports. */
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
