import { and, desc, eq, sql } from 'drizzle-orm';
import { businessTimeToEpoch } from '../../../domain/time';
import { queryRows } from '../../db';
import { auditLog } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { computeGroupBundle } from '../../services/groupBundle';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** Usage alerts (docs/usage.md, 'Alerts'): recorded once by the import that crosses a threshold, mailed after its commit. */

let t: TestApp;
let adminToken: string;
let klant: string;
let installatie: number;
let korenschoof: number;
/** A group bundle service of klant@demo.nl's company, active all of last month. */
let bundleService: NumberedService;
/** Two other mobile services of the company, active all of last month. */
let svc: NumberedService;
let other: NumberedService;
let third: NumberedService;
/** The company's group bundle of last month, in bytes. */
let bundleBytes: bigint;

const month = previousMonth();
const MONTH = `${month.year}-${String(month.month).padStart(2, '0')}`;
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';
const GB = 1024n ** 3n;

const upload = (lines: string[], token = adminToken) => {
  const { payload, headers } = multipartFile('usage', `${HEADER}\n${lines.join('\n')}\n`);
  return t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(token) } });
};

/** An import, then its mails written. */
const importLines = async (lines: string[]) => {
  const res = await upload(lines);
  expect(res.statusCode).toBe(200);
  await t.app.backgroundTasks.settled();
  return res;
};

let line = 0;
/** A record of last month's 10th at a fresh time, so no two records are the same. */
const record = (number: string, type: 'data' | 'voice', length: bigint | number, bundle: 'in' | 'out', price = '') => {
  line += 1;
  const time = `${String(Math.floor(line / 3600) % 24).padStart(2, '0')}:${String(Math.floor(line / 60) % 60).padStart(2, '0')}:${String(line % 60).padStart(2, '0')}`;
  return `${dutchDate(month, 10)};${time};${number};internet;uitgaand;${type};${length};${bundle};${price}`;
};

/** In-bundle data of the bundle service: `percent` of the bundle. */
const bundleData = (percent: bigint) => record(bundleService.number, 'data', (bundleBytes * percent) / 100n + 1n, 'in');

const sent = () =>
  queryRows<{ company_id: number; kind: string; numbers: string[]; number_values: string[]; threshold: string; value: string; recipients: string[]; month: string }>(
    t.database.db,
    sql`select company_id, kind, numbers, number_values, threshold, value, recipients, to_char(month, 'YYYY-MM') as month from sent_alerts order by id`,
  );

/** Outbox messages as text: quoted-printable undone, so Dutch text and amounts read as sent. */
const mailsSince = (before: number) =>
  t
    .outbox()
    .slice(before)
    .map((eml) =>
      Buffer.from(
        eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      )
        .toString('utf8')
        // Long headers are folded onto the next line.
        .replace(/\r?\n /g, ' '),
    );

const putSettings = (body: object, token = klant) => t.app.inject({ method: 'PUT', url: '/api/alerts/settings', payload: body, headers: auth(token) });

const NO_THRESHOLDS = { bundle_alerts: true, out_of_bundle_costs: null, number_data_gb: null, number_usage_costs: null, recipients: [] as number[] };

const userId = async (email: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`select id from users where email = ${email}`))[0].id;
const klantId = () => userId('klant@demo.nl');

const clear = async () => {
  for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'group_bundle_months', 'sent_alerts', 'alert_recipients', 'alert_settings']) {
    await t.database.db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  await t.database.db.execute(sql`delete from usage_imports`);
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  korenschoof = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
  const monthStart = new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000);
  const numbered = (await numberedServices(t.database.db, installatie)).filter((s) => s.startTime < monthStart && s.endTime === null);
  bundleService = numbered.find((s) => s.fromGroupBundle)!;
  // Their records below are out of bundle: they count for costs, not for the group bundle.
  [svc, other, third] = numbered.filter((s) => s !== bundleService && s.number.startsWith('06'));
  expect(bundleService && svc && other && third).toBeTruthy();
  const { total } = await computeGroupBundle(t.database.db, installatie, month);
  expect(total.gt(0)).toBe(true);
  bundleBytes = BigInt(total.times(GB.toString()).toFixed(0));
}, 60_000);
afterAll(() => t.close());
beforeEach(clear);

