import { HttpError } from '../../plugins/errors';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { isLineError, parseHeader, parseRecord, type CdrHeader } from './cdrFile';
import { importUsage } from './import';

/**
 * The import checks the lines in SQL; `parseRecord` is the same rules written in JavaScript. Both
 * must answer the same for every kind of line.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
}, 60_000);
afterAll(() => t.close());

const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';
const { header } = parseHeader(HEADER) as { header: CdrHeader };

const LINES = [
  '29-02-2026;08:00:00;06;x;uitgaand;sms;1;in;',
  '29-02-2024;08:00:00;06;x;uitgaand;sms;1;in;',
  '1-2-2026;8:00:00;06;x;uitgaand;sms;1;in;',
  '01-02-2026;24:00:00;06;x;uitgaand;sms;1;in;',
  '01-02-2026;23:60:00;06;x;uitgaand;sms;1;in;',
  '2026-2-1;23:59:59;06;x;Outgoing;SMS;001;IN;-0,5',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1,2345678',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1.',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;.5',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1.2.3',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1234567890123',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;-1;in;',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1234567890123456;in;',
  '01-02-2026;08:00:00;06;x;sideways;sms;1;in;',
  '01-02-2026;08:00:00;06;x;uitgaand;fax;1;in;',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;both;',
  '01-02-2026;08:00:00;;x;uitgaand;sms;1;in;',
  '01-02-2026;08:00:00;x;;inkomend;sms;1;in;',
  '01-02-2026;08:00:00;x; ;inkomend;data;1;in;',
  ' 01-02-2026 ;\t08:00:00 ;06\u00a0;x;uitgaand;sms;1;in; ',
  '"01-02-2026";08:00:00;06;"x;y";uitgaand;sms;1;in;"0,5"',
  '"01-02-2026;08:00:00;06',
  '01-02-0099;08:00:00;06;x;uitgaand;sms;1;in;',
  '01-13-2026;08:00:00;06;x;uitgaand;sms;1;in;',
  '2026-04-31;08:00:00;06;x;uitgaand;sms;1;in;',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in',
  '01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;5;extra',
  'ä-02-2026;08:00:00;06;x;uitgaand;sms;1;in;',
  '01-02-2026;08:00:00;06\\x;x;uitgaand;sms;1;in;',
];

it.each(LINES)('checks %j as parseRecord does', async (line) => {
  const expected = parseRecord(header, line, 2);
  let answer: string | null = null;
  try {
    await importUsage(t.database.db, { source: [Buffer.from(`${HEADER}\r\n${line}\r\n`)], fileName: 'x.csv', actor: null });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    expect(err.errors).toHaveLength(1);
    answer = (err.errors![0] as { line: number; message: string }).message;
    expect(err.errors![0]).toMatchObject({ line: 2 });
  }
  expect(answer).toBe(isLineError(expected) ? expected.message : null);
});
