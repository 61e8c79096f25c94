import crypto from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { firstOpenDay } from '../../../domain/closedMonths';
import { Decimal } from '../../../domain/money';
import { ROLE } from '../../../domain/permissions';
import { monthKey, monthLabel, monthStart, type Month } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import type { StoredSpecificationTotals } from '../../db/schema/costSpecifications';
import { escapeHtml, mailName, type Mailer, type MailMessage } from '../mail';
import { costsByMonth } from '../costs';
import { companySpecification, groupSpecification, specificationOf } from './content';
import { specificationPdfBytes } from './pdf';
import type { SpecificationTotals } from './types';

const KINDS = ['periodic', 'full', 'setup', 'usage'] as const;

/**
 * The stored cost specifications (docs/cost-specification.md, 'Final once billed', 'Corrections',
 * 'Mail'): version 1 of a closed month is rendered and kept when the month's billing export runs,
 * a correction by provider staff adds version N+1 beside it, and a download of a version gives its
 * kept bytes. A row is never changed, except `mailed_at` once its mail went out.
 */

/** Whose specification: a company's, or a group's (the parent company's). */
export type SpecificationSubject = { companyId: number } | { parentCompanyId: number };

/** What the mails need: the mailer and the portal's address for the link. */
export interface SpecificationMail {
  mailer: Mailer;
  publicUrl: string;
}

/** A stored version as listed (without its bytes). */
export interface StoredVersion {
  id: number;
  version: number;
  reason: string | null;
  sha256: string;
  size: number;
  totals: StoredSpecificationTotals;
  /** Unix seconds. */
  createdAt: number;
}

const isGroup = (subject: SpecificationSubject): subject is { parentCompanyId: number } => 'parentCompanyId' in subject;

const subjectIs = (subject: SpecificationSubject): SQL =>
  isGroup(subject) ? sql`parent_company_id = ${subject.parentCompanyId}` : sql`company_id = ${subject.companyId}`;

/** The download's (and attachment's) file name: `kostenspecificatie-[groep-]{YYYY-MM}[-versie-{N}].pdf`. */
export const specificationFileName = (subject: SpecificationSubject, month: Month, version: number | null): string =>
  `kostenspecificatie-${isGroup(subject) ? 'groep-' : ''}${monthKey(month)}${version !== null && version >= 2 ? `-versie-${version}` : ''}.pdf`;

/** The month's stored versions, oldest first. */
export const listVersions = async (db: Db, subject: SpecificationSubject, month: Month): Promise<StoredVersion[]> => {
  const rows = await queryRows<{ id: number; version: number; reason: string | null; sha256: string; size: number; totals: StoredSpecificationTotals; created_at: number }>(
    db,
    sql`select id, version, reason, sha256, octet_length(pdf)::int as size, totals, extract(epoch from created_at)::bigint::int as created_at
      from cost_specifications where ${subjectIs(subject)} and month = ${monthStart(month)} order by version`,
  );
  return rows.map((row) => ({ ...row, createdAt: Number(row.created_at) }));
};

/** A stored version's bytes: `version`, or the latest without it; null when there is none. */
export const readVersion = async (
  db: Db,
  subject: SpecificationSubject,
  month: Month,
  version?: number,
): Promise<{ version: number; pdf: Buffer; sha256: string } | null> => {
  const [row] = await queryRows<{ version: number; pdf: Uint8Array; sha256: string }>(
    db,
    sql`select version, pdf, sha256 from cost_specifications
      where ${subjectIs(subject)} and month = ${monthStart(month)} ${version === undefined ? sql`` : sql`and version = ${version}`}
      order by version desc limit 1`,
  );
  return row ? { version: row.version, pdf: Buffer.from(row.pdf), sha256: row.sha256 } : null;
};

/** The content of the subject's month, as of today's data; null when the company or parent company is gone. */
const specificationContent = (db: Db, subject: SpecificationSubject, month: Month, vatRate: string) =>
  isGroup(subject) ? groupSpecification(db, subject.parentCompanyId, month, vatRate) : companySpecification(db, subject.companyId, month, vatRate);

/** A draft of a month that is not final yet ('Voorlopig'), made now; null when the company or parent company is gone. */
export const draftSpecification = async (db: Db, subject: SpecificationSubject, month: Month, vatRate: string, nowMs: number) => {
  const content = await specificationContent(db, subject, month, vatRate);
  return content && specificationOf(month, content, { draft: true, version: null, reason: null, madeAt: new Date(nowMs) });
};

const storedTotals = (totals: SpecificationTotals): StoredSpecificationTotals => ({
  periodic: totals.periodic,
  full: totals.full,
  setup: totals.setup,
  usage: totals.usage,
  total: totals.total,
  vat_rate: totals.vatRate,
  vat: totals.vat,
  total_including_vat: totals.totalIncludingVat,
});

/**
 * Renders version `version` of the subject's month from today's data and stores it, unless that
 * version is stored already (another instance, or another correction, was first): the unique
 * indexes decide, so two at once store one. Answers the new row's id, or null.
 */
