import { Type, type Static } from 'typebox';
import { ALERT_KINDS } from '../../../domain/alerts';
import { integerId, Nullable } from '../schemas';

/** The requests and answers of the usage alerts (docs/api.md, 'How an answer is declared'). */

/** An amount as a JSON number in euros or GB (docs/api.md, 'Answers'); null for none. */
const thresholdInput = Nullable(Type.Number());

export const settingsBody = Type.Object(
  {
    bundle_alerts: Type.Boolean(),
    out_of_bundle_costs: thresholdInput,
    number_data_gb: thresholdInput,
    number_usage_costs: thresholdInput,
    recipients: Type.Array(integerId, { maxItems: 10_000, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const sentQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);

/** Someone who may receive the company's alerts. */
export const alertRecipientAnswer = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), chosen: Type.Boolean() });

/** GET's and PUT's answer: the company's alert settings; amounts in euros and GB as JSON numbers, null for none. */
export const alertSettingsAnswer = Type.Object({
  bundle_alerts: Type.Boolean(),
  out_of_bundle_costs: Nullable(Type.Number()),
  number_data_gb: Nullable(Type.Number()),
  number_usage_costs: Nullable(Type.Number()),
  recipients: Type.Array(alertRecipientAnswer),
});
export type AlertSettingsAnswer = Static<typeof alertSettingsAnswer>;

/**
 * An alert sent: threshold and value as exact decimal text (percent, euros or GB by kind). The
 * per-number alerts of one import are one alert listing its numbers.
 */
export const sentAlertAnswer = Type.Object({
  id: Type.Integer(),
  /** Unix seconds. */
  created_at: Type.Integer(),
  /** YYYY-MM. */
  month: Type.String(),
  kind: Type.Enum(ALERT_KINDS, { type: 'string' }),
  /** A per-number alert's first numbers (SENT_NUMBERS_SHOWN); empty for the company's own alerts. */
  numbers: Type.Array(Type.String()),
  /** How many numbers crossed the threshold with it. */
  number_count: Type.Integer(),
  threshold: Type.String(),
  /** The company's figure, or the highest of the numbers'. */
  value: Type.String(),
  recipients: Type.Array(Type.String()),
});
export type SentAlertAnswer = Static<typeof sentAlertAnswer>;

export const sentAlertsPageAnswer = Type.Object({ data: Type.Array(sentAlertAnswer), total: Type.Integer() });
export type SentAlertsPageAnswer = Static<typeof sentAlertsPageAnswer>;
