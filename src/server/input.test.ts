import { eq } from 'drizzle-orm';
import { portalEpochBounds } from '../domain/dateRange';
import { articles, companies, services, users } from './db/schema';
import { auth, createTestApp, type TestApp } from './testing/testApp';
import { isEmailAddress, paramsOf, textOrNull, uniqueViolationOf } from './input';

/** Helpers of the write routes. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('uniqueViolationOf', () => {
  it('names the constraint of a real unique violation, as this database driver reports it', async () => {
    const error = await t.database.db
      .insert(users)
      .values({ email: 'KLANT@demo.nl', firstname: 'Dubbel', lastname: 'Adres', companyId: 1, roleId: 3 })
      .then(() => null, (e: unknown) => e);
    expect(uniqueViolationOf(error)).toBe('users_email_key');
  });

  it('answers null for other errors', () => {
    expect(uniqueViolationOf(new Error('boom'))).toBeNull();
    expect(uniqueViolationOf({ code: '23503', constraint: 'fk' })).toBeNull();
    expect(uniqueViolationOf(null)).toBeNull();
  });
});

describe('paramsOf', () => {
  it('takes the query string and a body, a field in both from the body', () => {
    expect(paramsOf<Record<string, string>>({ a: 'query', b: 'query' }, { b: 'body' })).toEqual({ a: 'query', b: 'body' });
    expect(paramsOf<Record<string, string>>({ a: 'query' }, null)).toEqual({ a: 'query' });
  });
});

describe('textOrNull and isEmailAddress', () => {
  it('trim text to null and check addresses', () => {
    expect([textOrNull('  x '), textOrNull('   '), textOrNull(null), textOrNull(undefined)]).toEqual(['x', null, null, null]);
    expect(isEmailAddress('jan.de-boer+werk@van-dijk.co.nl')).toBe(true);
    expect(isEmailAddress('jan@vandijk')).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@x.nl`)).toBe(false);
  });
});

/** A request's number and time fields, through the real app (docs/security.md, 'Input'). */
describe('numbers and times of a request', () => {
  let managing: string;
  let companyId: number;
  let articleId: number;
  const INVALID = 'Ongeldige invoer.';

  beforeAll(async () => {
    const [row] = await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, 'klant@demo.nl'));
    companyId = row.companyId;
    [{ id: articleId }] = await t.database.db.select({ id: articles.id }).from(articles).where(eq(articles.companyId, companyId)).limit(1);
    managing = await t.manage(await t.login('admin@demo.nl'), companyId);
  });

  const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(managing), ...(payload === undefined ? {} : { payload: payload as object }) });
  const companyEnd = async () => (await t.database.db.select({ endTime: companies.endTime }).from(companies).where(eq(companies.id, companyId)))[0].endTime;
  const fieldErrors = (field: string, message: string) => ({ message: INVALID, errors: [{ field, message }] });

  describe('blank text never becomes a number', () => {
    const BLANK = 'moet een getal zijn, geen lege tekst';

    it.each(['', ' ', '\t', '\u00a0'])('refuses %j as a company end_time in the body, the query or a one-element list, and ends nothing', async (blank) => {
      for (const res of [
        await send('PUT', `/api/company/${companyId}`, { end_time: blank }),
        await send('PUT', `/api/company/${companyId}?end_time=${encodeURIComponent(blank)}`),
        await send('PUT', `/api/company/${companyId}`, { end_time: [blank] }),
      ]) {
        expect([res.statusCode, res.json()]).toEqual([400, fieldErrors('end_time', BLANK)]);
      }
      expect(await companyEnd()).toBeNull();
    });

    it('refuses blank text in params, in a query and nested in a body, also for an amount', async () => {
      expect((await send('GET', '/api/company/%20')).json()).toEqual(fieldErrors('id', BLANK));
      expect((await send('GET', `/api/articles/${articleId}/services?start_time=%C2%A0`)).json()).toEqual(fieldErrors('start_time', BLANK));
      const nested = await send('PUT', `/api/company/${companyId}`, { article_groups: [1, ' '] });
      expect([nested.statusCode, nested.json()]).toEqual([400, fieldErrors('article_groups.1', BLANK)]);
      const price = await send('PUT', `/api/company/${companyId}`, { price_mb: '\t' });
      expect([price.statusCode, price.json()]).toEqual([400, fieldErrors('price_mb', BLANK)]);
    });
  });

  describe('every time parameter lies in the years 1900-2199', () => {
    const YEARS = 'moet een tijdstip in de jaren 1900-2199 zijn';
    const { first, last } = portalEpochBounds();

    it('refuses a huge or too early epoch on the services of an article with 400, and takes the bounds', async () => {
      for (const [query, field] of [
        ['start_time=8640000000001', 'start_time'],
        [`end_time=${last + 1}`, 'end_time'],
        [`start_time=${first - 1}`, 'start_time'],
      ]) {
        const res = await send('GET', `/api/articles/${articleId}/services?${query}`);
        expect([res.statusCode, res.json()]).toEqual([400, fieldErrors(field, YEARS)]);
      }
      expect((await send('GET', `/api/articles/${articleId}/services?start_time=${first}&end_time=${last}`)).statusCode).toBe(200);
    });

    it('refuses a company end and a bulk entry outside the years, changing nothing', async () => {
      const end = await send('PUT', `/api/company/${companyId}`, { end_time: 253402300799 });
      expect(end.statusCode).toBe(400);
      // The company's body may also be absent (null): Ajv names that branch's errors too.
      expect(end.json().errors).toContainEqual({ field: 'end_time', message: YEARS });
      expect(await companyEnd()).toBeNull();
      const bulk = await send('POST', `/api/articles/${articleId}/bulk-services`, { amount: 1, time: 32503680000 });
      expect([bulk.statusCode, bulk.json()]).toEqual([400, fieldErrors('time', YEARS)]);
    });

    it.each(['0026-01-01', '0099-12-31T12:00:00+01:00', '1899-12-31', '2200-01-01'])('refuses a service dated %s (never 19xx) and stores nothing', async (date) => {
      const before = (await t.database.db.select({ id: services.id }).from(services)).length;
      const res = await send('PUT', '/api/services/create', { article_id: articleId, start_time: date });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Veld 'Startdatum' is geen geldige datum: JJJJ-MM-DD (of met tijd en tijdzone), jaar 1900-2199.");
      expect((await t.database.db.select({ id: services.id }).from(services)).length).toBe(before);
    });
  });
});
