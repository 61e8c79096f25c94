import { type DateRange, type Month, monthOptions, monthRange, shiftMonth } from '../../../domain/time';

/**
 * The months of the costs screens: the month picker's and the bar chart's. A module of its own,
 * without the figures of costsModel.ts: routes.tsx asks /kosten's first data with them during every
 * page's start-up, and costsModel.ts reads amounts with decimal.js, which no page's first render
 * should load (docs/performance.md, 'The first render's JavaScript').
 */

/** The month picker: the current month and the 23 before it, newest first, Dutch labels. */
export const costsMonthOptions = (nowMs: number = Date.now()) => monthOptions(nowMs, 23);

/** Number of months in the bar chart, the chosen month the last of them. */
const CHART_MONTHS = 12;

/** The months of the bar chart, oldest first: the chosen month and the eleven before it. */
export const chartMonths = (last: Month): Month[] => Array.from({ length: CHART_MONTHS }, (_, i) => shiftMonth(last, i + 1 - CHART_MONTHS));

/** The dates of the bar chart's months. */
export const chartPeriod = (last: Month): DateRange => monthRange(shiftMonth(last, 1 - CHART_MONTHS), last);
