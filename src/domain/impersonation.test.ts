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
});