describe('the group bundle at 80 % and 100 %', () => {
  it('an import that crosses 80 % records one alert and mails it once; staying above sends nothing more; crossing 100 % later sends that one', async () => {
    expect((await putSettings({ ...NO_THRESHOLDS, recipients: [await klantId()] })).statusCode).toBe(200);

    let before = t.outbox().length;
    await importLines([bundleData(50n)]);
    expect(await sent()).toEqual([]);
    expect(mailsSince(before)).toEqual([]);

    await importLines([bundleData(35n)]);
    expect(await sent()).toEqual([
      { company_id: installatie, kind: 'bundle_80', numbers: [], number_values: [], threshold: '80', value: '85.0', recipients: ['klant@demo.nl'], month: MONTH },
    ]);
    const [mail, ...more] = mailsSince(before);
    expect(more).toEqual([]);
    expect(mail).toContain('To: klant@demo.nl');
    expect(mail).toContain('Subject: Je groepsbundel is voor 80 % verbruikt');
    expect(mail).toContain('85,0 % verbruikt (drempel 80 %)');
    expect(mail).toContain(`${t.config.publicUrl}/verbruik`);

    // Still above 80 %, below 100 %: nothing new.
    before = t.outbox().length;
    await importLines([bundleData(5n)]);
    expect(await sent()).toHaveLength(1);
    expect(mailsSince(before)).toEqual([]);

    // Past 100 %: the 100 % alert, once.
    await importLines([bundleData(15n)]);
    expect((await sent()).map((a) => [a.kind, a.value])).toEqual([
      ['bundle_80', '85.0'],
      ['bundle_100', '105.0'],
    ]);
    const mails = mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Je groepsbundel is op');
    await importLines([bundleData(1n)]);
    expect(await sent()).toHaveLength(2);
    expect(mailsSince(before)).toHaveLength(1);
  });

  it('sends nothing about the bundle when the company turned bundle alerts off', async () => {
    await putSettings({ ...NO_THRESHOLDS, bundle_alerts: false });
    const before = t.outbox().length;
    await importLines([bundleData(120n)]);
    expect(await sent()).toEqual([]);
    expect(mailsSince(before)).toEqual([]);
  });

  it('without chosen recipients, every active user of the company with an address gets it', async () => {
    const colleague = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { firstname: 'Karin', lastname: 'Vermeulen', email: 'karin@vandijk-installatie.nl' },
      headers: auth(klant),
    });
    expect(colleague.statusCode).toBe(201);
    // Neither a disabled account nor one without access (role 4) is told anything.
    await t.database.db.execute(sql`insert into users (firstname, lastname, email, company_id, role_id, disabled) values
      ('Uit', 'Dienst', 'uit@vandijk-installatie.nl', ${installatie}, 3, true),
      ('Geen', 'Toegang', 'geen@vandijk-installatie.nl', ${installatie}, 4, false)`);
    const before = t.outbox().length;
    await importLines([bundleData(90n)]);
    const [alert] = await sent();
    expect([...alert.recipients].sort()).toEqual(['collega@demo.nl', 'karin@vandijk-installatie.nl', 'klant@demo.nl']);
    expect(mailsSince(before).map((m) => /^To: (.*)$/m.exec(m)![1]).sort()).toEqual(['collega@demo.nl', 'karin@vandijk-installatie.nl', 'klant@demo.nl']);
    await t.database.db.execute(sql`delete from users where email like '%@vandijk-installatie.nl'`);
  });
});

