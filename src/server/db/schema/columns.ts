import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money and rates: exact decimals with 6 places (decisions section 4), read as strings. */
export const money = (name: string) => numeric(name, { precision: 18, scale: 6 });

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
