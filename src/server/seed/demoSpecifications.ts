import { currentMonth, shiftMonth } from '../../domain/time';
import type { Db } from '../db';
import { exportCompanies } from '../services/costs/billingExport';
import { finalizeMonths } from '../services/costSpecification/store';

/**
 * Demo cost specifications (README.md, 'Demo accounts'): version 1 of the month before the last
 * whole month for every customer company and the group, as if the provider's billing export of
 * that month had run (docs/cost-specification.md, 'Final once billed'); nobody is mailed at seed.
 * Run after seedDemoUsage, so the stored usage is the month's.
 */
export const seedDemoSpecifications = async (db: Db, vatRate: string, now: Date = new Date()): Promise<void> => {
  const nowMs = now.getTime();
  await finalizeMonths(db, undefined, await exportCompanies(db), [shiftMonth(currentMonth(nowMs), -2)], vatRate, nowMs);
};
