import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { queryRows } from '../db';
import { endUsers } from '../db/schema';
import { findCompanyByName } from '../seed/demo';
import { auth, createTestApp, type TestApp } from '../testing/testApp';
import errorsPlugin from './errors';

/**
 * Bad input answers a Dutch 400, never 500 and never a stored oddity: NUL bytes, lone
 * surrogates, control characters and line breaks in names, Infinity and 1e309, ids out of
 * range, broken multipart bodies; and a schema violation names each field in Dutch.
 */

let t: TestApp;
let adminToken: string;
let customerToken: string;
let endUserId: number;

const putEndUser = (body: string, token = customerToken) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/end-users/${endUserId}`,
    headers: { ...auth(token), 'content-type': 'application/json' },
    payload: body,
  });

const storedName = async () => {
  const [row] = await t.database.db.select().from(endUsers).where(eq(endUsers.id, endUserId));
  return `${row.firstname} ${row.lastname}`;
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
  customerToken = await t.login('klant@demo.nl');
  const company = await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.');
  [{ id: endUserId }] = await t.database.db.select({ id: endUsers.id }).from(endUsers).where(eq(endUsers.companyId, company!.id)).limit(1);
});
afterAll(() => t.close());

describe('text in a request', () => {
  it.each([
    ['a NUL byte', 'Jan\\u0000', /nul-teken/],
    ['a lone surrogate', 'Jan\\ud800', /ongeldig teken/],
    ['an escape sequence', '\\u001b[31mJan', /stuurtekens/],
    ['a line break with a mail header', 'Jan\\r\\nBcc: iemand@voorbeeld.nl', /regeleinde/],
    ['a tab', 'Jan\\tPiet', /regeleinde of tab/],
    ['a right-to-left override', 'Jan\\u202eeloc.exe', /leesrichting/],
    ['a zero-width space', 'Ja\\u200bn', /onzichtbare tekens/],
    ['a Hangul filler', '\\u3164', /onzichtbare tekens/],
  ])('refuses %s in a name with a Dutch 400 naming the field, and stores nothing', async (_, text, message) => {
    const before = await storedName();
    const res = await putEndUser(`{"firstname":"${text}","lastname":"Jansen"}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ongeldige invoer.', errors: [{ field: 'firstname', message: expect.stringMatching(message) }] });
    expect(await storedName()).toBe(before);
  });

  it('refuses a right-to-left override in the name of a new contact person, and creates nobody', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(customerToken),
      payload: { firstname: 'Jan\u202egnp.exe', lastname: 'Jansen', email: 'jan.bidi@voorbeeld.nl' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'firstname', message: expect.stringMatching(/leesrichting/) }]);
    const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from users where email = 'jan.bidi@voorbeeld.nl'`);
    expect(count).toBe(0);
  });

  it('takes Dutch accents and an emoji', async () => {
    const res = await putEndUser('{"firstname":"Zoë Chloé","lastname":"Ruïne 🙂"}');
    expect(res.statusCode).toBe(200);
    expect(await storedName()).toBe('Zoë Chloé Ruïne 🙂');
  });

  it('refuses a NUL byte in a query string and in a path parameter', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/search?term=Jan%00', headers: auth(customerToken) });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ field: 'term', message: expect.stringMatching(/nul-teken/) }]);
    const detail = await t.app.inject({ method: 'GET', url: '/api/report/1/06%0012345678', headers: auth(customerToken) });
    expect(detail.statusCode).toBe(400);
  });

  it('keeps line breaks in a multi-line field (an article description)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/articles/create',
      headers: auth(adminToken),
      payload: { name: 'Monitor', description: 'Regel een\nRegel twee', article_group_id: 1, billing_cycle_id: 1, price: '1' },
    });
    expect(res.statusCode).not.toBe(500);
    if (res.statusCode === 400) expect(JSON.stringify(res.json().errors ?? [])).not.toContain('regeleinde');
  });
});

describe('numbers and ids', () => {
  it.each([
    ['1e309 in a JSON body', '{"price": 1e309}'],
    ['-1e309 in a JSON body', '{"price": -1e309}'],
  ])('refuses %s (JSON.parse reads Infinity)', async (_, body) => {
    const [{ id }] = await queryRows<{ id: number }>(t.database.db, sql`select id from articles order by id limit 1`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${id}`,
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'price', message: 'moet een getal zijn' });
  });

  it.each(['Infinity', '1e309', '-Infinity'])('refuses %s as a number in a query string', async (value) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/report?limit=${value}&offset=${value}`,
      headers: auth(customerToken),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Ongeldige invoer.');
  });

  it.each(['2147483648', '-1', '0', '1.5', '1e309', 'Infinity', '99999999999999999999'])('refuses the id %s with a Dutch 400', async (id) => {
    for (const url of [`/api/articles/${id}`, `/api/services/${id}`, `/api/end-users/${id}`, `/api/users/${id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(adminToken) });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().errors[0]).toEqual({ field: 'id', message: expect.stringMatching(/^(moet|mag)/) });
    }
  });
});

