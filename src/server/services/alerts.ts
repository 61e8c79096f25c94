import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  crossedThresholds,
  euroThresholdText,
  gbThresholdText,
  numberThresholdUnits,
  type AlertFigures,
  type AlertKind,
  type AlertThresholds,
  type CrossedThreshold,
} from '../../domain/alerts';
import Decimal from 'decimal.js';
import { groupBy } from '../../domain/collections';
import { formatDecimal, formatEuro } from '../../domain/format';
import { ROLE } from '../../domain/permissions';
import { monthLabel, parseMonthKey } from '../../domain/time';
import { queryRows, type Db } from '../db';
import { USAGE_KINDS } from '../db/schema/usage';
import { linkMail, mailName, type MailMessage } from './mail';
import { usageOfMonths } from './costs/usage';

/**
 * Usage alerts (docs/usage.md, 'Alerts'): after an import, the thresholds the
 * touched company-months cross (domain/alerts.ts) become `sent_alerts` rows, once each, in the
 * import's transaction; after the commit the route mails them (`mailAlerts`).
 */

/** An alert the import just recorded, to be mailed. */
export interface NewAlert {
  id: number;
  companyId: number;
  companyName: string;
  /** YYYY-MM. */
  month: string;
  kind: AlertKind;
  number: string;
  threshold: string;
  value: string;
  recipients: string[];
}

interface TouchedMonth {
  company_id: number;
  /** YYYY-MM. */
  month: string;
}

interface CompanyMonthRow {
  company_id: number;
  month: string;
  bundle_alerts: boolean;
  out_of_bundle_costs: string | null;
  number_data_gb: string | null;
  number_usage_costs: string | null;
  total_gb: string | null;
  gb_used: string | null;
}

/**
 * The touched company-months with their settings (defaults without a row) and, for a company with
 * a group bundle, the month's figures the import has just stored: one query for all of them.
 */
const companyMonths = (tx: Db, touched: readonly TouchedMonth[]) =>
  queryRows<CompanyMonthRow>(
    tx,
    sql`select t.company_id, to_char(t.month, 'YYYY-MM') as month, coalesce(s.bundle_alerts, true) as bundle_alerts,
        s.out_of_bundle_costs::text as out_of_bundle_costs, s.number_data_gb::text as number_data_gb,
        s.number_usage_costs::text as number_usage_costs,
        g.total_gb::text as total_gb, g.gb_used::text as gb_used
      from unnest(${`{${touched.map((t) => t.company_id).join(',')}}`}::int[], ${`{${touched.map((t) => `${t.month}-01`).join(',')}}`}::date[]) as t(company_id, month)
        left join alert_settings s on s.company_id = t.company_id
        left join group_bundle_months g on g.company_id = t.company_id and g.month = t.month
          and exists (select 1 from articles a where a.company_id = t.company_id and a.from_group_bundle)`,
  );

const thresholdsOf = (row: CompanyMonthRow): AlertThresholds => ({
  bundleAlerts: row.bundle_alerts,
  outOfBundleCosts: row.out_of_bundle_costs,
  numberDataGb: row.number_data_gb,
  numberUsageCosts: row.number_usage_costs,
});

/**
 * Only the numbers of the month that may cross a per-number threshold (the report table's row per
 * number), less those whose every such alert is recorded already: a later import of the month
 * reads, decides and inserts nothing for them.
 */
