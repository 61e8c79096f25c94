import { ALERT_FIELDS, ALERT_RECIPIENTS_INVALID, parseThreshold, type AlertThresholdField } from '../../../domain/alerts';
import { HttpError } from '../../httpError';
import {
  alertRecipientOptions,
  alertSettingsOf,
  sentAlertsOf,
  storeAlertSettings,
  type StoredAlertSettings,
} from '../../services/alerts';
import { audit } from '../../services/audit';
import type { Db } from '../../db';
import { errorResponses, type RouteApp } from '../schemas';
import { alertSettingsAnswer, sentAlertsPageAnswer, sentQuery, settingsBody } from './schemas';

/**
 * The usage alerts of the acting company ('Meldingen' on Mijn bedrijf, docs/usage.md, 'Alerts'): its settings and
 * the alerts sent. Reading takes LIST_USERS (the answer lists its people), changing CREATE_USER,
 * the permission that guards the contact persons: whoever manages the company's people decides
 * who is told what. Customers act on their own company, provider staff while managing one.
 */

const SENT_PAGE = 25;

const amount = (text: string | null) => (text === null ? null : Number(text));

/** GET's and PUT's answer: the settings with the people who may receive them. */
const settingsAnswer = async (db: Db, companyId: number) => {
  const settings = await alertSettingsOf(db, companyId);
  return {
    bundle_alerts: settings.bundleAlerts,
    out_of_bundle_costs: amount(settings.outOfBundleCosts),
    number_data_gb: amount(settings.numberDataGb),
    number_usage_costs: amount(settings.numberUsageCosts),
    recipients: await alertRecipientOptions(db, companyId),
  };
};

/** The thresholds checked by the one rule of domain/alerts.ts; 400 naming every bad field, nothing stored. */
const thresholdsOf = (body: Record<AlertThresholdField, number | null>) => {
  const errors: { field: string; message: string }[] = [];
  const parsed = {} as Record<AlertThresholdField, string | null>;
  for (const field of Object.keys(ALERT_FIELDS) as AlertThresholdField[]) {
    const value = parseThreshold(body[field], ALERT_FIELDS[field].decimals);
    if (value === undefined) errors.push({ field, message: ALERT_FIELDS[field].invalid });
    else parsed[field] = value;
  }
  if (errors.length > 0) throw new HttpError(400, errors[0].message, errors);
  return parsed;
};

/** What changed, with the old values, for the audit log. */
const changesOf = (before: StoredAlertSettings, after: StoredAlertSettings) => {
  const fields = [
    ['bundle_alerts', before.bundleAlerts, after.bundleAlerts],
    ['out_of_bundle_costs', amount(before.outOfBundleCosts), amount(after.outOfBundleCosts)],
    ['number_data_gb', amount(before.numberDataGb), amount(after.numberDataGb)],
    ['number_usage_costs', amount(before.numberUsageCosts), amount(after.numberUsageCosts)],
    ['recipients', before.recipients, [...after.recipients].sort((a, b) => a - b)],
  ] as const;
  const changed = fields.filter(([, old, now]) => JSON.stringify(old) !== JSON.stringify(now));
  if (changed.length === 0) return null;
  return {
    ...Object.fromEntries(changed.map(([field, , now]) => [field, now])),
    previous: Object.fromEntries(changed.map(([field, old]) => [field, old])),
  };
};

export default async function alertRoutes(app: RouteApp) {
  app.get(
    '/alerts/settings',
    { config: { permission: 'LIST_USERS' }, schema: { response: { 200: alertSettingsAnswer, ...errorResponses } } },
    async (request) => settingsAnswer(app.db, request.actor.companyId),
  );

  app.put(
    '/alerts/settings',
    {
      config: { permission: 'CREATE_USER' },
      schema: { body: settingsBody, response: { 200: alertSettingsAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const thresholds = thresholdsOf(body);
      const options = new Set((await alertRecipientOptions(app.db, actor.companyId)).map((o) => o.id));
      if (body.recipients.some((id) => !options.has(id))) {
        throw new HttpError(400, ALERT_RECIPIENTS_INVALID, [{ field: 'recipients', message: ALERT_RECIPIENTS_INVALID }]);
      }
      const after: StoredAlertSettings = {
        bundleAlerts: body.bundle_alerts,
        outOfBundleCosts: thresholds.out_of_bundle_costs,
        numberDataGb: thresholds.number_data_gb,
        numberUsageCosts: thresholds.number_usage_costs,
        recipients: body.recipients,
      };
      await app.db.transaction(async (tx) => {
        const before = await alertSettingsOf(tx, actor.companyId);
        await storeAlertSettings(tx, actor.companyId, after);
        const changes = changesOf(before, after);
        // The company's one set of settings: the entry's company says whose.
        if (changes) await audit(tx, actor, 'alert_settings.update', 'alert_settings', null, changes);
      });
      return settingsAnswer(app.db, actor.companyId);
    },
  );

  app.get(
    '/alerts/sent',
    {
      config: { permission: 'LIST_USERS' },
      schema: {
        querystring: sentQuery,
        response: {
          200: sentAlertsPageAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { rows, total } = await sentAlertsOf(app.db, request.actor.companyId, {
        offset: request.query.offset ?? 0,
        limit: request.query.limit ?? SENT_PAGE,
      });
      return { data: rows, total };
    },
  );
}
