import { MSG } from './messages';
import { reasonProblemOf } from './impersonation';

describe('reasonProblemOf', () => {
  it('asks for a reason when there is none but white space', () => {
    expect(reasonProblemOf('')).toBe(MSG.impersonationReasonRequired);
    expect(reasonProblemOf('   ')).toBe(MSG.impersonationReasonRequired);
  });

  it('takes 3 to 500 characters, counted after trimming', () => {
    expect(reasonProblemOf('  ab  ')).toBe(MSG.impersonationReasonLength);
    expect(reasonProblemOf('abc')).toBeNull();
    expect(reasonProblemOf(` ${'x'.repeat(500)} `)).toBeNull();
    expect(reasonProblemOf('x'.repeat(501))).toBe(MSG.impersonationReasonLength);
  });

  it('counts only letters and digits a reader sees', () => {
    expect(reasonProblemOf('\u200b\u200b\u200bab')).toBe(MSG.impersonationReasonLength);
    expect(reasonProblemOf('\u3164\u3164\u3164')).toBe(MSG.impersonationReasonLength);
    expect(reasonProblemOf('a\u2800\u115F\uFFA0b')).toBe(MSG.impersonationReasonLength);
    expect(reasonProblemOf('...')).toBe(MSG.impersonationReasonLength);
    expect(reasonProblemOf('Storing 2e lijn')).toBeNull();
    expect(reasonProblemOf('Één 🙂')).toBeNull();
  });
});
