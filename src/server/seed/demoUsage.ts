import { sql } from 'drizzle-orm';
import { addMonths, businessDateOf, daysInMonth, isoDate, todayNoon, type CalendarDate } from '../../domain/time';
import { queryRows, type Db } from '../db';
import { importUsage } from '../services/usage/import';

/**
 * Demo usage (README.md, 'Demo accounts'): records for the last three months, the running month up to
 * today, for the numbers of the Van Dijk branches; a mix of data, calls and texts, in and out of
 * the bundle, some priced, some out-of-bundle data without a price (MB x price_mb), and a few
 * numbers nobody holds (unmatched). Written as a CSV and imported through the real import, so
 * the totals and the group bundle months are what an import gives. About 3,000 records.
 */

const DEMO_COMPANIES = ['Van Dijk Installatietechniek B.V.', 'Van Dijk Elektrotechniek B.V.', 'Van Dijk Service & Onderhoud B.V.'];
const UNKNOWN_NUMBERS = ['0687654321', '0611122233'];
const MB = 1024 * 1024;

/** A small deterministic generator, so every demo start has the same usage. */
const generator = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

const pad = (n: number) => String(n).padStart(2, '0');

export const demoUsageCsv = async (db: Db, now: Date): Promise<string> => {
  const numbers = await queryRows<{ number: string; mobile: boolean }>(
    db,
    sql`select distinct fi.value as number, g.name = 'Mobiele telefonie' as mobile
      from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join article_groups g on g.id = f.article_group_id
        join services s on s.id = fi.service_id
        join companies c on c.id = s.company_id
      where c.name in (${sql.join(DEMO_COMPANIES.map((n) => sql`${n}`), sql`, `)})
      order by number`,
  );
  const lines = ['datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs'];
  const random = generator(20_261_001);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const today = businessDateOf(todayNoon(now.getTime()));
  const contacts = ['0201234567', '0104567890', '0612345678', '0302345678', '0887654321'];
  const record = (day: CalendarDate, hour: number, fields: (string | number)[]) => {
    const time = `${pad(hour)}:${pad(Math.floor(random() * 60))}:${pad(Math.floor(random() * 60))}`;
    lines.push([`${pad(day.day)}-${pad(day.month)}-${day.year}`, time, ...fields].join(';'));
  };
  for (let back = 2; back >= 0; back -= 1) {
    const month = addMonths(today.year, today.month, -back);
    const lastDay = back === 0 ? today.day : daysInMonth(month.year, month.month);
    for (let d = 1; d <= lastDay; d += 1) {
      const day = { ...month, day: d };
      const weekend = new Date(`${isoDate(day)}T12:00:00Z`).getUTCDay() % 6 === 0;
      for (const { number, mobile } of numbers) {
        if (random() < (weekend ? 0.75 : 0.35)) continue;
        const hour = 8 + Math.floor(random() * 10);
        const roll = random();
        if (mobile && roll < 0.4) {
          // Data: mostly in the bundle; now and then out of it, without a price (charged per MB).
          const out = random() < 0.06;
          record(day, hour, [number, 'internet', 'uitgaand', 'data', Math.floor((out ? 50 : 80 + random() * 900) * MB), out ? 'out' : 'in', '']);
        } else if (mobile && roll < 0.55) {
          const out = random() < 0.15;
          record(day, hour, [number, pick(contacts), 'uitgaand', 'sms', 1, out ? 'out' : 'in', out ? '0,10' : '']);
        } else if (roll < 0.8) {
          const seconds = 20 + Math.floor(random() * 900);
          const out = random() < 0.2;
          const price = out ? (Math.ceil(seconds / 60) * 0.12).toFixed(2).replace('.', ',') : '';
          record(day, hour, [number, pick(contacts), 'uitgaand', 'voice', seconds, out ? 'out' : 'in', price]);
        } else {
          record(day, hour, [pick(contacts), number, 'inkomend', 'voice', 20 + Math.floor(random() * 600), 'in', '']);
        }
      }
      if (d % 9 === 0) record(day, 14, [pick(UNKNOWN_NUMBERS), pick(contacts), 'uitgaand', 'voice', 45, 'out', '0,12']);
    }
  }
  return `${lines.join('\n')}\n`;
};

/** Imports the demo usage; run after seedDemoData, in the same transaction. */
export const seedDemoUsage = async (db: Db, now: Date = new Date()): Promise<void> => {
  const csv = await demoUsageCsv(db, now);
  await importUsage(db, { source: [Buffer.from(csv, 'utf8')], fileName: 'demo-verbruik.csv', actor: null });
};
