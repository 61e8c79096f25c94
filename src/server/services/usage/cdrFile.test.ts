import { CdrLineReader, isLineError, parseHeader, parseRecord, readLines, type CdrHeader } from './cdrFile';

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

describe('CdrLineReader', () => {
  const read = async (source: Buffer[]) => {
    const reader = new CdrLineReader(source);
    let text = '';
    for await (const piece of reader.chunks()) text += piece;
    return { text, lines: reader.lines, error: reader.error, header: reader.header };
  };
  const cut = (bytes: Buffer, size: number) => {
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
    return chunks;
  };

  it('hands on the same lines however the upload is cut, chunks bigger than its own buffer (1 MB) included', async () => {
    const lines = ['\uFEFFdatum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs'];
    for (let i = 0; i < 40_000; i += 1) {
      if (i % 1000 === 7) lines.push('   ');
      lines.push(`${1 + (i % 28)}-10-2026; 08:00:00 ;06${String(i).padStart(8, '0')};"Café; ☎";uitgaand;data;${i * 7};in;${i % 3 ? '' : '0,5'}`);
    }
    const file = Buffer.from(lines.map((line, i) => (i % 3 ? `${line}\n` : `${line}\r\n`)).join('').slice(0, -1), 'utf8');
    expect(file.length).toBeGreaterThan(2_500_000);
    const whole = await read([file]);
    expect(whole.error).toBeNull();
    expect(whole.lines).toBe(lines.length);
    // A line per line of the file after the header, blank ones as empty lines.
    const out = whole.text.slice(0, -1).split('\n');
    expect(out).toHaveLength(lines.length - 1);
    expect(out[7]).toBe('');
    expect(out[0]).toBe(`1-10-2026\u001f08:00:00\u001f0600000000\u001f${Buffer.from('Café; ☎').toString('latin1')}\u001fuitgaand\u001fdata\u001f0\u001fin\u001f0,5`);
    for (const size of [3, 4096, 1_000_000, 1 << 20, 1_500_000]) expect(await read(cut(file, size))).toEqual(whole);
  });

  it('stops at a line longer than any record in a chunk without a line break, naming it', async () => {
    const header = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n';
    const file = Buffer.from(`${header}01-10-2026;08:00:00;06;x;uitgaand;sms;1;in;\n${'x'.repeat(70_000)}\n01-10-2026;08:00:00;06;x;uitgaand;sms;1;in;\n`);
    const small = await read(cut(file, 1000));
    expect(small.error).toEqual({ line: 3, message: 'regel is te lang' });
    expect(small.text).toBe('01-10-2026\u001f08:00:00\u001f06\u001fx\u001fuitgaand\u001fsms\u001f1\u001fin\u001f\n');
    expect((await read(cut(Buffer.from(`${'y'.repeat(70_000)}\n`), 1000))).error).toEqual({ line: 1, message: 'regel is te lang' });
  });
});