describe("the customer's own thresholds", () => {
  it('per company: out-of-bundle costs of the month above the amount, once', async () => {
    await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 1, recipients: [await klantId()] });
    const before = t.outbox().length;
    await importLines([record(svc.number, 'voice', 60, 'out', '0,60')]);
    expect(await sent()).toEqual([]);
    await importLines([record(svc.number, 'voice', 60, 'out', '0,60')]);
    expect(await sent()).toEqual([
      { company_id: installatie, kind: 'out_of_bundle_costs', numbers: [], number_values: [], threshold: '1.00', value: '1.20', recipients: ['klant@demo.nl'], month: MONTH },
    ]);
    const mails = mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Verbruik boven je drempel: kosten buiten de bundel');
    expect(mails[0]).toContain('€ 1,20, boven je drempel van € 1,00');
    await importLines([record(svc.number, 'voice', 60, 'out', '0,60')]);
    expect(await sent()).toHaveLength(1);
  });

  it('per number: data above x GB and usage costs above € y, each number on its own, in one mail', async () => {
    await putSettings({ ...NO_THRESHOLDS, number_data_gb: 1.5, number_usage_costs: 5, recipients: [await klantId()] });
    const before = t.outbox().length;
    await importLines([
      record(svc.number, 'data', 2n * GB, 'out', '1,00'),
      record(other.number, 'voice', 600, 'out', '6,00'),
      record(other.number, 'data', GB, 'out', '0,00'),
    ]);
    expect((await sent()).map((a) => [a.kind, a.numbers, a.threshold, a.value]).sort()).toEqual([
      ['number_data', [svc.number], '1.5', '2.000'],
      ['number_usage_costs', [other.number], '5.00', '6.00'],
    ]);
    const mails = mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Verbruik boven je drempel: verbruikskosten van ${other.number} (en 1 andere melding)`);
    expect(mails[0]).toContain(`Data van ${svc.number}`);
    expect(mails[0]).toContain('2,000 GB, boven je drempel van 1,5 GB');
  });

  it('the numbers that cross one threshold in an import are one alert; a later import alerts only numbers not alerted before', async () => {
    await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 1 });
    const before = t.outbox().length;
    await importLines([record(svc.number, 'voice', 60, 'out', '2,00'), record(other.number, 'voice', 60, 'out', '3,50')]);
    const [first, ...none] = await sent();
    expect(none).toEqual([]);
    const byNumber = [svc.number, other.number].sort();
    expect(first).toMatchObject({ kind: 'number_usage_costs', numbers: byNumber, threshold: '1.00', value: '3.50' });
    expect(first.number_values).toEqual(byNumber.map((n) => (n === svc.number ? '2.00' : '3.50')));
    // The mail still names each number.
    const [mail] = mailsSince(before);
    expect(mail).toContain(`Verbruikskosten van ${svc.number}`);
    expect(mail).toContain(`Verbruikskosten van ${other.number}`);

    await importLines([record(svc.number, 'voice', 60, 'out', '2,00'), record(third.number, 'voice', 60, 'out', '1,50')]);
    expect((await sent()).map((a) => [a.numbers, a.value])).toEqual([
      [byNumber, '3.50'],
      [[third.number], '1.50'],
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/alerts/sent', headers: auth(klant) })).json();
    expect(list.data.map((a: { numbers: string[]; number_count: number }) => [a.numbers, a.number_count])).toEqual([
      [[third.number], 1],
      [byNumber, 2],
    ]);
  });

  it("a number alerted for one kind still gets the other kind's alert when it crosses later; neither twice", async () => {
    await putSettings({ ...NO_THRESHOLDS, number_data_gb: 1, number_usage_costs: 5 });
    await importLines([record(svc.number, 'data', 2n * GB, 'out', '1,00')]);
    expect((await sent()).map((a) => a.kind)).toEqual(['number_data']);
    await importLines([record(svc.number, 'voice', 600, 'out', '4,50')]);
    expect((await sent()).map((a) => [a.kind, a.value])).toEqual([
      ['number_data', '2.000'],
      ['number_usage_costs', '5.50'],
    ]);
    await importLines([record(svc.number, 'data', GB, 'out', '1,00')]);
    expect(await sent()).toHaveLength(2);
  });

  it('a changed threshold may alert again in the month; the same one never', async () => {
    await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 1 });
    await importLines([record(svc.number, 'voice', 60, 'out', '2,00')]);
    await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 2.5 });
    await importLines([record(svc.number, 'voice', 60, 'out', '1,00')]);
    await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 1 });
    await importLines([record(svc.number, 'voice', 60, 'out', '1,00')]);
    expect((await sent()).map((a) => [a.threshold, a.value])).toEqual([
      ['1.00', '2.00'],
      ['2.50', '3.00'],
    ]);
  });
});

describe('all or nothing', () => {
  it('a refused import records and sends nothing', async () => {
    await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 0 });
    const before = t.outbox().length;
    const res = await upload([record(svc.number, 'voice', 60, 'out', '5,00'), 'geen geldige regel']);
    expect(res.statusCode).toBe(400);
    await t.app.backgroundTasks.settled();
    expect(await sent()).toEqual([]);
    expect(mailsSince(before)).toEqual([]);
  });

  it('a mail that fails is logged, never fails the import; the alert stays recorded', async () => {
    await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 0 });
    const send = t.app.mailer.send;
    t.app.mailer.send = async () => {
      throw new Error('SMTP weg');
    };
    try {
      await importLines([record(svc.number, 'voice', 60, 'out', '5,00')]);
    } finally {
      t.app.mailer.send = send;
    }
    expect((await sent()).map((a) => a.kind)).toEqual(['out_of_bundle_costs']);
  });
});

describe('GET and PUT /api/alerts/settings', () => {
  it('answers the defaults and the possible recipients of the acting company only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bundle_alerts: true,
      out_of_bundle_costs: null,
      number_data_gb: null,
      number_usage_costs: null,
      recipients: [
        { id: await klantId(), name: 'Pieter van Dijk', email: 'klant@demo.nl', chosen: false },
        { id: await userId('collega@demo.nl'), name: 'Femke de Wit', email: 'collega@demo.nl', chosen: false },
      ],
    });
  });

  it('stores valid settings exactly, answers them, and logs the change', async () => {
    const id = await klantId();
    const res = await putSettings({ bundle_alerts: false, out_of_bundle_costs: 250.5, number_data_gb: 10.125, number_usage_costs: null, recipients: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bundle_alerts: false, out_of_bundle_costs: 250.5, number_data_gb: 10.125, number_usage_costs: null });
    expect(res.json().recipients[0]).toMatchObject({ id, chosen: true });
    const [stored] = await queryRows<{ out_of_bundle_costs: string; number_data_gb: string }>(
      t.database.db,
      sql`select out_of_bundle_costs::text, number_data_gb::text from alert_settings where company_id = ${installatie}`,
    );
    expect(stored).toEqual({ out_of_bundle_costs: '250.500000', number_data_gb: '10.125' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alert_settings.update'), eq(auditLog.companyId, installatie)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.changes).toMatchObject({ bundle_alerts: false, out_of_bundle_costs: 250.5, recipients: [id], previous: { bundle_alerts: true } });
  });

  it.each([
    ['a negative amount', { out_of_bundle_costs: -1 }, 'out_of_bundle_costs', "Veld 'Kosten buiten de bundel' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen."],
    ['three decimals of euros', { number_usage_costs: 1.234 }, 'number_usage_costs', "Veld 'Verbruikskosten per nummer' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen."],
    ['four decimals of GB', { number_data_gb: 1.2345 }, 'number_data_gb', "Veld 'Data per nummer' moet een aantal GB van 0 of meer zijn, met hoogstens 3 decimalen."],
    ['a binary fraction that is no cents', { out_of_bundle_costs: 0.1 + 0.2 }, 'out_of_bundle_costs', "Veld 'Kosten buiten de bundel' moet een bedrag van 0 of meer zijn, met hoogstens 2 decimalen."],
  ])('refuses %s with 400 and changes nothing', async (_case, fields, field, message) => {
    await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 10 });
    const res = await putSettings({ ...NO_THRESHOLDS, bundle_alerts: false, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    const settings = (await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: auth(klant) })).json();
    expect(settings).toMatchObject({ bundle_alerts: true, out_of_bundle_costs: 10 });
  });

  it('refuses text where an amount belongs (400 from the schema) and changes nothing', async () => {
    await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 10 });
    expect((await putSettings({ ...NO_THRESHOLDS, number_data_gb: 'veel' })).statusCode).toBe(400);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: auth(klant) })).json();
    expect(settings).toMatchObject({ out_of_bundle_costs: 10, number_data_gb: null });
  });

  it("refuses another company's user as a recipient with 400 and changes nothing", async () => {
    const [kees] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where email = 'kees@korenschoof.nl'`);
    const res = await putSettings({ ...NO_THRESHOLDS, out_of_bundle_costs: 5, recipients: [await klantId(), kees.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Meldingen kunnen alleen naar actieve contactpersonen van je eigen bedrijf worden gestuurd.');
    expect(await queryRows(t.database.db, sql`select * from alert_settings`)).toEqual([]);
    expect(await queryRows(t.database.db, sql`select * from alert_recipients`)).toEqual([]);
  });

  it('provider staff managing the company read and change its settings', async () => {
    const managing = await t.manage(adminToken, installatie);
    expect((await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 7 }, managing)).statusCode).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: auth(klant) })).json();
    expect(mine.number_usage_costs).toBe(7);
  });
});

