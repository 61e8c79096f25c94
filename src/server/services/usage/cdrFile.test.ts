import { isLineError, parseHeader, parseRecord, readLines, type CdrHeader } from './cdrFile';

const collect = async (chunks: Buffer[]) => {
  const lines: { line: number; text: string }[] = [];
  for await (const batch of readLines(chunks)) lines.push(...batch);
  return lines;
};

describe('readLines', () => {
  it('splits lines across chunks, also inside a multi-byte character, and drops the BOM', async () => {
    const bytes = Buffer.from('\uFEFFkop\r\nCafé;één\nlaatste', 'utf8');
    const oneByteChunks = [...bytes].map((b) => Buffer.from([b]));
    expect(await collect(oneByteChunks)).toEqual([
      { line: 1, text: 'kop' },
      { line: 2, text: 'Café;één' },
      { line: 3, text: 'laatste' },
    ]);
  });
});

describe('parseRecord', () => {
  const { header } = parseHeader('datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs') as { header: CdrHeader };

  it('normalizes dates, prices and lengths, and picks the number by direction', () => {
    const out = parseRecord(header, '1-2-2026;08:00:00;0612345678;0201234567;Uitgaand;VOICE;007;OUT;0,5', 2);
    expect(out).toMatchObject({ date: '2026-02-01', length: '7', price: '0.500000', number: '0612345678', bundle: 'out', type: 'voice' });
    const incoming = parseRecord(header, '2026-02-01;08:00:00;0201234567;0612345678;inkomend;sms;1;in;', 3);
    expect(incoming).toMatchObject({ number: '0612345678', price: null });
    // Data belongs to the sender whatever the direction.
    const data = parseRecord(header, '2026-02-01;08:00:00;0612345678;apn;inkomend;data;100;in;', 4);
    expect(data).toMatchObject({ number: '0612345678' });
  });

  it.each([
    ['29-02-2026;08:00:00;06;x;uitgaand;sms;1;in;', 'datum'],
    ['01-02-2026;8:00;06;x;uitgaand;sms;1;in;', 'tijd'],
    ['01-02-2026;08:00:00;06;x;uitgaand;sms;1;in;1,2345678', 'prijs'],
    ['01-02-2026;08:00:00;;x;uitgaand;sms;1;in;', 'afzender'],
    ['01-02-2026;08:00:00;06;x;uitgaand;fax;1;in;', 'type'],
  ])('refuses %s (%s)', (line, word) => {
    const out = parseRecord(header, line, 7);
    expect(isLineError(out) && out.line === 7 && out.message.includes(word)).toBe(true);
  });
});
