import { CdrLineReader } from './cdrFile';

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

  it('splits lines across chunks, also inside a multi-byte character, and drops the BOM', async () => {
    const bytes = Buffer.from('\uFEFFdatum;tijd;afzender;ontvanger;richting;type;lengte;bundel\r\nCafé;één\nlaatste', 'utf8');
    const oneByteChunks = [...bytes].map((b) => Buffer.from([b]));
    const { text, lines, error, header } = await read(oneByteChunks);
    expect(error).toBeNull();
    // The BOM is not part of the first column's name.
    expect(header?.index.datum).toBe(0);
    expect(lines).toBe(3);
    // The lines after the header, as latin1 text of their UTF-8 bytes, cells separated by U+001F.
    expect(Buffer.from(text, 'latin1').toString('utf8')).toBe('Café\u001féén\nlaatste\n');
  });

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
