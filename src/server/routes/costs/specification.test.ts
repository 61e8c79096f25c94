import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, gt, sql } from 'drizzle-orm';
import { ROLE } from '../../../domain/permissions';
import { businessTimeToEpoch, currentMonth, daysInMonth, lastWholeMonth, monthKey, monthLabel, monthStart, shiftMonth, type Month } from '../../../domain/time';
import { auditLog, companies, costSpecifications, services, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { exportCompanies } from '../../services/costs/billingExport';
import { finalizeMonths } from '../../services/costSpecification/store';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * The cost specification's storage and calls (docs/cost-specification.md, 'Final once billed',
 * 'Corrections', 'Mail') on the demo data: drafts, version 1 stored by the provider's billing
 * export of a closed month, the same bytes on every download, corrections beside it, and the
 * marked contact persons' mails. What the PDF says is the renderer's (its own tests).
 */

let t: TestApp;
let klant: string;
let collega: string;
let kees: string;
let admin: string;
/** admin@demo.nl managing Van Dijk Installatietechniek. */
let staff: string;
let installatie: number;
let bakkerij: number;
let groupId: number;

/** The last whole month: closed (billed). */
const closed: Month = lastWholeMonth();
const CLOSED = `costs_date_from=${monthStart(closed)}&costs_date_to=${monthKey(closed)}-${daysInMonth(closed.year, closed.month)}`;
const running = currentMonth();
const RUNNING = `costs_date_from=${monthStart(running)}&costs_date_to=${monthStart(running)}`;
const FILE = `kostenspecificatie-${monthKey(closed)}`;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const correct = (token: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/costs/specifications', headers: auth(token), payload });
const exportAll = async (query = CLOSED) => {
  const res = await get(`/api/report/export/all?${query}`, admin);
  expect(res.statusCode).toBe(200);
  await t.app.backgroundTasks.settled();
};
const versionsOf = async (token: string, group = false) => {
  const res = await get(`/api/${group ? 'group/' : ''}costs/specifications?${CLOSED}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    month: string;
    final: boolean;
    changed_since_final: boolean;
    versions: { version: number; created_at: number; reason: string | null; sha256: string; size: number; total_including_vat: number }[];
  };
};

/** An outbox message's headers and its PDF attachments (base64 parts), read as a mail program would. */
const parseMail = (eml: string) => {
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(eml)?.[1];
  const pdfs = [...eml.matchAll(/Content-Type: application\/pdf[^\n]*\n(?:[^\n]+\n)*?Content-Disposition: attachment;\s*filename=([^\n]+)\n(?:[^\n]+\n)*\n([A-Za-z0-9+/=\n]+)/g)].map((m) => ({
    filename: m[1].replace(/"/g, '').trim(),
    content: Buffer.from(m[2].replace(/\n/g, ''), 'base64'),
  }));
  return { to: header('To'), subject: header('Subject'), pdfs, text: eml };
};
const mailsTo = (email: string) => t.outbox().map(parseMail).filter((m) => m.to === email);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  installatie = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  bakkerij = (await findCompanyByName(db, 'Bakkerij De Korenschoof'))!.id;
  const [company] = await db.select().from(companies).where(eq(companies.id, installatie));
  groupId = company.parentCompanyId!;
  klant = await t.login('klant@demo.nl');
  collega = await t.login('collega@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  admin = await t.login('admin@demo.nl');
  staff = await t.manage(admin, installatie);
  // A marked contact person of the bakery, and a marked one of Van Dijk that is disabled.
  await db.update(users).set({ receivesCostSpecification: true }).where(eq(users.email, 'kees@korenschoof.nl'));
  await db.insert(users).values({
    email: 'uit-dienst@vandijk.nl',
    firstname: 'Oud',
    lastname: 'Collega',
    companyId: installatie,
    roleId: ROLE.endUser,
    receivesCostSpecification: true,
    disabled: true,
  });
}, 60_000);
afterAll(() => t.close());

describe('before the month is billed', () => {
  it('downloads a draft PDF for any user of the company, as kostenspecificatie-{YYYY-MM}.pdf', async () => {
    for (const token of [klant, collega]) {
      const res = await get(`/api/costs/specification?${CLOSED}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${FILE}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it("downloads the group's draft for a user with EDIT_PARENT_COMPANY, and 404 without a parent company", async () => {
    const res = await get(`/api/group/costs/specification?${CLOSED}`, klant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="kostenspecificatie-groep-${monthKey(closed)}.pdf"`);
    for (const token of [kees, admin]) {
      const none = await get(`/api/group/costs/specification?${CLOSED}`, token);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('Dit bedrijf hoort niet bij een hoofdbedrijf.');
    }
  });

  it('lists no versions: not final, nothing changed since', async () => {
    expect(await versionsOf(klant)).toEqual({ month: monthKey(closed), final: false, versions: [], changed_since_final: false });
    expect(await versionsOf(klant, true)).toMatchObject({ final: false, versions: [] });
  });

  it('refuses more than one month with 400, and a version that does not exist with 404', async () => {
    const two = await get(`/api/costs/specification?costs_date_from=${monthStart(closed)}&costs_date_to=${monthStart(running)}`, klant);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Ongeldige periode: de kostenspecificatie gaat over één maand.');
    const missing = await get(`/api/costs/specification?${CLOSED}&version=1`, klant);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Deze versie bestaat niet.');
  });

  it('refuses a correction with 409 while the month is not final', async () => {
    const res = await correct(staff, { month: monthKey(closed), reason: 'Prijs aangepast' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('De kostenspecificatie van deze maand is nog niet definitief.');
  });
});

describe('the billing export of a closed month', () => {
  let first: Buffer;

  it('stores version 1 for every exported company and the group, in the background', async () => {
    await exportAll();
    const rows = await t.database.db.select().from(costSpecifications).where(eq(costSpecifications.month, monthStart(closed)));
    const companyIds = rows.filter((r) => r.companyId !== null).map((r) => r.companyId);
    expect(companyIds).toEqual(expect.arrayContaining([installatie, bakkerij]));
    expect(rows.filter((r) => r.parentCompanyId === groupId)).toHaveLength(1);
    expect(rows.every((r) => r.version === 1 && r.reason === null)).toBe(true);
    expect(await versionsOf(klant)).toMatchObject({ final: true, changed_since_final: false, versions: [{ version: 1, reason: null }] });
    expect(await versionsOf(klant, true)).toMatchObject({ final: true, changed_since_final: false, versions: [{ version: 1 }] });
  });

  it('leaves the running month of the range a draft', async () => {
    await exportAll(`costs_date_from=${monthStart(closed)}&costs_date_to=${monthStart(running)}`);
    const rows = await t.database.db.select().from(costSpecifications).where(eq(costSpecifications.month, monthStart(running)));
    expect(rows).toEqual([]);
  });

  it('stores nothing new when the export runs again', async () => {
    const before = await t.database.db.select({ id: costSpecifications.id }).from(costSpecifications);
    await exportAll();
    expect(await t.database.db.select({ id: costSpecifications.id }).from(costSpecifications)).toEqual(before);
  });

  it('gives the same bytes on every download, whose SHA-256 is the listed one', async () => {
    const [listed] = (await versionsOf(klant)).versions;
    const a = await get(`/api/costs/specification?${CLOSED}`, klant);
    const b = await get(`/api/costs/specification?${CLOSED}&version=1`, collega);
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${FILE}.pdf"`);
      expect(res.headers.etag).toBe(`"${listed.sha256}"`);
    }
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect(sha256(a.rawPayload)).toBe(listed.sha256);
    expect(a.rawPayload.length).toBe(listed.size);
    first = a.rawPayload;
  });

  it("mails version 1 once to each marked, active contact person, with the company's own PDF attached", async () => {
    const mails = mailsTo('klant@demo.nl');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Kostenspecificatie ${monthLabel(closed)}`);
    expect(mails[0].pdfs).toEqual([{ filename: `${FILE}.pdf`, content: first }]);
    expect(mailsTo('collega@demo.nl')).toEqual([]);
    expect(mailsTo('uit-dienst@vandijk.nl')).toEqual([]);
    // The bakery's contact person gets the bakery's, never Van Dijk's.
    const bakery = mailsTo('kees@korenschoof.nl');
    expect(bakery).toHaveLength(1);
    const ownSha = (await versionsOf(kees)).versions[0].sha256;
    expect(sha256(bakery[0].pdfs[0].content)).toBe(ownSha);
    expect(ownSha).not.toBe(sha256(first));
    // Group versions are not mailed.
    const [group] = await t.database.db.select().from(costSpecifications).where(eq(costSpecifications.parentCompanyId, groupId));
    expect(group.mailedAt).toBeNull();
  });

  it("never shows another company's specification", async () => {
    const theirs = await get(`/api/costs/specification?${CLOSED}`, kees);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload.equals(first)).toBe(false);
    expect((await get(`/api/group/costs/specifications?${CLOSED}`, kees)).statusCode).toBe(404);
    expect((await get(`/api/costs/specification?${CLOSED}&version=2`, kees)).statusCode).toBe(404);
  });
});

describe('a correction by provider staff', () => {
  let version1: Buffer;
  let version1Sha: string;

  beforeAll(async () => {
    version1 = (await get(`/api/costs/specification?${CLOSED}&version=1`, klant)).rawPayload;
    version1Sha = sha256(version1);
  });

  it('is refused to a customer (403) and without a reason (400)', async () => {
    expect((await correct(klant, { month: monthKey(closed), reason: 'Graag opnieuw' })).statusCode).toBe(403);
    const empty = await correct(staff, { month: monthKey(closed), reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Geef een reden op.');
  });

  it("notices a staff change in the closed month: changed_since_final", async () => {
    const db = t.database.db;
    const from = new Date(businessTimeToEpoch(closed.year, closed.month, 1, 0) * 1000);
    const [service] = await db
      .select()
      .from(services)
      .where(and(eq(services.companyId, installatie), lt(services.startTime, from), or(isNull(services.endTime), gt(services.endTime, new Date()))))
      .orderBy(services.id)
      .limit(1);
    const res = await t.app.inject({ method: 'PUT', url: `/api/services/${service.id}`, headers: auth(staff), payload: { price: 987.65 } });
    expect(res.statusCode).toBe(200);
    expect(await versionsOf(klant)).toMatchObject({ final: true, changed_since_final: true });
    expect(await versionsOf(klant, true)).toMatchObject({ changed_since_final: true });
  });

  it('stores version 2 with its reason beside version 1, for the company and its group', async () => {
    const res = await correct(staff, { month: monthKey(closed), reason: '  Prijs van een afname gecorrigeerd ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ version: 2, reason: 'Prijs van een afname gecorrigeerd' });
    await t.app.backgroundTasks.settled();
    const list = await versionsOf(klant);
    expect(list.versions.map((v) => [v.version, v.reason])).toEqual([[1, null], [2, 'Prijs van een afname gecorrigeerd']]);
    expect(list.versions[0].sha256).toBe(version1Sha);
    expect(list.changed_since_final).toBe(false);
    const group = await versionsOf(klant, true);
    expect(group.versions.map((v) => [v.version, v.reason])).toEqual([[1, null], [2, 'Prijs van een afname gecorrigeerd']]);
    expect(group.changed_since_final).toBe(false);

    const latest = await get(`/api/costs/specification?${CLOSED}`, klant);
    expect(latest.headers['content-disposition']).toBe(`attachment; filename="${FILE}-versie-2.pdf"`);
    expect(sha256(latest.rawPayload)).toBe(list.versions[1].sha256);
    const old = await get(`/api/costs/specification?${CLOSED}&version=1`, klant);
    expect(old.headers['content-disposition']).toBe(`attachment; filename="${FILE}.pdf"`);
    expect(old.rawPayload.equals(version1)).toBe(true);
    const groupLatest = await get(`/api/group/costs/specification?${CLOSED}`, klant);
    expect(groupLatest.headers['content-disposition']).toBe(`attachment; filename="kostenspecificatie-groep-${monthKey(closed)}-versie-2.pdf"`);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'cost_specification.correct'));
    expect(entry.changes).toMatchObject({ month: monthKey(closed), version: 2, group_version: 2 });
  });

  it('mails version 2 once to the marked contact person', async () => {
    const mails = mailsTo('klant@demo.nl');
    expect(mails).toHaveLength(2);
    const latest = await get(`/api/costs/specification?${CLOSED}`, klant);
    expect(mails[1].pdfs).toEqual([{ filename: `${FILE}-versie-2.pdf`, content: latest.rawPayload }]);
    expect(mails[1].text).toContain('versie 2');
    expect(mailsTo('collega@demo.nl')).toEqual([]);
    expect(mailsTo('kees@korenschoof.nl')).toHaveLength(1);
  });

  it('gives two corrections at once two versions, one after the other', async () => {
    const both = await Promise.all([
      correct(staff, { month: monthKey(closed), reason: 'Eerste correctie' }),
      correct(staff, { month: monthKey(closed), reason: 'Tweede correctie' }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both.map((r) => r.json().data.version).sort()).toEqual([3, 4]);
    await t.app.backgroundTasks.settled();
    expect((await versionsOf(klant)).versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect((await versionsOf(klant, true)).versions.map((v) => v.version)).toEqual([1, 2, 3, 4]);
    expect(mailsTo('klant@demo.nl')).toHaveLength(4);
    const mailed = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(costSpecifications)
      .where(and(eq(costSpecifications.companyId, installatie), isNull(costSpecifications.mailedAt)));
    expect(mailed[0].n).toBe(0);
  });
});

describe('two instances finalising the same month at once', () => {
  it('store one version 1 per company and mail it once', async () => {
    const earlier = shiftMonth(closed, -1);
    const companiesToExport = await exportCompanies(t.database.db);
    const mail = { mailer: t.app.mailer, publicUrl: t.config.publicUrl };
    const before = mailsTo('klant@demo.nl').length;
    await Promise.all([1, 2].map(() => finalizeMonths(t.database.db, mail, companiesToExport, [earlier], '21', Date.now())));
    const rows = await t.database.db.select().from(costSpecifications).where(eq(costSpecifications.month, monthStart(earlier)));
    expect(rows.filter((r) => r.companyId === installatie).map((r) => r.version)).toEqual([1]);
    expect(rows.filter((r) => r.parentCompanyId === groupId).map((r) => r.version)).toEqual([1]);
    expect(rows).toHaveLength(companiesToExport.length + 1);
    const mails = mailsTo('klant@demo.nl');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Kostenspecificatie ${monthLabel(earlier)}`);
  });
});

describe('GET /api/costs', () => {
  it('adds the VAT line and the total including VAT of the range', async () => {
    const costs = (await get(`/api/costs?${RUNNING}`, klant)).json();
    const cents = (n: number) => Math.round(n * 100);
    const total =
      costs.billing_cycles.reduce((sum: number, c: { costs: { periodic: number; full: number; setup: number } }) => sum + cents(c.costs.periodic) + cents(c.costs.full) + cents(c.costs.setup), 0) +
      cents(costs.usage);
    expect(cents(costs.vat.total)).toBe(total);
    expect(costs.vat.rate).toBe(21);
    expect(cents(costs.vat.vat)).toBe(Math.round((total * 21) / 100));
    expect(cents(costs.vat.total_including_vat)).toBe(total + cents(costs.vat.vat));
  });
});
