import { textProblemOf } from './text';

describe('textProblemOf', () => {
  it('accepts ordinary Dutch text, emoji and accents', () => {
    expect(textProblemOf('Jan-Willem van der Berg')).toBeNull();
    expect(textProblemOf('Crème brûlée 🍮 & Zoon')).toBeNull();
  });

  it('refuses NUL, lone surrogates and control characters everywhere', () => {
    expect(textProblemOf('a\u0000b', true)).toMatch(/nul-teken/);
    expect(textProblemOf('a\uD800b', true)).toMatch(/ongeldig teken/);
    expect(textProblemOf('\uDC00', true)).toMatch(/ongeldig teken/);
    expect(textProblemOf('a\u001Bb', true)).toMatch(/stuurtekens/);
    expect(textProblemOf('a\u007Fb', true)).toMatch(/stuurtekens/);
    expect(textProblemOf('a\u0085b', true)).toMatch(/stuurtekens/);
  });

  it('refuses line breaks and tabs in one-line text only', () => {
    for (const text of ['Jan\nPiet', 'Jan\r\nBcc: x@y.nl', 'a\tb', 'a\u2028b']) {
      expect(textProblemOf(text)).toBe('mag geen regeleinde of tab bevatten');
      expect(textProblemOf(text, true)).toBeNull();
    }
  });
});
