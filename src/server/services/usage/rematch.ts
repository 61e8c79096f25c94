import { sql } from 'drizzle-orm';
import { isProviderStaff } from '../../../domain/permissions';
import type { ActivePeriod } from '../../../domain/time';
import { type Db, queryRows } from '../../db';
import type { AuditActor } from '../audit';
import { OWN_NUMBER_SQL } from './history';
import { importUsage, type UsageImportResult } from './import';

/**
 * Records that matched no service are kept aside (`usage_unmatched`) and belong to nobody until
 * provider staff attach them (docs/rules.md, 'Kept-aside usage'): when staff register a service
 * with such a number, or correct its dates or numbers, the kept records of its numbers are
 * matched to it; from the admin's list of kept numbers, staff attach a number's records to
 * whichever service held it at each record's time. A customer's own save attaches nothing.
 *
 * The records go through the import itself, in the caller's transaction: read back as a usage
 * file, they are matched by the same rules, land in the months' records and aggregates,
 * recompute the group bundles of the months they touch, leave `usage_unmatched` (their keys are
 * the ones they were kept under), and appear in the import history and the audit log as
 * 'Later gekoppeld: {nummers}' with the acting user. All or nothing with the save that caused
 * it; idempotent (records already in place are duplicates to the import). Records no service
 * held at their time stay kept aside.
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

/**
 * The kept records of these numbers (in the period, when one is given) as the lines of a usage
 * file, in business time as they came. (The period only narrows what is read back; the import
 * decides what matches.)
 */
const keptRecordsOf = (tx: Db, numbers: string[], period: ActivePeriod | null) =>
  queryRows<KeptRecord>(
    tx,
    sql`select to_char(record_time at time zone 'Europe/Amsterdam', 'DD-MM-YYYY') as datum,
        to_char(record_time at time zone 'Europe/Amsterdam', 'HH24:MI:SS') as tijd,
        sender, receiver, direction, type, length::text as length, bundle, price::text as price
      from usage_unmatched
      where ${OWN_NUMBER_SQL} in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})
        ${period ? sql`and record_time >= ${period.start.toISOString()}::timestamptz` : sql``}
        ${period?.end ? sql`and record_time < ${period.end.toISOString()}::timestamptz` : sql``}
      order by record_time, id`,
  );

/** Who attaches: the audit log's actor, with the acting user's own role. */
export type AttachingActor = AuditActor & { roleId: number };

/** Imports the kept records of `numbers` (in the period, when one is given); null when none are kept. */
const importKeptRecords = async (tx: Db, actor: AttachingActor, numbers: string[], period: ActivePeriod | null): Promise<UsageImportResult | null> => {
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

/**
 * A service's save: matches the kept records of `numbers` in the period the service holds them,
 * when provider staff save it (their own role counts, also while managing a company); null when
 * a customer saves it or none are kept.
 */
export const matchKeptRecords = (tx: Db, actor: AttachingActor, numbers: string[], period: ActivePeriod): Promise<UsageImportResult | null> =>
  isProviderStaff(actor.roleId) ? importKeptRecords(tx, actor, numbers, period) : Promise.resolve(null);

/**
 * The admin's list of kept numbers: attaches all kept records of the number to the service that
 * held it at each record's time, by the import's rules (the records of a time no service, or
 * services of two companies, held it stay kept). Null when nothing is kept for the number.
 * Only for provider staff: the route's permission (UPLOAD_CDR) is theirs alone.
 */
export const attachKeptNumber = (tx: Db, actor: AttachingActor, number: string): Promise<UsageImportResult | null> =>
  importKeptRecords(tx, actor, [number], null);
