import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db';
import { HttpError } from '../../httpError';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { CdrLineReader } from './cdrFile';
import { TextSpool, wholeRows } from './copyRows';
import { importUsage } from './import';
import { numberDirectory } from './numberHolders';
import { Lowercase } from './recordFields';
import { microsText, outOfBundlePriceMicros } from './recordPrice';
import { RecordTyper } from './recordTyper';

/**
 * The import checks the lines in its typer (recordTyper.ts, recordFields.ts), in the order of the rules, with the
 * messages docs/usage.md names: every kind of line through the real import.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
}, 60_000);
afterAll(() => t.close());

const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';

/** Every kind of line, with the mistake the import names for it (null: a valid record). */
const LINES: [string, string | null][] = [
  ['29-02-2026;08:00:00;06;x;uitgaand;sms;1;in;', "ongeldige datum '29-02-2026' (dd-mm-jjjj of jjjj-mm-dd)"],
  ['29-02-2024;08:00:00;06;x;uitgaand;sms;1;in;', null],
  ['1-2-2026;8:00:00;06;x;uitgaand;sms;1;in;', "ongeldige tijd '8:00:00' (uu:mm:ss)"],
  ['01-02-2026;24:00:00;06;x;uitgaand;sms;1;in;', "ongeldige tijd '24:00:00' (uu:mm:ss)"],
  ['01-02-2026;23:60:00;06;x;uitgaand;sms;1;in;', "ongeldige tijd '23:60:00' (uu:mm:ss)"],
  ['2026-2-1;23:59:59;06;x;Outgoing;SMS;001;IN;-0,5', null],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1,2345678', "ongeldige prijs '1,2345678' (euro's, hoogstens 6 decimalen)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1.', "ongeldige prijs '1.' (euro's, hoogstens 6 decimalen)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;.5', "ongeldige prijs '.5' (euro's, hoogstens 6 decimalen)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1.2.3', "ongeldige prijs '1.2.3' (euro's, hoogstens 6 decimalen)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1234567890123', "ongeldige prijs '1234567890123' (euro's, hoogstens 6 decimalen)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;-1;in;', "ongeldige lengte '-1' (een geheel getal, 0 of meer)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1234567890123456;in;', "ongeldige lengte '1234567890123456' (een geheel getal, 0 of meer)"],
  ['01-02-2026;08:00:00;06;x;sideways;sms;1;in;', "ongeldige richting 'sideways' (inkomend of uitgaand)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;fax;1;in;', "ongeldig type 'fax' (data, voice of sms)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;both;', "ongeldige bundel 'both' (in of out)"],
  ['01-02-2026;08:00:00;;x;uitgaand;sms;1;in;', 'afzender ontbreekt'],
  ['01-02-2026;08:00:00;x;;inkomend;sms;1;in;', 'ontvanger ontbreekt'],
  ['01-02-2026;08:00:00;x; ;inkomend;data;1;in;', null],
  [' 01-02-2026 ;\t08:00:00 ;06\u00a0;x;uitgaand;sms;1;in; ', null],
  ['"01-02-2026";08:00:00;06;"x;y";uitgaand;sms;1;in;"0,5"', null],
  ['"01-02-2026;08:00:00;06', 'aanhalingsteken niet gesloten'],
  ['01-02-0099;08:00:00;06;x;uitgaand;sms;1;in;', "ongeldige datum '01-02-0099' (dd-mm-jjjj of jjjj-mm-dd)"],
  ['01-13-2026;08:00:00;06;x;uitgaand;sms;1;in;', "ongeldige datum '01-13-2026' (dd-mm-jjjj of jjjj-mm-dd)"],
  ['2026-04-31;08:00:00;06;x;uitgaand;sms;1;in;', "ongeldige datum '2026-04-31' (dd-mm-jjjj of jjjj-mm-dd)"],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in', '8 kolommen, verwacht 9'],
  ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;5;extra', '10 kolommen, verwacht 9'],
  ['ä-02-2026;08:00:00;06;x;uitgaand;sms;1;in;', "ongeldige datum 'ä-02-2026' (dd-mm-jjjj of jjjj-mm-dd)"],
  ['01-02-2026;08:00:00;0611111111;x\\y;uitgaand;sms;1;in;', null],
  // A number is digits, spaces, + (in front), -, ., ( and ); text without digits is no number and stays.
  ['01-02-2026;08:00:00;+31 (0)6-1111.1111;(020) 123 4567;uitgaand;sms;1;in;', null],
  ['01-02-2026;08:00:00;0611111111;internet;uitgaand;data;1;in;', null],
  ['01-02-2026;08:00:00;06\\x;x;uitgaand;sms;1;in;', "ongeldige afzender '06\\x' (een telefoonnummer: cijfers, spaties, +, -, ., ( en ))"],
  ['01-02-2026;08:00:00;0611111111;06/12345678;uitgaand;sms;1;in;', "ongeldige ontvanger '06/12345678' (een telefoonnummer: cijfers, spaties, +, -, ., ( en ))"],
  ['01-02-2026;08:00:00;0611111111;\uff10\uff16\uff11\uff12;uitgaand;sms;1;in;', "ongeldige ontvanger '\uff10\uff16\uff11\uff12' (een telefoonnummer: cijfers, spaties, +, -, ., ( en ))"],
  ['01-02-2026;08:00:00;0611111111;06+1;uitgaand;sms;1;in;', "ongeldige ontvanger '06+1' (een telefoonnummer: cijfers, spaties, +, -, ., ( en ))"],
];