describe('GET /api/alerts/sent', () => {
  it("lists the acting company's alerts newest first; another company sees none of them", async () => {
    await putSettings({ ...NO_THRESHOLDS, number_usage_costs: 1, out_of_bundle_costs: 1 });
    await importLines([record(svc.number, 'voice', 60, 'out', '2,00')]);
    const res = await t.app.inject({ method: 'GET', url: '/api/alerts/sent', headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(2);
    expect(data.map((a: { kind: string }) => a.kind).sort()).toEqual(['number_usage_costs', 'out_of_bundle_costs']);
    expect(data[0]).toMatchObject({ month: MONTH, recipients: ['collega@demo.nl', 'klant@demo.nl'], created_at: expect.any(Number) });
    expect(data[0].id).toBeGreaterThan(data[1].id);

    const kees = await t.login('kees@korenschoof.nl');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/alerts/sent', headers: auth(kees) });
    expect(theirs.json()).toEqual({ data: [], total: 0 });
    const theirSettings = (await t.app.inject({ method: 'GET', url: '/api/alerts/settings', headers: auth(kees) })).json();
    expect(theirSettings.recipients.map((r: { email: string }) => r.email)).toEqual(['kees@korenschoof.nl']);
    expect(korenschoof).not.toBe(installatie);
  });
});
