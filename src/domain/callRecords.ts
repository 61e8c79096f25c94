/**
 * Call records (usage records) as people see them.
 *
 * Decisions section 7: a record belongs to its own number, the receiver's for incoming calls and
 * texts, the sender's for everything else (data included). The other party is the record's other
 * number.
 *
 * Privacy (issue 20): on a customer's call records the other party's number shows with its last
 * three digits masked, as Dutch providers print itemised bills ('0612345678' → '0612345***'); provider
 * staff see it whole. Text that is not a number (a data record's 'internet') stays as it is.
 */

export interface PartyNumbers {
  direction: string;
  type: string;
  sender: string;
  receiver: string;
}

/** True when the record belongs to its receiver's number (incoming calls and texts). */
export const ownedByReceiver = (direction: string, type: string): boolean => direction === 'inkomend' && type !== 'data';

/** A phone number: an optional '+' and at least four digits. */
const PHONE_NUMBER = /^\+?\d{4,}$/;

/** The number with its last three digits masked; anything else unchanged. */
export const maskNumber = (value: string): string => (PHONE_NUMBER.test(value) ? `${value.slice(0, -3)}***` : value);

/** The record with its other party's number masked. */
export const maskOtherParty = <R extends PartyNumbers>(record: R): R =>
  ownedByReceiver(record.direction, record.type)
    ? { ...record, sender: maskNumber(record.sender) }
    : { ...record, receiver: maskNumber(record.receiver) };
