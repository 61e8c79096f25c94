/**
 * Matching a usage record to its service (docs/usage.md, 'Import', Matching; docs/rules.md, 'Phone
 * numbers are global' and 'Kept-aside usage'): the `used_for_cdr` numbers with the services that
 * held them, loaded once per import, and the one service that held a number at a record's instant.
 */

/** One service carrying a `used_for_cdr` number, with its active period in microseconds since 1970. */
export interface NumberHolder {
  serviceId: number;
  companyId: number;
  start: number;
  end: number | null;
}

/**
 * Every `used_for_cdr` number with its services, the one that wins first: among the services
 * active at a record's instant the one that started last, on equal starts the lowest id.
 */
export type NumberDirectory = Map<string, NumberHolder[]>;

/** A record whose number services of more than one company held at its instant. */
export const AMBIGUOUS = 'ambiguous';

/**
 * The service that held the number at instant `t` (microseconds; a service holds it in [start,
 * end)), or null. Within one company the one that started last wins (a number ended and registered
 * again). Services of two companies at the same instant (data from before numbers were global,
 * docs/rules.md, 'Kept-aside usage') answer AMBIGUOUS: the record is kept aside, never handed to either of them.
 */
export const holderAt = (holders: NumberHolder[] | undefined, t: number): NumberHolder | null | typeof AMBIGUOUS => {
  if (!holders) return null;
  let holder: NumberHolder | null = null;
  for (const h of holders) {
    if (h.start > t || (h.end !== null && h.end <= t)) continue;
    if (!holder) holder = h;
    else if (h.companyId !== holder.companyId) return AMBIGUOUS;
  }
  return holder;
};

export const numberDirectory = (rows: { number: string; serviceId: number; companyId: number; start: number; end: number | null }[]): NumberDirectory => {
  const directory: NumberDirectory = new Map();
  for (const { number, ...holder } of rows) {
    const holders = directory.get(number);
    if (holders) holders.push(holder);
    else directory.set(number, [holder]);
  }
  for (const holders of directory.values()) holders.sort((a, b) => b.start - a.start || a.serviceId - b.serviceId);
  return directory;
};
