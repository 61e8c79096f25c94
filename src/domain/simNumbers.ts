/**
 * SIM numbers (ICCID) and PUK codes as the portal takes them (docs/requests.md, 'PUK codes' and
 * 'Kinds'): the handler's new SIM number, the PUK import and the PUK look-up use one rule, so a
 * SIM number entered in one place is found in the other. Pure, shared by server and client.
 */

/** An ICCID has 18 to 22 digits (ITU-T E.118; most SIM cards print 19 or 20). */
export const SIM_NUMBER_DIGITS = { min: 18, max: 22 } as const;

export const SIM_MSG = {
  simNumberInvalid: `Een SIM nummer bestaat uit ${SIM_NUMBER_DIGITS.min} tot ${SIM_NUMBER_DIGITS.max} cijfers.`,
  pukInvalid: 'Een PUK-code bestaat uit 8 cijfers.',
} as const;

/**
 * A SIM number as it is stored and looked up: spaces (before, after and between groups of
 * digits, as cards print them) left out: ` 8931 0412 3456 7890 123 ` is `8931041234567890123`.
 */
export const normaliseSimNumber = (value: string): string => value.replace(/\s+/g, '');

/** Why `value` is no SIM number (a Dutch sentence), or null when it is one. */
export const simNumberProblem = (value: string): string | null => {
  const digits = normaliseSimNumber(value);
  const { min, max } = SIM_NUMBER_DIGITS;
  return new RegExp(`^\\d{${min},${max}}$`).test(digits) ? null : SIM_MSG.simNumberInvalid;
};

/** A PUK code is 8 digits (spaces around it left out). */
export const isPukCode = (value: string): boolean => /^\d{8}$/.test(value.trim());
