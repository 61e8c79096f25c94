import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db';
import type { AuditActor } from '../audit';
import { OWN_NUMBER_SQL } from './history';
import { importUsage, type UsageImportResult } from './import';

/**
 * Decisions section 7 and issue 20: records that matched no service are kept aside
 * (`usage_unmatched`), and when a service with such a number is registered, or its dates or
 * numbers are corrected, the kept records of its numbers are matched to it. They go through the
 * import itself, in the caller's transaction: read back as a usage file, they are matched by the
 * same rules, land in the months' records and aggregates, recompute the group bundles of the
 * months they touch, leave `usage_unmatched` (their keys are the ones they were kept under), and
 * appear in the import history as 'Later gekoppeld: {nummers}'. All or nothing with the save that
 * caused it; idempotent (records already in place are duplicates to the import). Records the
 * service's period does not cover stay kept aside.
 */

const CDR_HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';

/** A cell of the usage file: quoted when it holds a separator, a quote or a line end (the import reads quotes). */
const cdrCell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

interface KeptRecord {
  datum: string;
  tijd: string;
  sender: string;
  receiver: string;
  direction: string;
  type: string;
  length: string;
  bundle: string;
  price: string | null;
}

/** A service's period: from its start, until its end (none: open). */
export interface HeldPeriod {
  start: Date;
  end: Date | null;
}

/**
 * The kept records of these numbers in the period as the lines of a usage file, in business time
 * as they came. (The period only narrows what is read back; the import decides what matches.)
 */
const keptRecordsOf = (tx: Db, numbers: string[], period: HeldPeriod) =>
  queryRows<KeptRecord>(
    tx,
    sql`select to_char(record_time at time zone 'Europe/Amsterdam', 'DD-MM-YYYY') as datum,
        to_char(record_time at time zone 'Europe/Amsterdam', 'HH24:MI:SS') as tijd,
        sender, receiver, direction, type, length::text as length, bundle, price::text as price
      from usage_unmatched
      where ${OWN_NUMBER_SQL} in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})
        and record_time >= ${period.start.toISOString()}::timestamptz
        ${period.end ? sql`and record_time < ${period.end.toISOString()}::timestamptz` : sql``}
      order by record_time, id`,
  );

/** Matches the kept records of `numbers` in the period a service holds them; null when none are kept. */
export const matchKeptRecords = async (tx: Db, actor: AuditActor, numbers: string[], period: HeldPeriod): Promise<UsageImportResult | null> => {
  if (numbers.length === 0) return null;
  const kept = await keptRecordsOf(tx, numbers, period);
  if (kept.length === 0) return null;
  const lines = kept.map((r) =>
    [r.datum, r.tijd, r.sender, r.receiver, r.direction, r.type, r.length, r.bundle, r.price ?? ''].map(cdrCell).join(';'),
  );
  return importUsage(tx, {
    source: [`${CDR_HEADER}\n${lines.join('\n')}\n`],
    fileName: `Later gekoppeld: ${numbers.join(', ')}`,
    actor,
  });
};
