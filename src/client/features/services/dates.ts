import moment from '../../base/moment';
import { formatDate } from '../../../domain/format';
import { businessDateOf, businessTimeToEpoch, isoDate, parseIsoDate, zonedParts } from '../../../domain/time';

/**
 * Date inputs show wall-clock times of the business zone (Europe/Amsterdam, decisions section 4),
 * whatever zone the browser is in; the API gets the instant as an ISO date-time with offset.
 */

const DATE_TIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the value of an `<input type="datetime-local">`: `2026-11-22T12:00`. */
export const toDateTimeInput = (epochSeconds: number): string => {
  const p = zonedParts(epochSeconds * 1000);
  return `${isoDate(p)}T${pad(p.hour)}:${pad(p.minute)}`;
};

/** The instant of a datetime-local value, or null when it is empty or incomplete. */
export const fromDateTimeInput = (value: string): number | null => {
  const match = DATE_TIME_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (!parseIsoDate(`${match[1]}-${match[2]}-${match[3]}`)) return null;
  return businessTimeToEpoch(year, month, day, hour, minute);
};

/** The instant as the API takes it: `2026-11-22T12:00:00+01:00`. */
export const toApiDateTime = (epochSeconds: number): string => moment.unix(epochSeconds).format();

/** Today as the value of an `<input type="date">`, in the business zone. */
export const todayDateInput = (nowMs: number = Date.now()): string => isoDate(businessDateOf(Math.floor(nowMs / 1000)));

/** 12:00 business time of a date input's day: the moment a bulk change takes effect. */
export const noonOfDateInput = (value: string): number | null => {
  const date = parseIsoDate(value);
  return date ? businessTimeToEpoch(date.year, date.month, date.day, 12) : null;
};

/** Spec section 4: an end date today or earlier has ended the service. */
export const endsTodayOrEarlier = (endSeconds: number, nowMs: number = Date.now()): boolean =>
  isoDate(businessDateOf(endSeconds)) <= isoDate(businessDateOf(Math.floor(nowMs / 1000)));

export const DAY_SECONDS = 24 * 60 * 60;

/** Whether an instant falls before `firstDay` ('YYYY-MM-DD', business zone): in a billed month. */
export const beforeDay = (epochSeconds: number, firstDay: string): boolean => isoDate(businessDateOf(epochSeconds)) < firstDay;

/** What a date field says when its date lies in a billed month (decisions section 13). */
export const billedMonthHint = (firstDay: string): string =>
  `Kies ${formatDate(noonOfDateInput(firstDay)!)} of later: eerdere maanden zijn al gefactureerd.`;
