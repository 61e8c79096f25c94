import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { REQUEST_MSG } from '../../../domain/requests';
import { articleGroupFields, articles, auditLog, pukCodes, serviceFieldInputs, services, users } from '../../db/schema';
import { DEMO_PASSWORD, findCompanyByName } from '../../seed/demo';
import { decryptSecret, encryptSecret, newTotpSecret, replaceRecoveryCodes, totpCode } from '../../services/auth/twoFactor';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** POST /api/puk-codes/import and POST /api/services/:id/puk (docs/requests.md, 'PUK codes'). */

let t: TestApp;
let admin: string;
let klant: string;
let klantId: number;
let installatie: number;
let bakkerij: number;

const BOUNDARY = 'puk-test-boundary';
const upload = (file: string, token = admin, field = 'file') =>
  t.app.inject({
    method: 'POST',
    url: '/api/puk-codes/import',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload:
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="puk.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `${file}\r\n--${BOUNDARY}--\r\n`,
  });
const pukOf = async (simNumber: string) => (await t.database.db.select().from(pukCodes).where(eq(pukCodes.simNumber, simNumber)))[0]?.puk ?? null;
const countCodes = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(pukCodes))[0].n;

/** A running afname of the company in Mobiele telefonie, with its SIM nummer as stored. */
const simServiceOf = async (companyId: number, skip = 0) => {
  const rows = await t.database.db
    .select({ id: services.id, sim: serviceFieldInputs.value })
    .from(services)
    .innerJoin(serviceFieldInputs, eq(serviceFieldInputs.serviceId, services.id))
    .innerJoin(articleGroupFields, and(eq(articleGroupFields.id, serviceFieldInputs.articleGroupFieldId), eq(articleGroupFields.name, 'SIM nummer')))
    .where(eq(services.companyId, companyId))
    .orderBy(services.id);
  return rows[skip];
};
const view = (serviceId: number, payload: Record<string, unknown>, token = klant) =>
  t.app.inject({ method: 'POST', url: `/api/services/${serviceId}/puk`, headers: auth(token), payload });
const viewsOf = (serviceId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'service.puk_viewed'), eq(auditLog.entityId, String(serviceId))));

beforeAll(async () => {
  // Few password checks, so the limit is reached in a test; tokens without a login, which counts too.
  t = await createTestApp({ demo: true, config: { loginRateLimit: 8 } });
  const db = t.database.db;
  const id = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0].id;
  admin = await t.tokenFor(await id('admin@demo.nl'));
  klantId = await id('klant@demo.nl');
  klant = await t.tokenFor(klantId);
  installatie = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  bakkerij = (await findCompanyByName(db, 'Bakkerij De Korenschoof'))!.id;
}, 60_000);
afterAll(() => t.close());

describe('POST /api/puk-codes/import', () => {
  it('stores every line (BOM, `;`, CRLF, SIM numbers with spaces) and logs how many, not the codes', async () => {
    const res = await upload('\uFEFFSIM nummer;PUK\r\n8931 0400 0000 0000 017;12345678\r\n8931040000000000018; 87654321 \r\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2 });
    expect(await pukOf('8931040000000000017')).toBe('12345678');
    expect(await pukOf('8931040000000000018')).toBe('87654321');
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'puk_code.import'));
    expect(entry).toMatchObject({ entity: 'puk_code', changes: { imported: 2, file: 'puk.csv' } });
    expect(JSON.stringify(entry.changes)).not.toContain('12345678');
  });

  it('reads `,` separated files too, and replaces the code of a SIM imported before', async () => {
    expect((await upload('sim nummer,puk\n8931040000000000017,11112222\n')).json()).toEqual({ imported: 1 });
    expect(await pukOf('8931040000000000017')).toBe('11112222');
  });

  it('stores nothing from a file with a bad line, and names every bad line', async () => {
    const before = await countCodes();
    const res = await upload(
      ['SIM nummer;PUK', '8931040000000000101;12345678', '8931040000000000102;1234', '89310400AB;12345678', '8931040000000000101;87654321', ';'].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Regel 3: PUK moet uit 8 cijfers bestaan. Er is geen data geïmporteerd.',
      errors: [
        { line: 3, message: 'PUK moet uit 8 cijfers bestaan' },
        { line: 4, message: "SIM nummer '89310400AB' heeft geen 18 tot 22 cijfers" },
        { line: 5, message: 'SIM nummer 8931040000000000101 staat ook op regel 2' },
        { line: 6, message: 'SIM nummer en PUK ontbreken' },
      ],
    });
    expect(await countCodes()).toBe(before);
    expect(await pukOf('8931040000000000101')).toBeNull();
  });

  it('refuses a file without its header, without lines, or without a file', async () => {
    expect((await upload('8931040000000000017;12345678\n')).json().message).toBe(
      'Regel 1: de eerste regel moet de kolomnamen "SIM nummer;PUK" bevatten. Er is geen data geïmporteerd.',
    );
    expect((await upload('SIM nummer;PUK\n')).json().message).toBe('Regel 2: het bestand bevat geen PUK-codes. Er is geen data geïmporteerd.');
    const wrongField = await upload('SIM nummer;PUK\n8931040000000000017;12345678\n', admin, 'data');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Er is geen bestand ontvangen. Er is geen data geïmporteerd.');
  });

  it("is the provider's: a customer user gets 403", async () => {
    const res = await upload('SIM nummer;PUK\n8931040000000000555;12345678\n', klant);
    expect(res.statusCode).toBe(403);
    expect(await pukOf('8931040000000000555')).toBeNull();
  });
});

