import { CdrLineReader } from './cdrFile';
import { numberDirectory } from './numberHolders';
import { Lowercase } from './recordFields';
import { RecordTyper } from './recordTyper';

/**
 * The typer's fields without a database: a file goes through the import's reader and typer, and the
 * COPY rows it writes (matched records: company_id, service_id, number, record_time, sender,
 * receiver, direction, type, length, bundle, price, import_id, record_key; unmatched: line,
 * record_time, sender, receiver, direction, type, length, bundle, price, record_key, ambiguous)
 * are read back. The import through the database: import.test.ts.
 */

const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';

const typeFile = async (lines: string[], held: string[]) => {
  const unmatched: string[] = [];
  const typer = new RecordTyper({
    numbers: numberDirectory(held.map((number, i) => ({ number, serviceId: 10 + i, companyId: 1, start: 0, end: null }))),
    priceMb: new Map([[1, 0n]]),
    lowercase: new Lowercase('abcdefghijklmnopqrstuvwxyz', 'i\u0307', 'k'),
    importId: 1,
    unmatched: { write: (text) => unmatched.push(text), chunks: async function* () {} },
  });
  const reader = new CdrLineReader([Buffer.from(`${HEADER}\n${lines.join('\n')}\n`)]);
  let rows = '';
  for await (const text of reader.chunks()) {
    typer.typePiece(text, reader.header!);
    rows += typer.take()?.toString('latin1') ?? '';
  }
  const split = (text: string) => text.split('\n').filter(Boolean).map((row) => row.split('\t'));
  const records = split(rows).map(([, , number, recordTime, , , direction, type, length, bundle, price]) => ({ number, recordTime, direction, type, length, bundle, price }));
  const kept = split(unmatched.join('')).map(([line, recordTime, , , direction, type, length, bundle, price]) => ({ line, recordTime, direction, type, length, bundle, price }));
  return { records, kept, errors: typer.errors };
};

describe('the fields of a line', () => {
  it('normalizes dates, prices and lengths, and picks the number by direction', async () => {
    const { records, errors } = await typeFile(
      [
        '1-2-2026;08:00:00;0612345678;0201234567;Uitgaand;VOICE;007;OUT;0,5',
        '2026-02-01;08:00:00;0201234567;0612345678;inkomend;sms;1;in;',
        // Data belongs to the sender whatever the direction.
        '2026-02-01;08:00:00;0612345678;apn;inkomend;data;100;in;',
      ],
      ['0612345678'],
    );
    expect(errors).toEqual([]);
    expect(records[0]).toMatchObject({ recordTime: '2026-02-01 08:00:00 Europe/Amsterdam', length: '7', price: '0.500000', number: '0612345678', bundle: 'out', type: 'voice' });
    expect(records[1]).toMatchObject({ number: '0612345678' });
    expect(records[2]).toMatchObject({ number: '0612345678' });
    // A record without a price keeps none (the unmatched records show what the file gave).
    const { kept } = await typeFile(['2026-02-01;08:00:00;0201234567;0612345678;inkomend;sms;1;in;'], []);
    expect(kept).toEqual([{ line: '2', recordTime: '2026-02-01 08:00:00 Europe/Amsterdam', direction: 'inkomend', type: 'sms', length: '1', bundle: 'in', price: '\\N' }]);
  });

  it.each([
    ['29-02-2026;08:00:00;06;x;uitgaand;sms;1;in;', 'datum'],
    ['01-02-2026;8:00;06;x;uitgaand;sms;1;in;', 'tijd'],
    ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1,2345678', 'prijs'],
    ['01-02-2026;08:00:00;;x;uitgaand;sms;1;in;', 'afzender'],
    ['01-02-2026;08:00:00;06;x;uitgaand;fax;1;in;', 'type'],
  ])('refuses %s (%s)', async (line, word) => {
    // Five blank lines before it: it is line 7 of the file.
    const { errors } = await typeFile(['', '', '', '', '', line], ['06']);
    expect(errors).toHaveLength(1);
    expect(errors[0].line === 7 && errors[0].message.includes(word)).toBe(true);
  });
});
