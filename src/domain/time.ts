/**
 * Business time (docs/rules.md, 'Business time'): Europe/Amsterdam decides "today at 12:00",
 * month boundaries and usage dates. The API speaks Unix seconds and ISO dates.
 */
export const BUSINESS_TIME_ZONE = 'Europe/Amsterdam';

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/**
 * The time zone database's formatter, made on first use: creating one loads ICU's zone data, 15–20 ms
 * on a page's first load. The rule below answers for every instant from 1996 to 2099 without it.
 */
let partsFormatter: Intl.DateTimeFormat | null = null;
const businessTimeFormatter = () =>
  (partsFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

interface ZonedParts extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock parts in the business zone, from the time zone database (any instant). */
export const zonedPartsFromDatabase = (epochMs: number): ZonedParts => {
  const out: Record<string, number> = {};
  for (const p of businessTimeFormatter().formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year,
    month: out.month,
    day: out.day,
    hour: out.hour,
    minute: out.minute,
    second: out.second,
  };
};

const HOUR_MS = 3_600_000;
/** The years for which Amsterdam's offset follows the EU rule below (the database agrees; time.test.ts checks). */
const RULE_YEARS = { from: 1996, to: 2099 };

/** The last Sunday of a month (0-11) at 01:00 UTC, in epoch ms. */
const lastSundayAt1Utc = (year: number, monthIndex: number): number => {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
};

/**
 * Europe/Amsterdam's offset from UTC by the EU rule (Directive 2000/84/EC, the database's rule
 * for Amsterdam since 1996): UTC+2 from the last Sunday of March to the last Sunday of October,
 * both at 01:00 UTC, UTC+1 otherwise. Null outside RULE_YEARS, where the database answers.
 */
const ruleOffsetMs = (epochMs: number): number | null => {
  const year = new Date(epochMs).getUTCFullYear();
  if (!(year >= RULE_YEARS.from && year <= RULE_YEARS.to)) return null;
  return epochMs >= lastSundayAt1Utc(year, 2) && epochMs < lastSundayAt1Utc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
};

/** The wall-clock parts of an instant in the business zone (seconds truncated, as the database gives them). */
export const zonedParts = (epochMs: number): ZonedParts => {
  const offset = ruleOffsetMs(epochMs);
  if (offset === null) return zonedPartsFromDatabase(epochMs);
  const wall = new Date(epochMs + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
};

/** Offset of the business zone from UTC at an instant, in milliseconds. */
const offsetAt = (epochMs: number): number => {
  const offset = ruleOffsetMs(epochMs);
  if (offset !== null) return offset;
  const p = zonedPartsFromDatabase(epochMs);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
};

/** Epoch seconds of a wall-clock time in the business zone. */
export const businessTimeToEpoch = (
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number => {
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  let guess = naive - offsetAt(naive);
  // A second pass settles instants next to a daylight-saving switch.
  guess = naive - offsetAt(guess);
  return Math.floor(guess / 1000);
};

export const businessDateOf = (epochSeconds: number): CalendarDate => {
  const { year, month, day } = zonedParts(epochSeconds * 1000);
  return { year, month, day };
};

/** docs/rules.md, 'Business time': "today at noon" in the business zone, as epoch seconds. */
export const todayNoon = (nowMs: number = Date.now()): number => {
  const { year, month, day } = zonedParts(nowMs);
  return businessTimeToEpoch(year, month, day, 12);
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export const isoDate = ({ year, month, day }: CalendarDate): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * A calendar month (month 1-12): the one shape of "a month" from the month pickers to the cost
 * engine. Its written forms are `monthKey` ('YYYY-MM', in answers and maps) and `monthStart`
 * ('YYYY-MM-01', in the database, the API's `costs_date_from` and the month pickers).
 */
export interface Month {
  year: number;
  month: number;
}

/**
 * A range of ISO dates ('YYYY-MM-DD'), both days included, as written: how a period travels in
 * addresses and calls. Once checked its days are a `CalendarRange` (domain/dateRange.ts).
 */
export interface DateRange {
  from: string;
  to: string;
}

/** A range of calendar months, both included: the months a costs call covers (docs/costs.md). */
export interface MonthRange {
  from: Month;
  to: Month;
}

/**
 * A period of instants [start, end), no end: still running: a service's active period, in which
 * it holds its phone numbers (docs/rules.md, 'Phone numbers are global'). The API writes it in
 * Unix seconds (domain/closedMonths.ts, `ServicePeriod`).
 */
export interface ActivePeriod {
  start: Date;
  end: Date | null;
}

/** A month as 'YYYY-MM': the key of a month in answers, maps and file names. */
export const monthKey = ({ year, month }: Month): string => `${pad(year, 4)}-${pad(month)}`;

/** A month's first day as an ISO date ('YYYY-MM-01'): how the database keys a month. */
export const monthStart = (month: Month): string => `${monthKey(month)}-01`;

export const parseIsoDate = (value: string): CalendarDate | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) return null;
  return date;
};

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The month `delta` months after (or before) `month`. */
export const shiftMonth = ({ year, month }: Month, delta: number): Month => {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

export const previousMonth = (month: Month): Month => shiftMonth(month, -1);

/** Adds months to a year/month pair (month 1-12), returning the first day. */
export const addMonths = (year: number, month: number, delta: number): CalendarDate => ({
  ...shiftMonth({ year, month }, delta),
  day: 1,
});

/** The month of an ISO date ('YYYY-MM-DD'), or null when it is not a real date. */
export const monthOf = (isoDateText: string): Month | null => {
  const date = parseIsoDate(isoDateText);
  return date && { year: date.year, month: date.month };
};

/** The month of a 'YYYY-MM' key (`monthKey`, e.g. the address's `?maand=2026-09`), or null when it names none. */
export const parseMonthKey = (key: string | null | undefined): Month | null => {
  const m = /^(\d{4})-(\d{2})$/.exec(key ?? '');
  if (!m) return null;
  const month = { year: Number(m[1]), month: Number(m[2]) };
  return month.month >= 1 && month.month <= 12 ? month : null;
};

/** The business month of an instant (Europe/Amsterdam). */
export const currentMonth = (nowMs: number = Date.now()): Month => {
  const { year, month } = zonedParts(nowMs);
  return { year, month };
};

/**
 * The month before the current one: the last whole month, whose costs are on the last bill. Kosten
 * and Verbruik open on it when the address names no month (28-11-2026 opens on oktober 2026).
 */
export const lastWholeMonth = (nowMs: number = Date.now()): Month => previousMonth(currentMonth(nowMs));

/** The first day of `from` to the last day of `to` (by default the one month `from`). */
export const monthRange = (from: Month, to: Month = from): DateRange => ({
  from: monthStart(from),
  to: isoDate({ year: to.year, month: to.month, day: daysInMonth(to.year, to.month) }),
});

export const DUTCH_MONTHS = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** "mei 2026" */
export const monthLabel = ({ year, month }: Month): string => `${DUTCH_MONTHS[month - 1]} ${year}`;

export interface MonthOption {
  /** The month's first day (`monthStart`): the picker's value, and the API's `costs_date_from`. */
  value: string;
  /** Dutch label, e.g. "november 2026". */
  label: string;
}

/**
 * docs/screens.md, 'Dashboard': the bundle dropdown lists the current month plus the six before it,
 * newest first, with Dutch labels.
 */
export const monthOptions = (nowMs: number = Date.now(), previous = 6): MonthOption[] => {
  const now = currentMonth(nowMs);
  return Array.from({ length: previous + 1 }, (_, i) => {
    const month = shiftMonth(now, -i);
    return { value: monthStart(month), label: monthLabel(month) };
  });
};
