import { sql } from 'drizzle-orm';
import { formatDecimal } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { allowLongWork, queryRows, runsEmbedded, type Db } from '../../db';
import { evaluateAlerts, type NewAlert } from '../alerts';
import { audit, type AuditActor } from '../audit';
import { hasGroupBundle, recalculateGroupBundle } from '../groupBundle';
import type { RawClient } from './copyRows';
import { step } from './importTiming';
import { dropInFileDuplicates, placeNewRecords } from './monthPartitions';
import { checkAhead, stageFile, type CheckedSoFar, type Staged, type UsageUpload } from './stagedFile';
import {
  addToCompanyMonths,
  addToMonthly,
  addToNumberDays,
  addToNumberMonths,
  markSharedNumbers,
  stageNewTotals,
} from './totalsTables';

/**
 * The usage (CDR) import, docs/usage.md, 'Import'. One transaction; Node types the lines, PostgreSQL
 * stores them:
 *
 * 1. `CdrLineReader` reads the header and turns the rest of the upload, piece by piece with native
 *    string operations, into lines of trimmed cells. Memory holds one piece, never the file.
 * 2. `RecordTyper` checks every line with the same Dutch messages, and for a valid line computes
 *    the business-time instant (domain/time, equal to PostgreSQL's `AT TIME ZONE`), the record key
 *    (SHA-256 of the normalized fields, as always), the service (the `used_for_cdr` numbers, loaded
 *    once) and the price. Matched records are COPYed into a landing table as they are typed,
 *    unmatched ones into `usage_unmatched_new`. Any malformed line refuses the whole file (400
 *    with the first errors); the rollback leaves nothing.
 * 3. After the advisory lock: copies of a record that is twice in the file are dropped; the landing
 *    table of a file of one new month becomes that month's partition (indexes built after the
 *    load, then ATTACH); otherwise the new records (not known yet: a hash anti join with the
 *    months' partitions) go into the existing partitions or new ones. `usage_monthly`,
 *    `usage_number_months`, `usage_number_days` and `usage_company_months` grow by exactly those
 *    rows. Records without a service, or whose number services of two companies held at their
 *    time, go to `usage_unmatched`.
 * 4. The group bundle figures of every month and company that got records are recomputed, the
 *    import is recorded in `usage_imports` and the audit log.
 *
 * Steps 1-2 are ./stagedFile.ts (COPY by ./copyRows.ts), step 3 ./monthPartitions.ts and
 * ./totalsTables.ts; this module holds the transaction, the records kept aside and step 4.
 */

export interface UsageImportResult {
  importId: number;
  /** Valid records in the file. */
  records: number;
  /** Records added to usage_records. */
  imported: number;
  /** Records already known (from an earlier import or earlier in this file). */
  duplicates: number;
  /** New records that match no active service, kept in usage_unmatched. */
  unmatched: number;
  /**
   * Of `unmatched`, the records whose number services of more than one company held at their
   * instant (data from before numbers were global, docs/rules.md, 'Kept-aside usage'): kept aside, given to neither.
   */
  ambiguous: number;
  /** Months (YYYY-MM) that got records. */
  months: string[];
  /** The usage alerts this import recorded (services/alerts.ts), to be mailed after the commit. */
  alerts?: NewAlert[];
}

export interface UsageImportInput extends UsageUpload {
  fileName: string;
  /** Who imports; null for the demo seed. */
  actor: AuditActor | null;
  /** The import's job (./importJob.ts): its row, already written, and where its progress goes. Without it the import writes its row itself. */
  job?: ImportJobProgress;
}

/** An import job as the import reports to it. */
export interface ImportJobProgress {
  id: number;
  checked: CheckedSoFar;
  /** Every line is read and checked; the records are being stored. */
  storing(): Promise<void>;
}

/** Added to the import's answer when records were kept aside because two companies held their number. */
export const ambiguousNote = (count: number) =>
  `${count === 1 ? '1 verbruiksregel is' : `${formatDecimal(count, 0)} verbruiksregels zijn`} apart gezet: het nummer was op dat ` +
  'moment bij meer dan één klant in gebruik. Beëindig een van die afnames en importeer het bestand opnieuw.';

/** What a finished import answers: the success message, and the note on records kept aside. */
export const importMessage = (ambiguous: number) => (ambiguous ? `${MSG.importSuccess} ${ambiguousNote(ambiguous)}` : MSG.importSuccess);

/** An import adding at least this many records refreshes the statistics of the totals tables. */
const ANALYZE_AFTER = 10_000;
/** Serializes imports, so that the duplicate counts of two overlapping imports are exact. */
const IMPORT_LOCK = 7_340_101;

/**
 * A record kept aside earlier whose service has been registered since is matched now and leaves
 * `usage_unmatched`: a probe per kept record (the new partition's record_key index), not a scan of
 * the new records.
 */
const releaseMatchedNow = async (tx: Db, source: string) => {
  await tx.execute(sql`delete from usage_unmatched u where exists (select 1 from ${sql.raw(source)} where n.record_key = u.record_key)`);
};

/** The companies and months that got records, with how many. */
const companyMonthsWithRecords = (tx: Db) =>
  queryRows<{ company_id: number; month: string; imported: number }>(
    tx,
    sql`select company_id, to_char(month, 'YYYY-MM') as month, sum(records)::int as imported
      from usage_new_totals group by company_id, month order by month, company_id`,
  );