const numberFigures = async (tx: Db, companyId: number, month: string, thresholds: AlertThresholds) => {
  const { dataBytes, usageMicros } = numberThresholdUnits(thresholds);
  if (dataBytes === null && usageMicros === null) return [];
  const data = sql.raw(USAGE_KINDS.filter((k) => k.type === 'data').map((k) => `${k.column}_length`).join(' + '));
  const price = sql.raw(USAGE_KINDS.map((k) => `${k.column}_price_micros`).join(' + '));
  const firstDay = `${month}-01`;
  const sent = (kind: AlertKind, threshold: string) =>
    sql`n.number in (select unnest(s.numbers) from sent_alerts s where s.company_id = ${companyId} and s.month = ${firstDay}::date
      and s.kind = ${kind} and s.threshold = ${threshold})`;
  // Per kind: whether the number may cross it, and whether it may still be new.
  const dataCrosses = dataBytes === null ? sql`false` : sql`n.bytes >= ${dataBytes.toString()}::numeric`;
  const costsCross = usageMicros === null ? sql`false` : sql`n.micros >= ${usageMicros.toString()}::numeric`;
  const dataNew = dataBytes === null ? sql`false` : sql`(${dataCrosses} and not ${sent('number_data', gbThresholdText(thresholds.numberDataGb!))})`;
  const costsNew =
    usageMicros === null ? sql`false` : sql`(${costsCross} and not ${sent('number_usage_costs', euroThresholdText(thresholds.numberUsageCosts!))})`;
  return queryRows<{ number: string; dataBytes: string; usageMicros: string; dataNew: boolean; costsNew: boolean }>(
    tx,
    sql`select n.number, n.bytes::text as "dataBytes", n.micros::text as "usageMicros", ${dataNew} as "dataNew", ${costsNew} as "costsNew"
      from (
        select number, sum(${data}) as bytes, sum(${price}) as micros
        from usage_number_months where company_id = ${companyId} and month = ${firstDay}::date
        group by number
      ) n
      where ${dataNew} or ${costsNew}`,
  );
};

/**
 * A company-month's figures (only those its settings ask about are read), and whether a
 * per-number alert found in them is new (`isNew`): a number read for one kind's new alert is
 * read with its other figure too, whose alert may have gone before.
 */
const figuresOf = async (tx: Db, row: CompanyMonthRow, thresholds: AlertThresholds) => {
  const month = parseMonthKey(row.month)!;
  const costs = thresholds.outOfBundleCosts === null ? null : (await usageOfMonths(tx, row.company_id, [month]))[0].total.toFixed(2);
  const numbers = await numberFigures(tx, row.company_id, row.month, thresholds);
  const fresh = new Set(numbers.flatMap((n) => [...(n.dataNew ? [`number_data ${n.number}`] : []), ...(n.costsNew ? [`number_usage_costs ${n.number}`] : [])]));
  const figures: AlertFigures = {
    bundle: row.total_gb === null || row.gb_used === null ? null : { totalGb: row.total_gb, usedGb: row.gb_used },
    outOfBundleCosts: costs,
    numbers,
  };
  return { figures, isNew: (alert: CrossedThreshold) => alert.number === '' || fresh.has(`${alert.kind} ${alert.number}`) };
};

/**
 * Who receives a company's alerts: its chosen contact persons who may still log in (not disabled,
 * not role 4) and have an address; when none are chosen (or none of them may), all such users of
 * the company. With the company's name, for the mail.
 */
export const alertRecipientsOf = async (db: Db, companyIds: readonly number[]) => {
  const rows = await queryRows<{ company_id: number; company_name: string; email: string | null; chosen: boolean }>(
    db,
    sql`select c.id as company_id, c.name as company_name, u.email,
        exists (select 1 from alert_recipients r where r.company_id = c.id and r.user_id = u.id) as chosen
      from companies c
        left join users u on u.company_id = c.id and not u.disabled and u.role_id <> ${ROLE.unauthorized} and u.email <> ''
      where c.id in (select unnest(${`{${companyIds.join(',')}}`}::int[]))
      order by lower(u.email)`,
  );
  const byCompany = new Map<number, { name: string; all: string[]; chosen: string[] }>();
  for (const row of rows) {
    const entry = byCompany.get(row.company_id) ?? { name: row.company_name, all: [], chosen: [] };
    if (row.email) {
      entry.all.push(row.email);
      if (row.chosen) entry.chosen.push(row.email);
    }
    byCompany.set(row.company_id, entry);
  }
  return new Map([...byCompany].map(([id, e]) => [id, { name: e.name, emails: e.chosen.length > 0 ? e.chosen : e.all }]));
};

type FoundAlert = CrossedThreshold & { companyId: number; month: string };

/** A row of sent_alerts to record: a company alert, or one kind and threshold for many numbers. */
interface AlertRow {
  companyId: number;
  month: string;
  kind: AlertKind;
  threshold: string;
  numbers: string[];
  numberValues: string[];
  value: string;
}

/** The highest of exact decimal texts. */
const highest = (values: readonly string[]) => values.reduce((max, value) => (new Decimal(value).gt(max) ? value : max));

