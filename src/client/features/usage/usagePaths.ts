/**
 * The addresses below /verbruik: the route patterns, relative to it. Their links are in
 * base/paths.ts (paths.usage, paths.usageOfMonth, paths.usageDetail), as the menu, the costs and
 * the dashboard link to them as well.
 */
export const USAGE = 'verbruik';
export const USAGE_DETAIL = ':userId/:userName/:userPhoneNumber';