describe('schema violations', () => {
  it('name every field in Dutch', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/parent-companies',
      headers: auth(adminToken),
      payload: { name: { a: 1 }, sap_number: 'x'.repeat(51), onbekend: true },
    });
    expect(res.statusCode).toBe(400);
    const { message, errors } = res.json();
    expect(message).toBe('Ongeldige invoer.');
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'moet tekst of leeg zijn' },
        { field: 'sap_number', message: 'mag hoogstens 50 tekens lang zijn' },
        { field: 'onbekend', message: 'is geen bekend veld' },
      ]),
    );
    for (const error of errors) expect(error.message).not.toMatch(/must|should|property/);
  });

  it('name a missing field with "is verplicht"', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'password', message: 'is verplicht' });
  });

  it('answer broken JSON in Dutch', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "klant@demo.nl", "pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Ongeldig verzoek.' });
  });
});

describe('uploads', () => {
  const BOUNDARY = 'test-boundary';
  const whole = (field: string, csv: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="bestand.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`;
  const upload = (url: string, payload: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    t.app.inject({ method: 'POST', url, headers: { ...auth(adminToken), 'content-type': contentType }, payload });

  it.each([
    ['/api/end-users/import', 'data', 'voornaam;achternaam\r\nJan;Jansen'],
    ['/api/usage/import', 'usage', 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\r\n'],
  ])('%s answers a truncated or boundless multipart body with a Dutch 400', async (url, field, csv) => {
    const body = whole(field, csv);
    for (const payload of [body.slice(0, 30), body.slice(0, body.length - 20), `--${BOUNDARY}\r\n\r\n\u0000`]) {
      const res = await upload(url, payload);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 400,
        body: { message: 'Het bestand is niet volledig of niet leesbaar ontvangen. Er is geen data geïmporteerd.' },
      });
    }
    const boundless = await upload(url, body, 'multipart/form-data');
    expect(boundless.statusCode).toBe(400);
  });

  it('refuses an end user file with control characters in a name, naming the line', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from end_users`))[0].n;
    const before = await count();
    for (const name of ['Jan\u0000', 'Jan\u001b[31m', 'Jan\tPiet']) {
      const res = await upload('/api/end-users/import', whole('data', `voornaam;achternaam\r\nPiet;Jansen\r\n${name};Jansen`));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ line: 3, message: expect.stringMatching(/^voornaam mag geen/) }]);
    }
    expect(await count()).toBe(before);
  });
});

describe('the last safety net', () => {
  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22003', 'value "2147483648" is out of range for type integer'],
    ['22008', 'date/time field value out of range'],
  ])('answers a value PostgreSQL refuses (%s) as a Dutch 400, also wrapped by Drizzle', async (code, text) => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/refused', async () => {
      throw new Error('Failed query: insert into …', { cause: Object.assign(new Error(text), { code }) });
    });
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Ongeldige invoer/);
    await app.close();
  });
});

describe('a fault of the server', () => {
  it('answers 500 in Dutch, hiding the cause, with the request id support finds it by in the log', async () => {
    const app = Fastify({ logger: false, genReqId: () => 'f3c1a2b4-req' });
    await app.register(errorsPlugin);
    app.get('/broken', async () => {
      throw new Error('secret internals');
    });
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Er is een fout opgetreden. Probeer het later opnieuw.', request_id: 'f3c1a2b4-req' });
    await app.close();
  });
});
