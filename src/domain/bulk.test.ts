import { activeBulkCount, futureNetChange, keepsTotalsNonNegative, withRunningTotals } from './bulk';

const noon = 1_700_000_000;
const entries = [
  { id: 1, amount: 25, time: noon - 400 * 86400 },
  { id: 2, amount: 5, time: noon - 95 * 86400 },
  { id: 3, amount: -3, time: noon - 32 * 86400 },
  { id: 4, amount: 10, time: noon + 15 * 86400 },
];

describe('bulk services', () => {
  it('counts the total of the latest entry not after today noon', () => {
    expect(activeBulkCount(entries, noon)).toBe(27);
    expect(activeBulkCount(entries, noon + 15 * 86400)).toBe(37);
    expect(activeBulkCount(entries, noon - 401 * 86400)).toBe(0);
  });

  it('counts an entry exactly at today noon as active', () => {
    expect(activeBulkCount([{ id: 1, amount: 4, time: noon }], noon)).toBe(4);
  });

  it('shows the future net change', () => {
    expect(futureNetChange(entries, noon)).toBe(10);
  });

  it('keeps running totals in time order, whatever the insertion order', () => {
    expect(withRunningTotals([entries[3], entries[0], entries[2], entries[1]]).map((e) => e.total)).toEqual([25, 30, 27, 37]);
  });

  it('refuses a removal that would make any running total negative', () => {
    expect(keepsTotalsNonNegative([...entries, { id: 5, amount: -30, time: noon - 10 * 86400 }])).toBe(false);
    expect(keepsTotalsNonNegative([...entries, { id: 5, amount: -27, time: noon - 10 * 86400 }])).toBe(true);
    // Removing before a later add still fails if the total dips below zero in between.
    expect(keepsTotalsNonNegative([...entries, { id: 5, amount: -28, time: noon + 86400 }])).toBe(false);
  });
});
