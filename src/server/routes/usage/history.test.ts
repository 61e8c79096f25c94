import { sql } from 'drizzle-orm';
import { addMonths, monthKey } from '../../../domain/time';
import { ownedByReceiver } from '../../../domain/callRecords';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { OWN_NUMBER_SQL } from '../../services/usage/history';
import { dutchDate, multipartFile, numberedServices, previousMonth } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/usage/imports and /api/usage/unmatched: the import history and the numbers kept aside (docs/usage.md, 'Import history and numbers kept aside'). */

let t: TestApp;
let admin: string;
let known: string;
const month = previousMonth();
const before = addMonths(month.year, month.month, -1);
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';

const upload = async (fileName: string, lines: string[]) => {
  const { payload, headers } = multipartFile('usage', [HEADER, ...lines].join('\n'), fileName);
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin) } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const get = async (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  known = (await numberedServices(t.database.db, companyId)).find((s) => s.endTime === null && s.number.startsWith('06'))!.number;
  await upload('september.csv', [
    `${dutchDate(month, 3)};09:00:00;${known};0201234567;uitgaand;voice;60;in;`,
    `${dutchDate(month, 3)};09:10:00;0699999901;0201234567;uitgaand;voice;60;in;`,
    `${dutchDate(month, 4)};09:10:00;0201234567;0699999901;inkomend;sms;1;in;`,
    `${dutchDate(before, 20)};09:10:00;0699999901;internet;uitgaand;data;1024;in;`,
  ]);
  await upload('nagekomen.csv', [`${dutchDate(month, 5)};10:00:00;0699999902;0201234567;uitgaand;voice;30;out;0,05`]);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/usage/imports', () => {
  it('lists the imports newest first: who, when, which file, what became of the records, the months', async () => {
    const res = await get('/api/usage/imports');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(2);
    expect(data.map((row: { file_name: string }) => row.file_name)).toEqual(['nagekomen.csv', 'september.csv']);
    expect(data[1]).toEqual({
      id: expect.any(Number),
      file_name: 'september.csv',
      uploaded_by: expect.stringMatching(/\S/),
      created_at: expect.any(Number),
      records: 4,
      imported: 1,
      duplicates: 0,
      unmatched: 3,
      still_unmatched: 3,
      months: [monthKey(month)],
      ambiguous: 0,
      status: 'done',
      phase: null,
      // Imported while the caller waited: no progress was written, its size was not known beforehand.
      bytes_total: 0,
      bytes_read: 0,
      records_processed: 4,
      seconds_left: null,
      finished_at: expect.any(Number),
      message: 'De data is succesvol geïmporteerd.',
      error: null,
      errors: [],
    });
    expect(data[1].finished_at).toBeGreaterThanOrEqual(data[1].created_at);
    expect(Math.abs(data[1].created_at - Date.now() / 1000)).toBeLessThan(600);
    expect(data[0]).toMatchObject({ records: 1, imported: 0, unmatched: 1, still_unmatched: 1, months: [] });
  });

  it('pages with offset and limit, and refuses a bad page', async () => {
    const { data, total } = (await get('/api/usage/imports?offset=1&limit=1')).json();
    expect(total).toBe(2);
    expect(data.map((row: { file_name: string }) => row.file_name)).toEqual(['september.csv']);
    expect((await get('/api/usage/imports?offset=5&limit=1')).json()).toEqual({ data: [], total: 2 });
    expect((await get('/api/usage/imports?limit=0')).statusCode).toBe(400);
  });

  it('is for those who may import usage only', async () => {
    const customer = await t.login('klant@demo.nl');
    expect((await get('/api/usage/imports', customer)).statusCode).toBe(403);
    expect((await get('/api/usage/unmatched', customer)).statusCode).toBe(403);
  });
});

describe('GET /api/usage/unmatched', () => {
  it('groups the records kept aside by their own number, most records first, with their months and imports', async () => {
    const { data: imports } = (await get('/api/usage/imports')).json();
    const [second, first] = imports.map((row: { id: number }) => row.id);
    const { data, total } = (await get('/api/usage/unmatched')).json();
    expect(total).toBe(2);
    expect(data).toEqual([
      // Its outgoing call, the incoming text (the receiver's) and the data of the month before.
      { number: '0699999901', records: 3, months: [monthKey(before), monthKey(month)], imports: [first] },
      { number: '0699999902', records: 1, months: [monthKey(month)], imports: [second] },
    ]);
    expect(JSON.stringify(data)).not.toContain(known);
  });

  it('finds the own number as the import does: the receiver of incoming calls and texts, else the sender', async () => {
    for (const direction of ['inkomend', 'uitgaand']) {
      for (const type of ['data', 'voice', 'sms']) {
        const [{ number }] = await queryRows<{ number: string }>(
          t.database.db,
          sql`select ${OWN_NUMBER_SQL} as number from (values (${direction}, ${type}, 'afzender', 'ontvanger')) as r(direction, type, sender, receiver)`,
        );
        expect([direction, type, number]).toEqual([direction, type, ownedByReceiver(direction, type) ? 'ontvanger' : 'afzender']);
      }
    }
  });
});
