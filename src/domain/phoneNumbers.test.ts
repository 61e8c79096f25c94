import { canonicalNumber, holdsDigit } from './phoneNumbers';

describe('canonicalNumber: the one form numbers are stored, matched and compared in', () => {
  it.each([
    ['0612345678', '0612345678'],
    ['06-12345678', '0612345678'],
    ['06 1234 5678', '0612345678'],
    ['06.12.34.56.78', '0612345678'],
    ['+31 6 1234 5678', '0612345678'],
    ['+31612345678', '0612345678'],
    ['0031612345678', '0612345678'],
    ['0031 (0)6 1234 5678', '0612345678'],
    ['+31(0)612345678', '0612345678'],
    ['+31 06 1234 5678', '0612345678'],
    ['(020) 1234567', '0201234567'],
    ['020-1234567', '0201234567'],
    ['+32 470 12 34 56', '0032470123456'],
    ['0032470123456', '0032470123456'],
    ['+39 06 1234 5678', '00390612345678'],
    ['+39 (0)6 1234 5678', '0039612345678'],
    ['1200', '1200'],
    ['112', '112'],
    ['31612345678', '31612345678'],
  ])('%s → %s', (written, canonical) => expect(canonicalNumber(written)).toBe(canonical));

  it.each(['internet', '', '+', '()', '06\\x', '06+12345678', '06/12345678', '06\u000012345678', '０６１２３４５６７８', '06 1234 5678 ext'])(
    '%j is not a number',
    (value) => expect(canonicalNumber(value)).toBeNull(),
  );

  it('answers a canonical number as it is', () => {
    const value = '0612345678';
    expect(canonicalNumber(value)).toBe(value);
  });
});

describe('holdsDigit', () => {
  it.each([
    ['internet', false],
    ['', false],
    ['06', true],
    ['０６', true],
    ['٣', true],
    ['\u{1D7CE}', true],
  ])('%j → %s', (value, expected) => expect(holdsDigit(value)).toBe(expected));
});
