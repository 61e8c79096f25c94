import { csvAmount, csvCell, toCsv } from './csv';

/** docs/rules.md, 'Files': `;`, UTF-8 with BOM, decimal comma, formula cells neutralised. */
describe('csv', () => {
  it('writes a BOM, `;` and CRLF, and quotes cells that need it', () => {
    expect(toCsv(['Naam', 'Bedrag'], [['de Vries; Jan', 12.5], ['Zeg "hoi"', null]])).toBe(
      '\uFEFFNaam;Bedrag\r\n"de Vries; Jan";12,5\r\n"Zeg ""hoi""";\r\n',
    );
  });

  it.each(['=SUM(A1)', '+31', '-5', '@cmd', '\tx'])('neutralises text starting with a formula character: %j', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
  });

  it.each([
    ["x,=1+1+cmd|' /C calc'!A0", "x,'=1+1+cmd|' /C calc'!A0"],
    ['x, "-2+3', `"x, ""'-2+3"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['x\t@SUM(1)', "x\t'@SUM(1)"],
    ['Jansen, Jan', 'Jansen, Jan'],
    ['Jansen-de Vries', 'Jansen-de Vries'],
  ])('neutralises a formula start after another list separator, so no spreadsheet splits off a formula: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
    expect(toCsv(['A', 'B'], [[text, 1]])).toBe(`\uFEFFA;B\r\n${cell};1\r\n`);
  });

  it('leaves numbers as numbers, negative ones too, with a decimal comma', () => {
    expect(csvCell(-1.25)).toBe('-1,25');
    expect(csvCell(csvAmount('-0.125'))).toBe('-0,13');
    expect(csvCell(csvAmount(2.5))).toBe('2,50');
  });
});