it.each(LINES)('checks %j', async (line, expected) => {
  let answer: string | null = null;
  try {
    await importUsage(t.database.db, { source: [Buffer.from(`${HEADER}\r\n${line}\r\n`)], fileName: 'x.csv', actor: null });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    expect(err.errors).toHaveLength(1);
    answer = (err.errors![0] as { line: number; message: string }).message;
    expect(err.errors![0]).toMatchObject({ line: 2 });
  }
  expect(answer).toBe(expected);
});

/** A file's bytes in chunks of `size`, as a slow upload delivers them (lines and characters cut anywhere). */
const inChunks = (text: string, size: number) => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
};

const refusal = async (source: Buffer[]) => {
  try {
    await importUsage(t.database.db, { source, fileName: 'x.csv', actor: null });
  } catch (err) {
    if (err instanceof HttpError) return err.errors as { line: number; message: string }[];
    throw err;
  }
  return null;
};

describe('the lines typed in Node', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from usage_unmatched`);
  });

  it('numbers the lines of a file cut in small chunks, blank lines included, and names the first mistakes', async () => {
    const good = '01-02-2026;08:00:00;0611111111;x;uitgaand;sms;1;in;';
    const csv = `\uFEFF${HEADER}\r\n${good}\r\n\r\n  \r\n01-02-2026;08:00:00;0611111111;x;uitgaand;sms;1;in;1,2345678\r\n${good}\r\n${good.replace('sms', 'fäx')}\r\n`;
    expect(await refusal(inChunks(csv, 5))).toEqual([
      { line: 5, message: "ongeldige prijs '1,2345678' (euro's, hoogstens 6 decimalen)" },
      { line: 7, message: "ongeldig type 'fäx' (data, voice of sms)" },
    ]);
    const valid = `${HEADER}\n${Array.from({ length: 300 }, (_, i) => good.replace('08:00:00', `08:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`)).join('\n')}`;
    const result = await importUsage(t.database.db, { source: inChunks(valid, 7), fileName: 'x.csv', actor: null });
    expect(result).toMatchObject({ records: 300, unmatched: 300, imported: 0, duplicates: 0 });
  });

  it('keys records and reads business time exactly as PostgreSQL did (re-imports of older imports stay idempotent)', async () => {
    // [line, business date, time]: the key is SHA-256 of the normalized fields joined by U+001F,
    // as the import computed it in SQL before (sha256(), first 16 bytes).
    const lines: [string, string, string][] = [
      ['01-02-2026;08:00:00;06 11;0201234567;Outgoing;VOICE;00125;OUT;-0,50', '2026-02-01', '08:00:00'],
      ['2026-2-1;23:59:59;0611111111;x;uitgaand;data;0;in;0', '2026-02-01', '23:59:59'],
      ['29-03-2026;02:30:00;0611111111;Café ☎;uitgaand;sms;1;in;-0,000', '2026-03-29', '02:30:00'],
      ['25-10-2026;02:30:00;0611111111;x\\y;uitgaand;data;1048577;out;', '2026-10-25', '02:30:00'],
      ['01-07-1937;00:00:10;0611111111;x;uitgaand;sms;1;in;', '1937-07-01', '00:00:10'],
      ['01-07-1937;00:30:00;0611111111;x;uitgaand;sms;1;in;', '1937-07-01', '00:30:00'],
      ['16-05-1940;01:30:00;0611111111;x;uitgaand;sms;1;in;007.5', '1940-05-16', '01:30:00'],
      ['31-12-9999;23:59:59;0611111111;x;inkomend;data;999999999999999;out;123456789012.123456', '9999-12-31', '23:59:59'],
    ];
    const result = await importUsage(t.database.db, {
      source: [Buffer.from(`${HEADER}\n${lines.map(([line]) => line).join('\n')}\n`)],
      fileName: 'x.csv',
      actor: null,
    });
    expect(result).toMatchObject({ records: lines.length, unmatched: lines.length });
    const rows = await queryRows<{ line: number; key_ok: boolean; time_ok: boolean; price: string | null }>(
      t.database.db,
      sql`select u.line, u.record_key = substr(sha256(convert_to(concat_ws(E'\\x1f', e.day, e.time, u.sender, u.receiver, u.direction, u.type,
            u.length::text, u.bundle, coalesce(u.price::text, '')), 'UTF8')), 1, 16) as key_ok,
          u.record_time = (e.day || ' ' || e.time)::timestamp at time zone 'Europe/Amsterdam' as time_ok, u.price::text as price
        from usage_unmatched u join unnest(${`{${lines.map(([, day]) => day).join(',')}}`}::text[], ${`{${lines.map(([, , time]) => time).join(',')}}`}::text[])
          with ordinality as e(day, time, n) on e.n + 1 = u.line
        order by u.line`,
    );
    expect(rows.map((r) => [r.line, r.key_ok, r.time_ok])).toEqual(lines.map((_, i) => [i + 2, true, true]));
    expect(rows.map((r) => r.price)).toEqual(['-0.500000', '0.000000', '0.000000', null, null, null, '7.500000', '123456789012.123456']);
    const [sender] = await queryRows<{ receiver: string }>(t.database.db, sql`select receiver from usage_unmatched where line = 4`);
    expect(sender.receiver).toBe('Café ☎');
  });

  it('counts U+001F in a cell as a cell too many, as the import always did', async () => {
    expect(await refusal([Buffer.from(`${HEADER}\n01-02-2026;08:00:00;06\u001f11;x;uitgaand;sms;1;in;\n`)])).toEqual([
      { line: 2, message: '10 kolommen, verwacht 9' },
    ]);
  });

  it('folds richting, type and bundel to lower case as the database does', async () => {
    const words = ['İNKOMEND', 'IN\u212aOMEND', 'ınkomend', 'INCOMING', 'Uitgaand'];
    const [{ accepted }] = await queryRows<{ accepted: boolean[] }>(
      t.database.db,
      sql`select array_agg(lower(w) in ('inkomend', 'uitgaand', 'incoming', 'outgoing') order by n) as accepted
        from unnest(${`{${words.join(',')}}`}::text[]) with ordinality as x(w, n)`,
    );
    for (const [i, word] of words.entries()) {
      const errors = await refusal([Buffer.from(`${HEADER}\n01-02-2026;08:00:00;0611111111;x;${word};sms;1;in;\n`)]);
      expect([word, errors === null]).toEqual([word, accepted[i]]);
    }
  });

  it('prices out-of-bundle data without a price as PostgreSQL computed round(bytes / 1048576 * price_mb, 6)', async () => {
    const lengths = [0, 1, 3, 1023, 9999, 10_000, 1_040_000, 1_050_000, 1_048_575, 1_048_576, 1_048_577, 2_097_152, 49_999_999, 123_456_789_012_345, 999_999_999_999_999];
    const prices = ['0.012000', '0.065536', '0.000001', '1.000000', '123.456789', '-0.500000'];
    const pairs = lengths.flatMap((length) => prices.map((price) => ({ length, price })));
    const expected = await queryRows<{ price: string }>(
      t.database.db,
      sql`select round(l::numeric / 1048576 * p::numeric(18, 6), 6)::text as price
        from unnest(${`{${pairs.map((p) => p.length).join(',')}}`}::bigint[], ${`{${pairs.map((p) => p.price).join(',')}}`}::text[]) with ordinality as x(l, p, n)
        order by n`,
    );
    const computed = pairs.map(({ length, price }) => microsText(outOfBundlePriceMicros(length, BigInt(price.replace('.', '')))));
    expect(computed).toEqual(expected.map((e) => e.price));
  });
});

describe('TextSpool (the unmatched records on their way to COPY)', () => {
  it('hands back what was written, in order, also after spilling to a temporary file', async () => {
    const spool = new TextSpool(10);
    const rows = ['2\tCafé\n', '3\tx\n', '4\t0123456789\n', '5\ty\n'].map((row) => Buffer.from(row, 'utf8').toString('latin1'));
    for (const row of rows) spool.write(row);
    const chunks: Buffer[] = [];
    for await (const chunk of spool.chunks()) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('2\tCafé\n3\tx\n4\t0123456789\n5\ty\n');
    expect(chunks.length).toBeGreaterThan(1);
    spool.dispose();
  });

  it('keeps rows of several blocks (1 MB each) in order, in memory and spilled', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i}\t${'x'.repeat(i % 97)}\tCaf\u00c3\u00a9\n`);
    rows.push(`${'y'.repeat(1_500_000)}\n`, 'last\n');
    for (const limit of [16 << 20, 1_500_000]) {
      const spool = new TextSpool(limit);
      for (const row of rows) spool.write(row);
      const chunks: Buffer[] = [];
      for await (const chunk of spool.chunks()) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString('latin1')).toBe(rows.join(''));
      spool.dispose();
    }
  });
});

