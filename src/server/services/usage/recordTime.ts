/**
 * When a usage record happened (docs/rules.md, 'Business time'; docs/usage.md, 'Import'): its
 * instant, to match it to the service that held its number then, and its `record_time` as the
 * database stores it. Both read the wall time as PostgreSQL's `AT TIME ZONE 'Europe/Amsterdam'` does.
 */
import { BUSINESS_TIME_ZONE, businessTimeToEpoch } from '../../../domain/time';
import type { DateCell } from './recordFields';

/**
 * The instants of a day's hours in business time (domain/time; `businessTime.test.ts` proves it
 * equals PostgreSQL's `AT TIME ZONE 'Europe/Amsterdam'` for every hour of 1996-2099). An hour whose
 * last second is not 3599 seconds after its start has a change of offset inside (only in historic
 * dates: from 1996 on clocks change on whole hours): NaN, its times are converted one by one.
 */
const hourStarts = ({ year, month, day }: DateCell): Float64Array => {
  const hours = new Float64Array(24);
  for (let hour = 0; hour < 24; hour += 1) {
    const start = businessTimeToEpoch(year, month, day, hour);
    hours[hour] = businessTimeToEpoch(year, month, day, hour, 59, 59) - start === 3599 ? start : NaN;
  }
  return hours;
};

/**
 * The record's instant, epoch seconds: a wall time in the hour skipped in spring has the offset
 * before the change (02:30 is 01:30 UTC), one in the hour repeated in autumn is its second
 * occurrence (standard time) — both as PostgreSQL's `AT TIME ZONE` reads them, so a record is
 * matched at the instant the database stores for it. Per day its hours are converted once.
 */
export const instantOf = (date: DateCell, seconds: number): number => {
  const hour = Math.floor(seconds / 3600);
  const start = (date.hours ??= hourStarts(date))[hour];
  if (!Number.isNaN(start)) return start + (seconds % 3600);
  return businessTimeToEpoch(date.year, date.month, date.day, hour, Math.floor(seconds / 60) % 60, seconds % 60);
};

/**
 * The record_time of a COPY row: the wall time as the file gives it with the business zone's name,
 * which PostgreSQL reads exactly as its `AT TIME ZONE 'Europe/Amsterdam'` (the same offset rule for
 * the skipped and the repeated hour). So a record is stored at the instant the import always gave
 * it, for every year: before 1970 time zone databases disagree (Debian's PostgreSQL keeps
 * Amsterdam's own history, Node's ICU and PGlite follow Brussels), where domain/time, which
 * matches the service, is only as exact as Node's.
 */
export const recordTime = (date: DateCell, tijd: string) => `${date.iso} ${tijd} ${BUSINESS_TIME_ZONE}`;
