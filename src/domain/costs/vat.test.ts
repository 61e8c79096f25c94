import { parseVatRate, vatOf } from './vat';

describe('vatOf (docs/cost-specification.md, VAT)', () => {
  it('rounds the VAT half-up to cents once and adds it to the total', () => {
    expect(vatOf('1234.56', '21')).toEqual({ rate: '21', vat: '259.26', totalIncludingVat: '1493.82' });
  });

  it('rounds half a cent up', () => {
    // 0.50 x 9 % = 0.045
    expect(vatOf('0.50', '9')).toEqual({ rate: '9', vat: '0.05', totalIncludingVat: '0.55' });
  });

  it('keeps a credit negative', () => {
    expect(vatOf('-10.00', '21')).toEqual({ rate: '21', vat: '-2.10', totalIncludingVat: '-12.10' });
  });

  it('gives no VAT at a zero rate', () => {
    expect(vatOf('99.99', '0')).toEqual({ rate: '0', vat: '0.00', totalIncludingVat: '99.99' });
  });
});

describe('parseVatRate', () => {
  it.each([
    ['21', '21'],
    ['9', '9'],
    ['0', '0'],
    ['20,5', '20.5'],
    ['100', '100'],
  ])('reads %s as %s', (value, rate) => expect(parseVatRate(value)).toBe(rate));

  it.each(['', 'abc', '-1', '101', '21%', '1.234'])('refuses %j', (value) => expect(parseVatRate(value)).toBeNull());
});
