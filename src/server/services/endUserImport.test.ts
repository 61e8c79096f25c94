import { cellsOf, parseEndUserCsv } from './endUserImport';

/** The end user CSV (docs/api-company-admin.md): checked whole, all or nothing. */

const parse = (text: string | Buffer) => parseEndUserCsv(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);

describe('parseEndUserCsv', () => {
  it('reads `;` with CRLF and a BOM, and `,` with LF', () => {
    expect(parse('\uFEFFvoornaam;achternaam\r\nJan;de Jong\r\nZoë;van den Berg\r\n')).toEqual({
      ok: true,
      endUsers: [
        { firstname: 'Jan', lastname: 'de Jong' },
        { firstname: 'Zoë', lastname: 'van den Berg' },
      ],
    });
    expect(parse('Voornaam,Achternaam\nJan,de Jong\n')).toEqual({ ok: true, endUsers: [{ firstname: 'Jan', lastname: 'de Jong' }] });
  });

  it('takes the columns by name, in any order, English names too, extra columns ignored', () => {
    expect(parse('lastname;firstname;afdeling\nJansen;Sophie;Inkoop')).toEqual({
      ok: true,
      endUsers: [{ firstname: 'Sophie', lastname: 'Jansen' }],
    });
  });

  it('trims cells, reads quoted cells and skips blank lines', () => {
    expect(parse('voornaam;achternaam\n  Jan ; "de Jong; jr." \n\n"Anna ""An""";Bakker\n   \n')).toEqual({
      ok: true,
      endUsers: [
        { firstname: 'Jan', lastname: 'de Jong; jr.' },
        { firstname: 'Anna "An"', lastname: 'Bakker' },
      ],
    });
  });

  it('names every bad line by its number in the file', () => {
    expect(parse('voornaam;achternaam\nJan;de Jong\nSophie;\n;Visser\n;\n"Daan;de Vries\n')).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'achternaam ontbreekt' },
        { line: 4, message: 'voornaam ontbreekt' },
        { line: 5, message: 'voornaam en achternaam ontbreken' },
        { line: 6, message: 'een aanhalingsteken is niet afgesloten' },
      ],
    });
  });

  it('refuses a missing or wrong header, an empty file and names that are too long', () => {
    expect(parse('')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parse('naam;achternaam\nJan;de Jong')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parse('Jan;de Jong\nSophie;Jansen')).toMatchObject({ ok: false, errors: [{ line: 1 }] });
    expect(parse('voornaam;achternaam\r\n\r\n')).toEqual({ ok: false, errors: [{ line: 2, message: 'het bestand bevat geen eindgebruikers' }] });
    expect(parse(`voornaam;achternaam\nJan;${'x'.repeat(101)}`)).toEqual({
      ok: false,
      errors: [{ line: 2, message: 'achternaam is langer dan 100 tekens' }],
    });
  });

  it('refuses text that is not UTF-8, naming its line', () => {
    const latin1 = Buffer.concat([Buffer.from('voornaam;achternaam\nJan;de Jong\n'), Buffer.from([0x5a, 0x6f, 0xeb]), Buffer.from(';Smit\n')]);
    expect(parse(latin1)).toEqual({ ok: false, errors: [{ line: 3, message: expect.stringContaining('UTF-8') }] });
  });

  it('takes 20,000 end users and refuses one more', () => {
    const lines = (n: number) => `voornaam;achternaam\n${Array.from({ length: n }, (_, i) => `Naam${i};Achter${i}`).join('\n')}\n`;
    const max = parse(lines(20_000));
    expect(max.ok && max.endUsers.length).toBe(20_000);
    expect(parse(lines(20_001))).toEqual({ ok: false, errors: [{ line: 20_002, message: 'het bestand bevat meer dan 20.000 eindgebruikers' }] });
  });

  it('stops listing after 100 bad lines', () => {
    const result = parse(`voornaam;achternaam\n${'Jan;\n'.repeat(500)}`);
    expect(result.ok === false && result.errors.length).toBe(100);
  });
});

describe('cellsOf', () => {
  it('splits on the delimiter outside quotes', () => {
    expect(cellsOf('a;"b;c";d', ';')).toEqual(['a', 'b;c', 'd']);
    expect(cellsOf('a,,', ',')).toEqual(['a', '', '']);
    expect(cellsOf('"open', ';')).toBeNull();
  });
});
