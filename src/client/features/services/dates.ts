import moment from '../../base/moment';
import { formatDate } from '../../../domain/format';
import { businessDateOf, businessTimeToEpoch, isoDate, parseIsoDate } from '../../../domain/time';

/**
 * Date fields (components/DateField.tsx) hold a day of the business zone (Europe/Amsterdam,
 * docs/rules.md, 'Business time') as an ISO date, whatever zone the browser is in. A start or a bulk change
 * takes effect at 12:00 of its day, a service's end at 00:00 of its day; the API gets the instant
 * as an ISO date-time with offset.
 */

/** The business day of an instant as a date field's value: `2026-11-22`. */
export const toDateInput = (epochSeconds: number): string => isoDate(businessDateOf(epochSeconds));

/** The instant as the API takes it: `2026-11-22T12:00:00+01:00`. */
export const toApiDateTime = (epochSeconds: number): string => moment.unix(epochSeconds).format();

/** Today as a date field's value, in the business zone. */
export const todayDateInput = (nowMs: number = Date.now()): string => isoDate(businessDateOf(Math.floor(nowMs / 1000)));

/**
 * 00:00 business time of a date field's day: when a service ended on that day stops. It is active
 * up to and including the day before (docs/costs.md, '1. Active days'), and no longer listed from that day on.
 */
export const midnightOfDateInput = (value: string): number | null => {
  const date = parseIsoDate(value);
  return date ? businessTimeToEpoch(date.year, date.month, date.day) : null;
};

/** 12:00 business time of a date input's day: the moment a bulk change or a service start takes effect. */
export const noonOfDateInput = (value: string): number | null => {
  const date = parseIsoDate(value);
  return date ? businessTimeToEpoch(date.year, date.month, date.day, 12) : null;
};

/** docs/screens.md, 'Editing a service': an end date today or earlier has ended the service. */
export const endsTodayOrEarlier = (endSeconds: number, nowMs: number = Date.now()): boolean =>
  isoDate(businessDateOf(endSeconds)) <= isoDate(businessDateOf(Math.floor(nowMs / 1000)));

/** Whether an instant falls before `firstDay` ('YYYY-MM-DD', business zone): in a billed month. */
export const beforeDay = (epochSeconds: number, firstDay: string): boolean => isoDate(businessDateOf(epochSeconds)) < firstDay;

/** What a date field says when its date lies in a billed month (docs/rules.md, 'Billed months are closed'). */
export const billedMonthHint = (firstDay: string): string =>
  `Kies ${formatDate(noonOfDateInput(firstDay)!)} of later: eerdere maanden zijn al gefactureerd.`;
