import { eq, sql } from 'drizzle-orm';
import { auditLog, endUsers } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** POST /api/end-users/import and GET /api/end-users/import/template (docs/api-company-admin.md). */

let t: TestApp;
let klant: string;
let installatie: number;
let elektro: number;
beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  elektro = (await findCompanyByName(t.database.db, 'Van Dijk Elektrotechniek B.V.'))!.id;
}, 60_000);
afterAll(() => t.close());

const BOUNDARY = 'import-test-boundary';
const multipart = (file: Buffer | string, field = 'data') =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="eindgebruikers.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file, 'utf8'),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const upload = (file: Buffer | string, token = klant, field = 'data') =>
  t.app.inject({
    method: 'POST',
    url: '/api/end-users/import',
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(file, field),
  });
const countOf = async (companyId: number) =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(endUsers).where(eq(endUsers.companyId, companyId)))[0].n;

describe('POST /api/end-users/import', () => {
  it('adds every line to the acting company (BOM, `;`, CRLF)', async () => {
    const before = await countOf(installatie);
    const res = await upload('\uFEFFvoornaam;achternaam\r\nFenna;Kuipers\r\nZoë;van der Meer\r\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'De data is succesvol geïmporteerd.', imported: 2 });
    expect(await countOf(installatie)).toBe(before + 2);
    const names = (await t.database.db.select().from(endUsers).where(eq(endUsers.companyId, installatie))).map((u) => `${u.firstname} ${u.lastname}`);
    expect(names).toEqual(expect.arrayContaining(['Fenna Kuipers', 'Zoë van der Meer']));
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'end_user.import'));
    expect(entry).toMatchObject({ companyId: installatie, entity: 'end_user', changes: { imported: 2, file: 'eindgebruikers.csv' } });
  });

  it('reads `,` separated files too', async () => {
    const res = await upload('voornaam,achternaam\nBram,Hoekstra\n');
    expect(res.json()).toEqual({ message: 'De data is succesvol geïmporteerd.', imported: 1 });
  });

  it('imports nothing from a file with one bad line, and names the line', async () => {
    const before = await countOf(installatie);
    const res = await upload('voornaam;achternaam\r\nJan;de Jong\r\nSophie;\r\nDaan;de Vries\r\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Regel 3: achternaam ontbreekt. Er is geen data geïmporteerd.',
      errors: [{ line: 3, message: 'achternaam ontbreekt' }],
    });
    expect(await countOf(installatie)).toBe(before);
  });

  it('refuses a file without the header row, or not in UTF-8', async () => {
    const before = await countOf(installatie);
    const noHeader = await upload('Jan;de Jong\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toMatch(/^Regel 1: .*Er is geen data geïmporteerd\.$/);
    const latin1 = await upload(Buffer.concat([Buffer.from('voornaam;achternaam\n'), Buffer.from([0x5a, 0x6f, 0xeb, 0x3b, 0x41, 0x0a])]));
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().errors).toEqual([{ line: 2, message: expect.stringContaining('UTF-8') }]);
    expect(await countOf(installatie)).toBe(before);
  });

  it('takes 20,000 lines in one go and refuses 20,001 entirely', async () => {
    // Long names: the file (about 2.5 MB) is larger than the 1 MB limit of JSON bodies.
    const lines = (n: number) =>
      `voornaam;achternaam\n${Array.from({ length: n }, (_, i) => `${'Voornaam'.repeat(7)}${i};${'Achternaam'.repeat(6)}${i}`).join('\n')}`;
    const before = await countOf(elektro);
    const token = (await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${elektro}`, headers: auth(klant), payload: { reason: 'Test' } })).json().data.token;
    expect(Buffer.byteLength(lines(20_000))).toBeGreaterThan(2 * 1024 * 1024);
    const tooMany = await upload(lines(20_001), token);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Regel 20002: het bestand bevat meer dan 20.000 eindgebruikers. Er is geen data geïmporteerd.');
    expect(await countOf(elektro)).toBe(before);
    const max = await upload(lines(20_000), token);
    expect(max.json()).toEqual({ message: 'De data is succesvol geïmporteerd.', imported: 20_000 });
    // Acting for the sibling branch: the end users are the branch's.
    expect(await countOf(elektro)).toBe(before + 20_000);
  }, 60_000);

  it('answers 400 without a file in field `data`, and 413 for a file over the limit', async () => {
    expect((await upload('voornaam;achternaam\nJan;Jansen', klant, 'bestand')).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/end-users/import', headers: auth(klant), payload: { data: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Er is geen bestand ontvangen. Er is geen data geïmporteerd.');
    const before = await countOf(installatie);
    const huge = await upload(`voornaam;achternaam\n${'Jan;Jansen\n'.repeat(800_000)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });
    expect(await countOf(installatie)).toBe(before);
  });
});

describe('GET /api/end-users/import/template', () => {
  it("answers template.csv: UTF-8 with BOM, 'voornaam;achternaam', never cached", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/end-users/import/template', headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="template.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload).toEqual(Buffer.from('\uFEFFvoornaam;achternaam\r\n', 'utf8'));
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/end-users/import/template' })).statusCode).toBe(401);
  });
});