const storeVersion = async (
  db: Db,
  subject: SpecificationSubject,
  month: Month,
  version: number,
  opts: { vatRate: string; nowMs: number; reason: string | null; createdBy: number | null },
): Promise<number | null> => {
  const content = await specificationContent(db, subject, month, opts.vatRate);
  if (!content) return null;
  const spec = specificationOf(month, content, { draft: false, version, reason: opts.reason, madeAt: new Date(opts.nowMs) });
  const pdf = await specificationPdfBytes(spec);
  const sha256 = crypto.createHash('sha256').update(pdf).digest('hex');
  const [companyId, parentCompanyId] = isGroup(subject) ? [null, subject.parentCompanyId] : [subject.companyId, null];
  const conflict = isGroup(subject)
    ? sql`(parent_company_id, month, version) where parent_company_id is not null`
    : sql`(company_id, month, version) where company_id is not null`;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into cost_specifications (company_id, parent_company_id, month, version, reason, created_by, pdf, sha256, totals, created_at)
      values (${companyId}, ${parentCompanyId}, ${monthStart(month)}, ${version}, ${opts.reason}, ${opts.createdBy}, ${pdf}, ${sha256},
        ${JSON.stringify(storedTotals(spec.totals))}::jsonb, ${new Date(opts.nowMs).toISOString()})
      on conflict ${conflict} do nothing
      returning id`,
  );
  return row?.id ?? null;
};

const hasFinal = async (db: Db, subject: SpecificationSubject, month: Month): Promise<boolean> => {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from cost_specifications where ${subjectIs(subject)} and month = ${monthStart(month)} and version = 1`,
  );
  return rows.length > 0;
};

/** Whether the month is closed: before the current business month (docs/rules.md, 'Billed months are closed'). */
export const isClosedMonth = (month: Month, nowMs: number): boolean => monthStart(month) < firstOpenDay(nowMs);

/**
 * Finalisation (docs/cost-specification.md, 'Final once billed'): for each closed month, version 1
 * of every company's specification and of every parent company's of those companies that has
 * none yet; then the new versions (and any not mailed yet) are mailed to the marked contact
 * persons, when `mail` is given. Open months are left alone. Answers the ids stored now.
 */
export const finalizeMonths = async (
  db: Db,
  mail: SpecificationMail | undefined,
  companies: readonly { id: number }[],
  months: readonly Month[],
  vatRate: string,
  nowMs: number,
): Promise<number[]> => {
  const closed = months.filter((month) => isClosedMonth(month, nowMs));
  const companyIds = [...new Set(companies.map((c) => c.id))];
  if (closed.length === 0 || companyIds.length === 0) return [];
  const idList = `{${companyIds.join(',')}}`;
  const parents = await queryRows<{ id: number }>(
    db,
    sql`select distinct parent_company_id as id from companies
      where id in (select unnest(${idList}::int[])) and parent_company_id is not null order by 1`,
  );
  const subjects: SpecificationSubject[] = [...companyIds.map((companyId) => ({ companyId })), ...parents.map((p) => ({ parentCompanyId: p.id }))];
  const stored: number[] = [];
  for (const month of closed) {
    for (const subject of subjects) {
      if (await hasFinal(db, subject, month)) continue;
      const id = await storeVersion(db, subject, month, 1, { vatRate, nowMs, reason: null, createdBy: null });
      if (id !== null) stored.push(id);
    }
  }
  if (mail) {
    const pending = await queryRows<{ id: number }>(
      db,
      sql`select id from cost_specifications
        where mailed_at is null and company_id in (select unnest(${idList}::int[]))
          and month in (select unnest(${`{${closed.map(monthStart).join(',')}}`}::date[]))
        order by id`,
    );
    await mailVersions(db, mail, pending.map((p) => p.id), nowMs);
  }
  return stored;
};

/** What a correction stored: the company's new version, and the group's when it had a final one. */
export interface Correction {
  company: { id: number; version: number };
  group: { id: number; version: number } | null;
}

/** Stores the next version of the subject's month, trying again when another correction took the number first. */
const storeNextVersion = async (
  db: Db,
  subject: SpecificationSubject,
  month: Month,
  opts: { vatRate: string; nowMs: number; reason: string; createdBy: number },
) => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [{ latest }] = await queryRows<{ latest: number }>(
      db,
      sql`select coalesce(max(version), 0)::int as latest from cost_specifications where ${subjectIs(subject)} and month = ${monthStart(month)}`,
    );
    const version = latest + 1;
    const id = await storeVersion(db, subject, month, version, opts);
    if (id !== null) return { id, version };
  }
  throw new Error('cost specification: no free version number after 20 attempts');
};

/**
 * A correction (docs/cost-specification.md, 'Corrections'): version N+1 of the company's month
 * from today's data, with the reason, and of its group's when the parent company has a final one
 * of the month. Null when the company's month is not final (no version 1). Two corrections at once
 * get two versions, one after the other.
 */
