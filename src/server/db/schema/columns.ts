import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money and rates: exact decimals with 6 places (docs/rules.md, 'Exact money'), read as strings. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 6 });

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