describe('wholeRows (where a PGlite COPY blob ends)', () => {
  const text = (parts: Buffer[]) => Buffer.concat(parts).toString();
  it('ends the blob after the last whole row and carries the rest, also across parts without a row end', () => {
    const split = wholeRows(['1\ta\n2\t', 'bb', 'b\n3\tc', 'cc'].map((p) => Buffer.from(p)))!;
    expect([text(split.rows), text(split.rest)]).toEqual(['1\ta\n2\tbbb\n', '3\tccc']);
    const exact = wholeRows(['1\ta\n', '2\tb\n'].map((p) => Buffer.from(p)))!;
    expect([text(exact.rows), exact.rest]).toEqual(['1\ta\n2\tb\n', []]);
    expect(wholeRows([Buffer.from('no row end yet')])).toBeNull();
  });
});

describe('RecordTyper (the key prints of the in-file duplicate check)', () => {
  it('notes every key seen before in the file, also once its tables have grown (60,000 records)', async () => {
    const typer = new RecordTyper({
      numbers: numberDirectory([{ number: '0611111111', serviceId: 1, companyId: 1, start: 0, end: null }]),
      priceMb: new Map([[1, 0n]]),
      lowercase: new Lowercase('abcdefghijklmnopqrstuvwxyz', 'i\u0307', 'k'),
      importId: 1,
      unmatched: { write: () => undefined, chunks: async function* () {} },
    });
    const line = (i: number) => `${1 + Math.floor(i / 86_400)}-10-2026;${[3600, 60, 1].map((s) => String(Math.floor((i % 86_400) / s) % (s === 3600 ? 24 : 60)).padStart(2, '0')).join(':')};0611111111;x;uitgaand;sms;1;in;`;
    const twice = [0, 12_345, 59_999];
    const lines = Array.from({ length: 60_000 }, (_, i) => line(i)).concat(twice.map(line));
    const reader = new CdrLineReader([Buffer.from(`${HEADER}\n${lines.join('\n')}\n`)]);
    for await (const text of reader.chunks()) {
      typer.typePiece(text, reader.header!);
      typer.take();
    }
    expect(typer.errors).toEqual([]);
    expect(typer.records).toBe(60_003);
    const keyOf = (i: number) => {
      const [day, time] = line(i).split(';');
      const text = [`2026-10-${day.split('-')[0].padStart(2, '0')}`, time, '0611111111', 'x', 'uitgaand', 'sms', '1', 'in', ''].join('\u001f');
      return crypto.createHash('sha256').update(text).digest('hex').slice(0, 32);
    };
    expect([...typer.suspects.keys()].sort()).toEqual(twice.map(keyOf).sort());
  });
});