export const correctSpecification = async (
  db: Db,
  opts: { companyId: number; month: Month; reason: string; createdBy: number; vatRate: string; nowMs: number },
): Promise<Correction | null> => {
  if (!(await hasFinal(db, { companyId: opts.companyId }, opts.month))) return null;
  const company = await storeNextVersion(db, { companyId: opts.companyId }, opts.month, opts);
  const [parent] = await queryRows<{ id: number }>(
    db,
    sql`select parent_company_id as id from companies where id = ${opts.companyId} and parent_company_id is not null`,
  );
  const group = parent && (await hasFinal(db, { parentCompanyId: parent.id }, opts.month))
    ? await storeNextVersion(db, { parentCompanyId: parent.id }, opts.month, opts)
    : null;
  return { company, group };
};

/**
 * Whether the month's costs today differ from the latest stored version's totals (per kind and in
 * all): a change provider staff made in the closed month since, which a correction would show.
 * The totals are GET /costs's (/costsbymonth's figures of the month), which the specification's
 * kind totals equal to the cent, of the company or of each branch of the group; no PDF content is built.
 */
export const changedSinceFinal = async (db: Db, subject: SpecificationSubject, month: Month, latest: StoredSpecificationTotals) => {
  const companyIds = isGroup(subject)
    ? (await queryRows<{ id: number }>(db, sql`select id from companies where parent_company_id = ${subject.parentCompanyId}`)).map((c) => c.id)
    : [subject.companyId];
  const today = { periodic: new Decimal(0), full: new Decimal(0), setup: new Decimal(0), usage: new Decimal(0) };
  for (const companyId of companyIds) {
    const [figures] = await costsByMonth(db, companyId, { from: month, to: month });
    for (const kind of KINDS) today[kind] = today[kind].plus(figures[kind]);
  }
  return KINDS.some((kind) => !today[kind].eq(latest[kind]));
};

/** The mail of a company's version to one marked contact person (docs/cost-specification.md, 'Mail'). */
const specificationMail = (
  publicUrl: string,
  to: { email: string; firstname: string },
  company: string,
  month: Month,
  version: { version: number; reason: string | null; pdf: Buffer },
): MailMessage => {
  const label = monthLabel(month);
  const correction = version.version >= 2
    ? `\n\nDit is versie ${version.version}, een correctie van de eerdere kostenspecificatie${version.reason ? `. Reden: ${mailName(version.reason)}` : ''}.`
    : '';
  const intro = `Beste ${mailName(to.firstname)}, in de bijlage vind je de definitieve kostenspecificatie van ${mailName(company)} over ${label}. De bedragen zijn exclusief btw; onderaan staan de btw en het totaal inclusief btw.${correction}`;
  const outro = 'Je ontvangt dit bericht omdat je bij je bedrijf bent aangemerkt als ontvanger van de kostenspecificatie. Je kosten bekijk je ook in Mijn Portaal.';
  const link = `${publicUrl}/kosten`;
  return {
    to: to.email,
    subject: `Kostenspecificatie ${label}`,
    link,
    text: `${intro}\n\nBekijk je kosten in Mijn Portaal: ${link}\n\n${outro}\n`,
    html: `${intro.split('\n\n').map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Bekijk je kosten in Mijn Portaal</a></p><p>${escapeHtml(outro)}</p>`,
    attachments: [{ filename: specificationFileName({ companyId: 0 }, month, version.version), content: version.pdf, contentType: 'application/pdf' }],
  };
};

/**
 * Mails company versions to the company's marked contact persons ('Ontvangt kostenspecificatie'),
 * active ones only. Each version is claimed first (`mailed_at` set where it was null), so it is
 * mailed once, also with two instances at it; group versions are never mailed. A failing send is
 * thrown after the others went out, for the log.
 */
export const mailVersions = async (db: Db, mail: SpecificationMail, ids: readonly number[], nowMs: number): Promise<void> => {
  if (ids.length === 0) return;
  const claimed = await queryRows<{ id: number; company_id: number; month: string; version: number; reason: string | null; pdf: Uint8Array }>(
    db,
    sql`update cost_specifications set mailed_at = ${new Date(nowMs).toISOString()}
      where id in (select unnest(${`{${ids.join(',')}}`}::int[])) and mailed_at is null and company_id is not null
      returning id, company_id, month::text as month, version, reason, pdf`,
  );
  const failures: unknown[] = [];
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    const [year, month] = row.month.split('-').map(Number);
    const recipients = await queryRows<{ email: string; firstname: string; company: string }>(
      db,
      sql`select u.email, u.firstname, c.name as company from users u join companies c on c.id = u.company_id
        where u.company_id = ${row.company_id} and u.receives_cost_specification and not u.disabled and u.role_id <> ${ROLE.unauthorized}
        order by u.id`,
    );
    for (const recipient of recipients) {
      const message = specificationMail(mail.publicUrl, recipient, recipient.company, { year, month }, { ...row, pdf: Buffer.from(row.pdf) });
      await mail.mailer.send(message).catch((error: unknown) => failures.push(error));
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `cost specification mail: ${failures.length} not sent`);
};
