import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { daysInMonth, isoDate } from '../../../domain/time';
import { queryRows } from '../../db';
import { readXlsx } from '../../services/xlsxTestSupport';
import { findCompanyByName } from '../../seed/demo';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Masked numbers stay masked (docs/security.md): nothing a customer receives about a usage record
 * (its id, its order, the downloads) lets the masked digits of the other party be computed, and
 * masking fails closed for a number stored in any notation.
 */

let t: TestApp;
let customerToken: string;
let companyId: number;
let svc: NumberedService;

const month = previousMonth();
const lastDay = daysInMonth(month.year, month.month);
const wholeMonth = `report_date_from=${isoDate(month)}&report_date_to=${isoDate({ ...month, day: lastDay })}`;
const get = (url: string, token = customerToken) => t.app.inject({ method: 'GET', url, headers: auth(token) });

/** Two calls that differ only in the masked digits of the number called. */
const CALLED = ['0201234567', '0201234999'];

beforeAll(async () => {
  t = await createTestApp();
  const adminToken = await t.login('admin@demo.nl');
  customerToken = await t.login('klant@demo.nl');
  companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  [svc] = (await numberedServices(t.database.db, companyId)).filter((s) => s.endTime === null && s.endUserId !== null && s.number.startsWith('06'));
  const csv = [
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
    ...CALLED.map((called) => `${dutchDate(month, 10)};09:00:00;${svc.number};${called};uitgaand;voice;60;out;0,10`),
  ].join('\n');
  const { payload, headers } = multipartFile('usage', csv);
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(adminToken) } });
  expect(res.json()).toMatchObject({ imported: 2 });
}, 60_000);
afterAll(() => t.close());

/**
 * The attack: every key the import could have computed for a record (SHA-256 of its fields joined
 * by U+001F, docs/usage.md), for each of the 1,000 possible masked digits, in hex and base64.
 */
const candidateHashes = (record: { date: string; time: string; sender: string; receiver: string; direction: string; type: string; length: number; bundle: string }) => {
  const day = record.date.split('-').reverse().join('-');
  const hashes: string[] = [];
  for (let n = 0; n < 1000; n += 1) {
    const receiver = record.receiver.replace('***', String(n).padStart(3, '0'));
    for (const price of ['', '0.100000']) {
      const text = [day, record.time, record.sender, receiver, record.direction, record.type, String(record.length), record.bundle, price].join('\u001f');
      const digest = crypto.createHash('sha256').update(text).digest();
      hashes.push(digest.toString('hex').slice(0, 32), digest.subarray(0, 16).toString('base64'), digest.toString('hex'));
    }
  }
  return hashes;
};

describe('masked numbers stay masked', () => {
  it("gives a customer's records ids of their own, from which no masked digit can be computed", async () => {
    const res = await get(`/api/report/${svc.endUserId}/${svc.number}?${wholeMonth}`);
    expect(res.statusCode).toBe(200);
    const { records } = res.json().data;
    expect(records.map((r: { receiver: string }) => r.receiver)).toEqual(['0201234***', '0201234***']);
    // Apart from their ids the two records are the same: nothing tells which digits were masked.
    const withoutId = records.map(({ id: _id, ...rest }: { id: string }) => rest);
    expect(withoutId[0]).toEqual(withoutId[1]);
    // Trying the 1,000 possible digits finds no hash of the record in the answer.
    const hashes = candidateHashes(records[0]);
    expect(hashes.filter((hash) => res.body.includes(hash))).toEqual([]);
    for (const record of records) expect(record.id).toMatch(/^[1-9][0-9]{0,18}$/);
    // The keys the server keeps never appear in it.
    const keys = await queryRows<{ key: string }>(t.database.db, sql`select encode(record_key, 'hex') as key from usage_records where service_id = ${svc.id}`);
    expect(keys).toHaveLength(2);
    for (const { key } of keys) expect(res.body).not.toContain(key);
  });

  it('puts no hash or unmasked digit in the downloads (CSV, Excel, file name)', async () => {
    const path = `/api/report/${svc.endUserId}/${svc.number}/download?${wholeMonth}`;
    const csv = await get(path);
    const { rows } = readXlsx((await get(`${path}&format=xlsx`)).rawPayload);
    const keys = (await queryRows<{ key: string }>(t.database.db, sql`select encode(record_key, 'hex') as key from usage_records where service_id = ${svc.id}`)).map((r) => r.key);
    const texts = [csv.body, JSON.stringify(csv.headers), JSON.stringify(rows)];
    for (const text of texts) {
      for (const called of CALLED) expect(text).not.toContain(called);
      for (const key of keys) expect(text).not.toContain(key);
    }
    expect(csv.headers.etag).toBeUndefined();
  });

  it('masks the last three digits of a number stored in any notation or script (fails closed)', async () => {
    // Numbers as records imported before numbers had one form may hold them.
    const legacy = ['+31 6 1234 5678', '06-12345678', '(020) 1234567', '+31(0)612345678', '０６１２３４５６７８', '0612345\u0001678'];
    const time = `${isoDate({ ...month, day: 12 })} 10:00:00 Europe/Amsterdam`;
    for (const [i, receiver] of legacy.entries()) {
      await t.database.db.execute(sql`insert into usage_records (company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
        values (${companyId}, ${svc.id}, ${svc.number}, ${time}::timestamptz + ${`${i} seconds`}::interval, ${svc.number}, ${receiver}, 'uitgaand', 'voice', 1, 'in', 0, ${Buffer.from([i])})`);
    }
    const res = await get(`/api/report/${svc.endUserId}/${svc.number}?report_date_from=${isoDate({ ...month, day: 12 })}&report_date_to=${isoDate({ ...month, day: 12 })}`);
    expect(res.json().data.records.map((r: { receiver: string }) => r.receiver)).toEqual([
      '+31 6 1234 5***',
      '06-12345***',
      '(020) 1234***',
      '+31(0)612345***',
      '０６１２３４５***',
      '0612345\u0001***',
    ]);
  });
});