describe('POST /api/services/:id/puk', () => {
  let afname: { id: number; sim: string };
  beforeAll(async () => {
    afname = await simServiceOf(installatie);
    expect((await upload(`SIM nummer;PUK\n${afname.sim};24682468\n`)).statusCode).toBe(200);
  });

  it('answers the code after the right password, logs the view without the code, and lets no cache keep it', async () => {
    const wrong = await view(afname.id, { password: 'niet-mijn-wachtwoord' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: REQUEST_MSG.pukPasswordWrong, errors: [{ field: 'password', message: REQUEST_MSG.pukPasswordWrong }] });
    expect(await viewsOf(afname.id)).toEqual([]);

    const res = await view(afname.id, { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sim_number: afname.sim, puk: '24682468' });
    expect(res.headers['cache-control']).toBe('no-store');
    const [entry] = await viewsOf(afname.id);
    expect(entry).toMatchObject({ userId: klantId, companyId: installatie, entity: 'service', impersonationId: null });
    expect(JSON.stringify(entry.changes ?? {})).not.toContain('24682468');
  });

  it('asks the code of the app or a recovery code with two-factor login on', async () => {
    const secret = newTotpSecret();
    await t.database.db
      .update(users)
      .set({ totpSecret: encryptSecret(t.config.twoFactorKey, secret), totpEnabledAt: new Date(), totpLastStep: null })
      .where(eq(users.id, klantId));
    const [recovery] = await replaceRecoveryCodes(t.database.db, klantId);
    try {
      for (const payload of [{ password: DEMO_PASSWORD }, { password: DEMO_PASSWORD, code: '000000' }]) {
        const res = await view(afname.id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(REQUEST_MSG.pukCodeWrong);
      }
      // The right code with a wrong password: the password is checked first.
      expect((await view(afname.id, { password: 'fout', code: totpCode(secret) })).json().message).toBe(REQUEST_MSG.pukPasswordWrong);
      expect((await view(afname.id, { password: DEMO_PASSWORD, code: totpCode(secret) })).statusCode).toBe(200);
      expect((await view(afname.id, { password: DEMO_PASSWORD, code: recovery })).statusCode).toBe(200);
      // A recovery code is used up.
      expect((await view(afname.id, { password: DEMO_PASSWORD, code: recovery })).statusCode).toBe(400);
    } finally {
      await t.database.db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, klantId));
    }
  });

  it("answers 404 for another company's afname, and pukUnknown for an afname without a known code", async () => {
    const theirs = await simServiceOf(bakkerij);
    await upload(`SIM nummer;PUK\n${theirs.sim};13571357\n`);
    const other = await view(theirs.id, { password: DEMO_PASSWORD });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Afname niet gevonden.');
    expect(other.body).not.toContain('13571357');

    const withoutCode = await simServiceOf(installatie, 1);
    const unknown = await view(withoutCode.id, { password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REQUEST_MSG.pukUnknown);
    // An afname of a group without a SIM nummer field.
    const [hardware] = await t.database.db
      .select({ id: services.id })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .where(and(eq(services.companyId, installatie), sql`${articles.articleGroupId} not in (select article_group_id from article_group_fields where name = 'SIM nummer')`))
      .limit(1);
    expect((await view(hardware.id, { password: DEMO_PASSWORD })).json().message).toBe(REQUEST_MSG.pukUnknown);
  });

  it("asks provider staff managing the company for their own password and code; the log names the management", async () => {
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.nl'));
    const managing = await t.manage(admin, installatie);
    expect((await view(afname.id, { password: DEMO_PASSWORD }, managing)).json().message).toBe(REQUEST_MSG.pukCodeWrong);
    await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.id, staff.id));
    const code = totpCode(decryptSecret(t.config.twoFactorKey, staff.totpSecret!)!);
    const res = await view(afname.id, { password: DEMO_PASSWORD, code }, managing);
    expect(res.statusCode).toBe(200);
    const entries = await viewsOf(afname.id);
    expect(entries.find((e) => e.userId === staff.id)).toMatchObject({ companyId: installatie, impersonationId: expect.any(Number) });
  });

  it('counts wrong passwords against the user: after 8 checks the next answers 429', async () => {
    const [kees] = await t.database.db.select().from(users).where(eq(users.email, 'kees@korenschoof.nl'));
    const token = await t.tokenFor(kees.id);
    const theirs = await simServiceOf(bakkerij);
    // A right password gives its turn back.
    expect((await view(theirs.id, { password: DEMO_PASSWORD }, token)).statusCode).toBe(200);
    for (let i = 0; i < 8; i += 1) expect((await view(theirs.id, { password: 'fout' }, token)).statusCode).toBe(400);
    const limited = await view(theirs.id, { password: DEMO_PASSWORD }, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyAttempts);
  });
});
