import { MSG } from './messages';
import { visibleLetterCount } from './text';

/**
 * Why someone manages another company (docs/security.md, impersonation), in their own words, counted after trimming,
 * with at least `min` letters or digits a reader sees (invisible and filler characters do not count).
 */
export const IMPERSONATION_REASON_LENGTH = { min: 3, max: 500 } as const;

/** What is wrong with the reason for managing a company (Dutch), or null when it will do. */
export const reasonProblemOf = (reason: string): string | null => {
  const { length } = reason.trim();
  if (length === 0) return MSG.impersonationReasonRequired;
  if (length > IMPERSONATION_REASON_LENGTH.max || visibleLetterCount(reason) < IMPERSONATION_REASON_LENGTH.min) {
    return MSG.impersonationReasonLength;
  }
  return null;
};