/** The file's unmatched records not kept yet go to `usage_unmatched`; answers how many, and how many of them were ambiguous. */
const keepUnmatched = async (tx: Db, importId: number) => {
  const [{ n: unmatched, ambiguous }] = await queryRows<{ n: number; ambiguous: number }>(
    tx,
    sql`with kept as (
        insert into usage_unmatched (import_id, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
        select ${importId}, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key
        from usage_unmatched_new
        on conflict (record_key) do nothing
        returning record_key
      ) select count(*)::int as n,
        count(*) filter (where record_key in (select record_key from usage_unmatched_new where ambiguous))::int as ambiguous
      from kept`,
  );
  return { unmatched, ambiguous };
};

/** Moves the staged records into place, the totals with them, and answers what became of them. */
const storeStaged = async (tx: Db, client: RawClient, importId: number, staged: Staged) => {
  await dropInFileDuplicates(tx, staged.landing, staged.typer);
  step('in-file duplicates');
  const { source, adopted } = await placeNewRecords(tx, staged);
  // The typer summed the file's matched records: exactly the new rows when they all became the partition.
  const exactTyper = adopted && staged.typer.totalsExact ? staged.typer : null;
  await stageNewTotals(tx, client, source, exactTyper);
  await addToMonthly(tx);
  await addToNumberMonths(tx);
  await addToNumberDays(tx, client, source, exactTyper);
  await markSharedNumbers(tx);
  await addToCompanyMonths(tx);
  await releaseMatchedNow(tx, source);
  const touched = await companyMonthsWithRecords(tx);
  step('unmatched matched now');
  return { touched, ...(await keepUnmatched(tx, importId)) };
};

/**
 * Imports a usage file: all or nothing, idempotent, streamed. Throws HttpError 400 (with the
 * first line errors) for a malformed file and 413 when the upload was cut at the size limit.
 */
export const importUsage = async (db: Db, input: UsageImportInput): Promise<UsageImportResult> => {
  const job = input.job;
  const ahead = runsEmbedded(db) && job ? await checkAhead(db, input, job.id, job.checked) : null;
  if (ahead) await job?.storing();
  return db.transaction(async (tx) => {
    // Drizzle keeps the transaction's connection (pg) or the database thread's transaction (PGlite) on its session.
    const client = (tx as unknown as { session: { client: RawClient } }).session.client;
    // A million records, and the wait for another import's lock: docs/operations.md, 'No query hangs'.
    await allowLongWork(tx);
    // Room for the hash aggregates of the totals (a month of records has as many day rows);
    // this transaction only. Durability stays as it is: no synchronous_commit = off.
    if (!runsEmbedded(tx)) await tx.execute(sql`set local work_mem = '64MB'`);
    // The import's row first: the records carry its id as they are loaded.
    const importId =
      job?.id ??
      (
        await queryRows<{ id: number }>(
          tx,
          sql`insert into usage_imports (file_name, uploaded_by) values (${input.fileName}, ${input.actor?.userId ?? null}) returning id`,
        )
      )[0].id;
    const staged = await stageFile(tx, client, ahead ?? input, importId, job?.checked);
    if (!ahead) await job?.storing();

    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    step('lock, partitions');
    const { touched, unmatched, ambiguous } = await storeStaged(tx, client, importId, staged);
    step('store');
    const imported = touched.reduce((sum, t) => sum + t.imported, 0);
    const duplicates = staged.records - imported - unmatched;
    const months = [...new Set(touched.map((t) => t.month))].sort();

    const bundleCompanies = new Map<number, boolean>();
    for (const { company_id: companyId, month } of touched) {
      if (!bundleCompanies.has(companyId)) bundleCompanies.set(companyId, await hasGroupBundle(tx, companyId));
      if (!bundleCompanies.get(companyId)) continue;
      const [year, m] = month.split('-').map(Number);
      await recalculateGroupBundle(tx, companyId, { year, month: m, day: 1 });
    }
    // Usage alerts (services/alerts.ts): recorded once with the import, mailed by the route after the commit.
    const alerts = await evaluateAlerts(tx, touched, importId);
    await tx.execute(sql`update usage_imports set records = ${staged.records}, imported = ${imported}, duplicates = ${duplicates}, unmatched = ${unmatched},
      ambiguous = ${ambiguous}, months = ${`{${months.map((m) => `${m}-01`).join(',')}}`}::text[],
      status = 'done', phase = null, records_processed = ${staged.records}, message = ${importMessage(ambiguous)}, finished_at = now()
      where id = ${importId}`);
    const result = { importId, records: staged.records, imported, duplicates, unmatched, ambiguous, months, alerts };
    // A large import changes the totals' statistics: without fresh ones the first reports after it
    // plan for a handful of rows (nested loops over 80,000 monthly rows of a big customer).
    if (imported >= ANALYZE_AFTER) await tx.execute(sql`analyze usage_monthly, usage_number_months, usage_number_days, usage_company_months`);
    step('group bundle, analyze');
    await audit(tx, input.actor ?? { userId: null, companyId: null, impersonatingFrom: null }, 'usage.import', 'usage_import', importId, {
      file: input.fileName,
      records: staged.records,
      imported,
      duplicates,
      unmatched,
      ambiguous,
      months,
    });
    return result;
  });
};
