import { firstOpenDay } from '../../../domain/closedMonths';
import { findCompanyByName } from '../../seed/demo';
import { multipartFile } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Usage kept aside for want of a service is matched to the service that provider staff register
 * with its number, or whose dates they correct to cover it (services/usage/rematch.ts; a
 * customer's own save attaches nothing: routes/usage/keptAside.test.ts).
 */

// Dates in the current business month: a customer may not change a billed month (docs/rules.md, 'Billed months are closed').
const [year, month] = firstOpenDay().slice(0, 7).split('-').map(Number);
const day = (d: number) => `${String(d).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
const iso = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const NUMBER = '0699887701';
const OTHER = '0699887702';

let t: TestApp;
let admin: string;
let klant: string;
let articleId: number;
let phoneFieldId: number;

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const unmatched = async () => (await get('/api/usage/unmatched')).json().data as { number: string; records: number }[];
const imports = async () => (await get('/api/usage/imports')).json().data as { file_name: string; imported: number; duplicates: number }[];
const recordsOf = async (number: string) =>
  (await get(`/api/report/0/${number}?report_date_from=${iso(1)}&report_date_to=${iso(28)}`, klant)).json().data?.records as { time: string }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
  const groups = (await get('/api/article-groups/visible', klant)).json();
  const mobile = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie');
  const list = (await get(`/api/articles?article_group_id=${mobile.id}`, klant)).json();
  const article = (await get(`/api/articles/${list[0].id}`, klant)).json();
  articleId = article.id;
  phoneFieldId = article.article_group.fields.find((f: { used_for_cdr: boolean }) => f.used_for_cdr).id;
  const csv = [
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
    `${day(2)};09:00:00;${NUMBER};0201234567;uitgaand;voice;60;out;0,25`,
    `${day(3)};10:00:00;0201234567;${NUMBER};inkomend;sms;1;in;`,
    `${day(20)};11:00:00;${NUMBER};internet;uitgaand;data;1048576;in;`,
    `${day(20)};12:00:00;${OTHER};0201234567;uitgaand;voice;30;in;`,
  ].join('\n');
  const { payload, headers } = multipartFile('usage', csv, 'zonder-dienst.csv');
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin) } });
  expect(res.json()).toMatchObject({ imported: 0, unmatched: 4 });
}, 60_000);
afterAll(() => t.close());

it('matches the kept records its period covers when a service registers the number, all in the save', async () => {
  expect(await unmatched()).toEqual([
    expect.objectContaining({ number: NUMBER, records: 3 }),
    expect.objectContaining({ number: OTHER, records: 1 }),
  ]);
  // Registered by provider staff managing the company.
  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const token = await t.manage(admin, companyId);
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/services/create',
    headers: auth(token),
    payload: { article_id: articleId, start_time: `${iso(10)}T12:00:00+01:00`, article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value: NUMBER }] },
  });
  expect(created.statusCode).toBe(201);
  const serviceId = created.json().data.id;

  // The data record of the 20th is the service's now; the two before its start stay kept aside.
  expect((await recordsOf(NUMBER)).map((r) => r.time)).toEqual(['11:00:00']);
  expect(await unmatched()).toEqual([
    expect.objectContaining({ number: NUMBER, records: 2 }),
    expect.objectContaining({ number: OTHER, records: 1 }),
  ]);
  expect((await imports())[0]).toMatchObject({ file_name: `Later gekoppeld: ${NUMBER}`, imported: 1, duplicates: 0 });

  // Its start corrected to the 1st: the other two follow.
  const corrected = await t.app.inject({ method: 'PUT', url: `/api/services/${serviceId}`, headers: auth(token), payload: { start_time: `${iso(1)}T12:00:00+01:00` } });
  expect(corrected.statusCode).toBe(200);
  expect((await recordsOf(NUMBER)).map((r) => r.time)).toEqual(['09:00:00', '10:00:00', '11:00:00']);
  expect(await unmatched()).toEqual([expect.objectContaining({ number: OTHER, records: 1 })]);
  expect((await imports()).map((i) => i.file_name).slice(0, 2)).toEqual([`Later gekoppeld: ${NUMBER}`, `Later gekoppeld: ${NUMBER}`]);

  // Nothing is kept for it any more: saving its dates again imports nothing, and nothing twice.
  const count = (await imports()).length;
  await t.app.inject({ method: 'PUT', url: `/api/services/${serviceId}`, headers: auth(token), payload: { start_time: `${iso(1)}T13:00:00+01:00` } });
  expect(await imports()).toHaveLength(count);
  expect(await recordsOf(NUMBER)).toHaveLength(3);
});

it('mails the alerts that the matched usage crosses, after the save, as an import does', async () => {
  const THIRD = '0699887703';
  const csv = ['datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs', `${day(20)};08:00:00;${THIRD};internet;uitgaand;data;10485760;in;`].join('\n');
  const { payload, headers } = multipartFile('usage', csv, 'later.csv');
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin) } });
  expect(res.json()).toMatchObject({ imported: 0, unmatched: 1 });
  // 10 MB of data is above a threshold of 0,001 GB per number.
  const settings = { bundle_alerts: false, out_of_bundle_costs: null, number_data_gb: 0.001, number_usage_costs: null, recipients: [] };
  expect((await t.app.inject({ method: 'PUT', url: '/api/alerts/settings', payload: settings, headers: auth(klant) })).statusCode).toBe(200);
  await t.app.backgroundTasks.settled();
  const before = t.outbox().length;

  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const created = await t.app.inject({
    method: 'PUT',
    url: '/api/services/create',
    headers: auth(await t.manage(admin, companyId)),
    payload: { article_id: articleId, start_time: `${iso(10)}T12:00:00+01:00`, article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value: THIRD }] },
  });
  expect(created.statusCode).toBe(201);
  await t.app.backgroundTasks.settled();

  const sentAlerts = (await get('/api/alerts/sent', klant)).json().data as { kind: string; numbers: string[] }[];
  expect(sentAlerts).toEqual([expect.objectContaining({ kind: 'number_data', numbers: [THIRD] })]);
  const mails = t.outbox().slice(before);
  expect(mails.length).toBeGreaterThan(0);
  expect(mails.every((eml) => eml.includes(THIRD))).toBe(true);
});
