import { sql } from 'drizzle-orm';
import { firstOpenDay } from '../../../domain/closedMonths';
import { MSG } from '../../../domain/messages';
import { queryRows } from '../../db';
import { multipartFile } from '../../services/usage/testSupport';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Service numbers compare in their canonical form (docs/rules.md, "Phone numbers are global"):
 * however a number is written, it is one number for the uniqueness across companies and for the
 * usage import's matching.
 */

let t: TestApp;
let klant: string;
let kees: string;
let staff: string;
const articleOf: Record<string, number> = {};
let phoneFieldId: number;

/** A mobile article of the company the token acts for. */
const mobileArticle = async (reader: string, writer: string) => {
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(reader) })).json();
  const mobile = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/articles/create',
    headers: auth(writer),
    payload: { article_group_id: mobile.id, name: 'Nummer SIM', description: 'Testartikel', price: 10 },
  });
  const article = (await t.app.inject({ method: 'GET', url: `/api/articles/${res.json().id}`, headers: auth(reader) })).json();
  phoneFieldId = article.article_group.fields.find((f: { used_for_cdr: boolean }) => f.used_for_cdr).id;
  return article.id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  staff = await t.login('admin@demo.nl');
  articleOf[klant] = await mobileArticle(klant, await t.manage(staff, claimsOf(klant).company_id));
  articleOf[kees] = await mobileArticle(kees, await t.manage(staff, claimsOf(kees).company_id));
}, 60_000);
afterAll(() => t.close());

const create = (token: string, number: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/services/create',
    headers: auth(token),
    payload: { article_id: articleOf[token], start_time: firstOpenDay(), article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value: number }] },
  });
const numberOf = async (token: string, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/services/${id}`, headers: auth(token) })).json().data.article_group_field_inputs[0].value;

describe('service numbers in their canonical form', () => {
  it('stores a number as its canonical form, and refuses it in any other notation for another company', async () => {
    const res = await create(klant, '06 8710 2947');
    expect(res.statusCode).toBe(201);
    expect(await numberOf(klant, res.json().data.id)).toBe('0687102947');
    for (const written of ['+31687102947', '0031687102947', '+31 (0)6-8710.2947', '0687102947']) {
      const other = await create(kees, written);
      expect([written, other.statusCode, other.json()]).toEqual([written, 409, { message: MSG.phoneNumberTakenElsewhere }]);
    }
    expect((await create(klant, '+31 6 8710 2947')).json()).toEqual({ message: MSG.phoneNumberTaken });
  });

  it('stores a number changed on a service in its canonical form', async () => {
    const { id } = (await create(kees, '0687000123')).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}`,
      headers: auth(kees),
      payload: { article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value: '+32 470 12 34 56' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await numberOf(kees, id)).toBe('0032470123456');
  });

  it("matches usage of a number to the service it was entered on as '+31…', whatever the file's notation", async () => {
    const { id } = (await create(klant, '+31687102948')).json().data;
    const csv = [
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
      `${firstOpenDay().split('-').reverse().join('-')};08:00:00;0687102948;+31 20 123 4567;uitgaand;voice;60;in;`,
      `${firstOpenDay().split('-').reverse().join('-')};08:05:00;+31 6 8710 2948;internet;uitgaand;data;100;in;`,
    ].join('\n');
    const { payload, headers } = multipartFile('usage', csv);
    const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(staff) } });
    expect(res.json()).toMatchObject({ imported: 2, unmatched: 0 });
    const stored = await queryRows(t.database.db, sql`select number, sender, receiver from usage_records where service_id = ${id} order by record_time`);
    expect(stored).toEqual([
      { number: '0687102948', sender: '0687102948', receiver: '0201234567' },
      { number: '0687102948', sender: '0687102948', receiver: 'internet' },
    ]);
  });

  it('refuses a usage line whose number holds other characters, and imports nothing', async () => {
    const csv = ['datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs', `${firstOpenDay().split('-').reverse().join('-')};09:00:00;0687102948;06-1234x678;uitgaand;sms;1;in;`].join('\n');
    const { payload, headers } = multipartFile('usage', csv);
    const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(staff) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ line: 2, message: "ongeldige ontvanger '06-1234x678' (een telefoonnummer: cijfers, spaties, +, -, ., ( en ))" }]);
  });
});
