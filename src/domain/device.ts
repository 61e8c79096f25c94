/**
 * A session's device as the user recognises it in 'Mijn account' ("Chrome op Windows"), read
 * from the User-Agent header of the browser that logged in. Only the browser family and the
 * operating system: versions change with every update and would make one device look like many.
 */

/** First match wins: browsers that build on Chrome's engine name Chrome in their header too. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iPhone and iPad before macOS and Android before Linux: their headers name the other too. */
const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPod\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Onbekend apparaat';

const firstMatch = (userAgent: string, table: [RegExp, string][]): string | null =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;

/** "Chrome op Windows", the browser or the system alone when only one is known, else 'Onbekend apparaat'. */
export const deviceName = (userAgent: string | null | undefined): string => {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} op ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
};