/** The rows of the alerts found: a company alert as it is; the per-number ones one row per company, month, kind and threshold. */
const alertRows = (found: readonly FoundAlert[]): AlertRow[] => {
  const row = (alerts: FoundAlert[]): AlertRow => {
    const byNumber = [...alerts].sort((a, b) => a.number.localeCompare(b.number));
    const numbers = byNumber.map((alert) => alert.number).filter((number) => number !== '');
    const { companyId, month, kind, threshold } = alerts[0];
    return { companyId, month, kind, threshold, numbers, numberValues: numbers.length ? byNumber.map((a) => a.value) : [], value: highest(alerts.map((a) => a.value)) };
  };
  return [...groupBy(found, (f) => `${f.companyId}|${f.month}|${f.kind}|${f.threshold}|${f.number === '' ? 'company' : 'numbers'}`).values()].map(row);
};

/**
 * Records the alerts found. A company alert is recorded once (on conflict nothing: an earlier
 * import recorded it); the per-number alerts of this import are one row per company, month, kind
 * and threshold listing their numbers (numberFigures has left out the numbers an earlier row
 * lists). A statement per row: at most five kinds per company-month. Answers the rows recorded now.
 */
const recordAlerts = async (tx: Db, rows: readonly AlertRow[], recipients: ReadonlyMap<number, { emails: string[] }>, importId: number) => {
  const recorded: (AlertRow & { id: number; recipients: string[] })[] = [];
  for (const row of rows) {
    const emails = recipients.get(row.companyId)?.emails ?? [];
    const [inserted] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sent_alerts (company_id, month, kind, numbers, number_values, threshold, value, recipients, import_id)
        values (${row.companyId}, ${`${row.month}-01`}::date, ${row.kind}, ${sql.param(row.numbers)}::text[], ${sql.param(row.numberValues)}::text[],
          ${row.threshold}, ${row.value}, ${sql.param(emails)}::text[], ${importId})
        on conflict (company_id, month, kind, threshold) where numbers = '{}' do nothing
        returning id`,
    );
    if (inserted) recorded.push({ ...row, id: inserted.id, recipients: emails });
  }
  return recorded;
};

/**
 * Decides the alerts of the company-months an import touched and records the new ones in
 * `sent_alerts` (never twice), inside the import's transaction, so they exist exactly when the
 * import does. Answers the alerts recorded now, one per number for the per-number kinds, for the
 * mail after the commit. Cheap for the usual import: one query for every touched company-month
 * (settings and stored group bundle figures); costs and numbers are read only for companies with
 * thresholds.
 */
export const evaluateAlerts = async (tx: Db, touched: readonly TouchedMonth[], importId: number): Promise<NewAlert[]> => {
  if (touched.length === 0) return [];
  const found: FoundAlert[] = [];
  for (const row of await companyMonths(tx, touched)) {
    const thresholds = thresholdsOf(row);
    const asked = (thresholds.bundleAlerts && row.total_gb !== null) || thresholds.outOfBundleCosts !== null ||
      thresholds.numberDataGb !== null || thresholds.numberUsageCosts !== null;
    if (!asked) continue;
    const { figures, isNew } = await figuresOf(tx, row, thresholds);
    for (const crossed of crossedThresholds(thresholds, figures).filter(isNew)) {
      found.push({ ...crossed, companyId: row.company_id, month: row.month });
    }
  }
  if (found.length === 0) return [];
  const recipients = await alertRecipientsOf(tx, [...new Set(found.map((f) => f.companyId))]);
  return (await recordAlerts(tx, alertRows(found), recipients, importId)).flatMap((row) => {
    const alert = (number: string, value: string): NewAlert => ({
      id: row.id,
      companyId: row.companyId,
      companyName: recipients.get(row.companyId)?.name ?? '',
      month: row.month,
      kind: row.kind,
      number,
      threshold: row.threshold,
      value,
      recipients: row.recipients,
    });
    return row.numbers.length ? row.numbers.map((number, i) => alert(number, row.numberValues[i])) : [alert('', row.value)];
  });
};

// ---------------------------------------------------------------------------------------------
// The mail

/** Exact decimal text in Dutch notation with the decimals it has. */
const dutch = (value: string) => formatDecimal(value, value.split('.')[1]?.length ?? 0);

const monthText = (month: string) => monthLabel(parseMonthKey(month)!).toLowerCase();

/** The subject of a mail about one alert. */
const SUBJECTS: Record<AlertKind, (a: NewAlert) => string> = {
  bundle_100: () => 'Je groepsbundel is op',
  bundle_80: () => 'Je groepsbundel is voor 80 % verbruikt',
  out_of_bundle_costs: () => 'Verbruik boven je drempel: kosten buiten de bundel',
  number_data: (a) => `Verbruik boven je drempel: data van ${a.number}`,
  number_usage_costs: (a) => `Verbruik boven je drempel: verbruikskosten van ${a.number}`,
};

/** One sentence per alert: the figure, the threshold, the month. */
export const alertSentence = (a: NewAlert): string => {
  const month = monthText(a.month);
  switch (a.kind) {
    case 'bundle_80':
    case 'bundle_100':
      return `Groepsbundel ${month}: ${dutch(a.value)} % verbruikt (drempel ${a.threshold} %).`;
    case 'out_of_bundle_costs':
      return `Kosten buiten de bundel ${month}: ${formatEuro(a.value)}, boven je drempel van ${formatEuro(a.threshold)}.`;
    case 'number_data':
      return `Data van ${a.number} in ${month}: ${dutch(a.value)} GB, boven je drempel van ${dutch(a.threshold)} GB.`;
    case 'number_usage_costs':
      return `Verbruikskosten van ${a.number} in ${month}: ${formatEuro(a.value)}, boven je drempel van ${formatEuro(a.threshold)}.`;
  }
};

/** Alerts listed in one mail at most; the rest are on Mijn bedrijf. */
const MAIL_LINES = 50;

/** The order of importance: the subject names the first. */
const IMPORTANCE: AlertKind[] = ['bundle_100', 'bundle_80', 'out_of_bundle_costs', 'number_usage_costs', 'number_data'];

/**
 * The mails of an import's new alerts: per company and recipient one mail listing all of them,
 * so an import that crosses many numbers' thresholds sends each person one message.
 */
export const alertMails = (alerts: readonly NewAlert[], publicUrl: string): MailMessage[] => {
  return [...groupBy(alerts, (alert) => alert.companyId).values()].flatMap((companyAlerts) => {
    const sorted = [...companyAlerts].sort((a, b) => IMPORTANCE.indexOf(a.kind) - IMPORTANCE.indexOf(b.kind) || a.month.localeCompare(b.month));
    const [first] = sorted;
    const more = sorted.length - 1;
    const subject = `${SUBJECTS[first.kind](first)}${more > 0 ? ` (en ${more} ${more === 1 ? 'andere melding' : 'andere meldingen'})` : ''}`;
    const listed = sorted.slice(0, MAIL_LINES).map(alertSentence);
    if (sorted.length > MAIL_LINES) listed.push(`En nog ${formatDecimal(sorted.length - MAIL_LINES, 0)} meldingen: zie Mijn bedrijf, Meldingen.`);
    const intro = [`Een melding over het verbruik van ${mailName(first.companyName)}:`, ...listed].join('\n');
    const outro = 'Je ontvangt deze melding als contactpersoon van je bedrijf. Wie de meldingen ontvangt en bij welke drempels, stel je in onder Mijn bedrijf, Meldingen.';
    return first.recipients.map((to) => linkMail(to, subject, intro, 'Bekijk je verbruik in Mijn Portaal', `${publicUrl}/verbruik`, outro));
  });
};

/**
 * Mails an import's new alerts after its commit, in the background: a failing mail is logged,
 * never fails the import (the alert stays recorded as sent once).
 */
export const mailAlerts = (app: Pick<FastifyInstance, 'config' | 'mailer' | 'backgroundTasks'>, alerts: readonly NewAlert[]): void => {
  if (alerts.length === 0) return;
  for (const mail of alertMails(alerts, app.config.publicUrl)) {
    app.backgroundTasks.run(`usage alert mail to ${mail.to}`, () => app.mailer.send(mail));
  }
};

// ---------------------------------------------------------------------------------------------
// The settings ('Meldingen' on Mijn bedrijf)

/** A user who may receive the company's alerts, and whether it is chosen. */
export interface AlertRecipientOption {
  id: number;
  name: string;
  email: string;
  chosen: boolean;
}

/** A company's settings as stored: thresholds as exact decimal text. */
export interface StoredAlertSettings extends AlertThresholds {
  recipients: number[];
}

/** The users who may receive alerts: the company's users who may log in, with an address, by name. */
export const alertRecipientOptions = (db: Db, companyId: number) =>
  queryRows<AlertRecipientOption>(
    db,
    sql`select u.id, trim(u.firstname || ' ' || u.lastname) as name, u.email,
        exists (select 1 from alert_recipients r where r.company_id = u.company_id and r.user_id = u.id) as chosen
      from users u
      where u.company_id = ${companyId} and not u.disabled and u.role_id <> ${ROLE.unauthorized} and u.email <> ''
      order by name_sort_key(u.lastname), search_text(u.firstname), u.id`,
  );

/** The company's settings; the defaults (bundle alerts on, no thresholds) without a row. */
export const alertSettingsOf = async (db: Db, companyId: number): Promise<StoredAlertSettings> => {
  const [row] = await queryRows<{ bundle_alerts: boolean; out_of_bundle_costs: string | null; number_data_gb: string | null; number_usage_costs: string | null }>(
    db,
    sql`select bundle_alerts, out_of_bundle_costs::text as out_of_bundle_costs, number_data_gb::text as number_data_gb,
        number_usage_costs::text as number_usage_costs
      from alert_settings where company_id = ${companyId}`,
  );
  const chosen = await queryRows<{ user_id: number }>(db, sql`select user_id from alert_recipients where company_id = ${companyId} order by user_id`);
  return {
    bundleAlerts: row?.bundle_alerts ?? true,
    outOfBundleCosts: row?.out_of_bundle_costs ?? null,
    numberDataGb: row?.number_data_gb ?? null,
    numberUsageCosts: row?.number_usage_costs ?? null,
    recipients: chosen.map((r) => r.user_id),
  };
};

/** Stores the company's settings and chosen recipients (all of them replaced). */
export const storeAlertSettings = async (tx: Db, companyId: number, settings: StoredAlertSettings): Promise<void> => {
  const values = {
    bundle_alerts: settings.bundleAlerts,
    out_of_bundle_costs: settings.outOfBundleCosts,
    number_data_gb: settings.numberDataGb,
    number_usage_costs: settings.numberUsageCosts,
  };
  await tx.execute(sql`insert into alert_settings (company_id, bundle_alerts, out_of_bundle_costs, number_data_gb, number_usage_costs, updated_at)
    values (${companyId}, ${values.bundle_alerts}, ${values.out_of_bundle_costs}, ${values.number_data_gb}, ${values.number_usage_costs}, now())
    on conflict (company_id) do update set bundle_alerts = excluded.bundle_alerts, out_of_bundle_costs = excluded.out_of_bundle_costs,
      number_data_gb = excluded.number_data_gb, number_usage_costs = excluded.number_usage_costs, updated_at = now()`);
  await tx.execute(sql`delete from alert_recipients where company_id = ${companyId}`);
  if (settings.recipients.length > 0) {
    await tx.execute(sql`insert into alert_recipients (company_id, user_id)
      select ${companyId}, unnest(${`{${settings.recipients.join(',')}}`}::int[])`);
  }
};

/** The numbers a sent per-number alert shows in the list at most; `number_count` says how many it has. */
export const SENT_NUMBERS_SHOWN = 10;

/** A page of the company's sent alerts, newest first. */
export const sentAlertsOf = async (db: Db, companyId: number, page: { offset: number; limit: number }) => {
  const rows = await queryRows<{
    id: number;
    month: string;
    kind: AlertKind;
    numbers: string[];
    number_count: number;
    threshold: string;
    value: string;
    recipients: string[];
    created_at: number;
  }>(
    db,
    sql`select id, to_char(month, 'YYYY-MM') as month, kind, numbers[1:${SENT_NUMBERS_SHOWN}] as numbers, cardinality(numbers) as number_count,
        threshold, value, recipients,
        extract(epoch from created_at)::bigint::int as created_at
      from sent_alerts where company_id = ${companyId}
      order by created_at desc, id desc offset ${page.offset} limit ${page.limit}`,
  );
  const [{ total }] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from sent_alerts where company_id = ${companyId}`);
  return { rows, total };
};
