import { textProblemOf, visibleLetterCount } from './text';

describe('textProblemOf', () => {
  it('accepts ordinary Dutch text, emoji and accents', () => {
    expect(textProblemOf('Jan-Willem van der Berg')).toBeNull();
    expect(textProblemOf('Crème brûlée 🍮 & Zoon')).toBeNull();
  });

  it('refuses NUL, lone surrogates and control characters everywhere', () => {
    expect(textProblemOf('a\u0000b', 'multi-line')).toMatch(/nul-teken/);
    expect(textProblemOf('a\uD800b', 'multi-line')).toMatch(/ongeldig teken/);
    expect(textProblemOf('\uDC00', 'multi-line')).toMatch(/ongeldig teken/);
    expect(textProblemOf('a\u001Bb', 'multi-line')).toMatch(/stuurtekens/);
    expect(textProblemOf('a\u007Fb', 'multi-line')).toMatch(/stuurtekens/);
    expect(textProblemOf('a\u0085b', 'multi-line')).toMatch(/stuurtekens/);
  });

  it('refuses line breaks and tabs in one-line text only', () => {
    for (const text of ['Jan\nPiet', 'Jan\r\nBcc: x@y.nl', 'a\tb', 'a\u2028b']) {
      expect(textProblemOf(text)).toBe('mag geen regeleinde of tab bevatten');
      expect(textProblemOf(text, 'multi-line')).toBeNull();
    }
  });

  it('refuses bidi controls, zero-width and filler characters, except in secrets', () => {
    const hidden = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u00ad'];
    for (const char of hidden) {
      expect(textProblemOf(`Jan${char}sen`)).toBe('mag geen onzichtbare tekens of tekens voor de leesrichting bevatten');
      expect(textProblemOf(`Jan${char}sen`, 'multi-line')).toBe('mag geen onzichtbare tekens of tekens voor de leesrichting bevatten');
      expect(textProblemOf(`Jan${char}sen`, 'secret')).toBeNull();
    }
  });

  it('accepts accents, emoji and emoji joined into one', () => {
    expect(textProblemOf('Café Noël, naïef 😀')).toBeNull();
    expect(textProblemOf('Gezin 👨\u200d👩\u200d👧 en 🏳️\u200d🌈, 👩🏽\u200d💻')).toBeNull();
  });
});

describe('visibleLetterCount', () => {
  it('counts letters and digits, not fillers', () => {
    expect(visibleLetterCount('ab1 é')).toBe(4);
    expect(visibleLetterCount('\u3164\u115f\u1160\uffa0\u2800')).toBe(0);
  });
});
