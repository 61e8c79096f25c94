/**
 * Call records (usage records) as people see them.
 *
 * docs/usage.md, 'Import': a record belongs to its own number, the receiver's for incoming calls and
 * texts, the sender's for everything else (data included). The other party is the record's other
 * number.
 *
 * Privacy (docs/usage.md, 'Detail', and docs/security.md, 'Tenancy'): on a customer's call records the other party's number shows with its last
 * three digits masked, as Dutch providers print itemised bills ('0612345678' → '0612345***'); provider
 * staff see it whole. Masking fails closed: whatever the notation (`+31 6 1234 5678`, a number
 * stored before numbers had one form, full-width digits), the last three digits of any script are
 * masked (domain/phoneNumbers). Text without digits (a data record's 'internet') stays as it is.
 */
import { isAnyDigit } from './phoneNumbers';

export interface PartyNumbers {
  direction: string;
  type: string;
  sender: string;
  receiver: string;
}

/** True when the record belongs to its receiver's number (incoming calls and texts). */
export const ownedByReceiver = (direction: string, type: string): boolean => direction === 'inkomend' && type !== 'data';

/** Digits masked at the end of a number a customer sees. */
const MASKED_DIGITS = 3;

/**
 * The value with its last three digits (of any script, whatever is written between them) masked
 * as `*`: fails closed, so a number in any notation never shows whole. A value without digits
 * ('internet') stays as it is.
 */
export const maskNumber = (value: string): string => {
  const chars = Array.from(value);
  let masked = 0;
  for (let i = chars.length - 1; i >= 0 && masked < MASKED_DIGITS; i -= 1) {
    if (isAnyDigit(chars[i])) {
      chars[i] = '*';
      masked += 1;
    }
  }
  return masked ? chars.join('') : value;
};

/** The record with its other party's number masked. */
export const maskOtherParty = <R extends PartyNumbers>(record: R): R =>
  ownedByReceiver(record.direction, record.type)
    ? { ...record, sender: maskNumber(record.sender) }
    : { ...record, receiver: maskNumber(record.receiver) };
