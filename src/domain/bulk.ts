/** A bulk service entry: positive adds units from `time`, negative removes them (docs/rules.md, 'Bulk services'). */
export interface BulkEntry {
  id: number;
  amount: number;
  /** Unix seconds. */
  time: number;
}

export interface BulkEntryWithTotal extends BulkEntry {
  /** The running total after this entry. */
  total: number;
}

const byTime = (a: BulkEntry, b: BulkEntry) => a.time - b.time || a.id - b.id;

/** docs/rules.md, 'Bulk services': entries form a running total in time order. */
export const withRunningTotals = (entries: readonly BulkEntry[]): BulkEntryWithTotal[] => {
  let total = 0;
  return [...entries].sort(byTime).map((e) => {
    total += e.amount;
    return { ...e, total };
  });
};

/** docs/rules.md, 'Bulk services': the active count is the total of the latest entry not after `at` (today 12:00). */
export const activeBulkCount = (entries: readonly BulkEntry[], at: number): number =>
  entries.reduce((sum, e) => (e.time <= at ? sum + e.amount : sum), 0);

/** The net change of the entries still to come after `at`. */
export const futureNetChange = (entries: readonly BulkEntry[], at: number): number =>
  entries.reduce((sum, e) => (e.time > at ? sum + e.amount : sum), 0);

/** Entries after `at`, in time order, with their running totals. */
export const futureMutations = (entries: readonly BulkEntry[], at: number): BulkEntryWithTotal[] =>
  withRunningTotals(entries).filter((e) => e.time > at);

/** A change is allowed only when no running total ever drops below zero. */
export const keepsTotalsNonNegative = (entries: readonly BulkEntry[]): boolean =>
  withRunningTotals(entries).every((e) => e.total >= 0);
