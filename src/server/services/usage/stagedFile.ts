/**
 * The upload read, checked, typed and matched (docs/usage.md, 'Import', steps 1-3): what the typer
 * needs from the database is loaded once, `CdrLineReader` hands the lines on piece by piece,
 * `RecordTyper` types them, and their COPY rows go into the landing table (matched records) and
 * `usage_unmatched_new` (the others) as they are typed. A file with a mistake is refused whole
 * (400 with the first errors, in Dutch), an upload cut at the size limit with 413.
 */
import { sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { canonicalNumber } from '../../../domain/phoneNumbers';
import { queryRows, type Db } from '../../db';
import { HttpError } from '../../httpError';
import { CdrLineReader, type LineError } from './cdrFile';
import { copyInto, TextSpool, type RawClient } from './copyRows';
import { startTiming, step } from './importTiming';
import { createLanding, partitionOf, RECORD_COLUMNS, type LandedRecords } from './monthPartitions';
import { numberDirectory } from './numberHolders';
import { Lowercase } from './recordFields';
import { MAX_LINE_ERRORS, RecordTyper } from './recordTyper';

/** The upload of a usage file. */
export interface UsageUpload {
  /** The file's bytes as they arrive. */
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
  /** Asked after the source ended: true when the upload was cut at the size limit (413). */
  truncated?: () => boolean;
}

const NOTHING_IMPORTED = 'Er is geen data geïmporteerd.';

/**
 * How far the reading and checking of an upload is (an import job's progress, ./importJob.ts):
 * told after every piece of the file.
 */
export type CheckedSoFar = (bytesRead: number, records: number) => void;

/** The upload's pieces, counted as they are read. */
async function* counted(source: UsageUpload['source'], onBytes: (bytes: number) => void): AsyncGenerator<Buffer | string> {
  let bytes = 0;
  for await (const piece of source) {
    bytes += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
    onBytes(bytes);
    yield piece;
  }
}

/** The lines of the upload typed by `typer`: the records' COPY rows, piece by piece. */
async function* typedRows(reader: CdrLineReader, typer: RecordTyper, checked: () => void): AsyncGenerator<Buffer> {
  for await (const text of reader.chunks()) {
    typer.typePiece(text, reader.header!);
    checked();
    const rows = typer.take();
    if (rows) yield rows;
  }
}

/** What the typer needs from the database: the numbers with their services, price_mb, how lower() folds letters. */
const loadDirectory = async (tx: Db) => {
  const holders = await queryRows<{ number: string; service_id: number; company_id: number; start_us: string | null; end_us: string | null }>(
    tx,
    sql`select fi.value as number, s.id as service_id, s.company_id,
        (extract(epoch from s.start_time) * 1000000)::bigint::text as start_us, (extract(epoch from s.end_time) * 1000000)::bigint::text as end_us
      from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join services s on s.id = fi.service_id`,
  );
  const numbers = numberDirectory(
    holders
      .filter((h) => h.start_us !== null)
      .map((h) => ({ number: canonicalNumber(h.number) ?? h.number, serviceId: h.service_id, companyId: h.company_id, start: Number(h.start_us), end: h.end_us === null ? null : Number(h.end_us) })),
  );
  const companies = await queryRows<{ id: number; price_mb: string }>(tx, sql`select id, (price_mb * 1000000)::bigint::text as price_mb from companies`);
  const priceMb = new Map(companies.map((c) => [c.id, BigInt(c.price_mb)]));
  const [lower] = await queryRows<{ ascii: string; dotted_i: string; kelvin: string }>(
    tx,
    sql`select lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') as ascii, lower(${'\u0130'}) as dotted_i, lower(${'\u212a'}) as kelvin`,
  );
  return { numbers, priceMb, lowercase: new Lowercase(lower.ascii, lower.dotted_i, lower.kelvin) };
};

/** The staging tables of the unmatched records, the new records and their totals. */
const createStaging = async (tx: Db) => {
  await tx.execute(sql`drop table if exists pg_temp.usage_unmatched_new`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new_totals`);
  await tx.execute(sql`create temp table usage_unmatched_new (line integer, record_time timestamptz, sender text, receiver text, direction text,
    type text, length bigint, bundle text, price numeric(18, 6), record_key bytea, ambiguous boolean) on commit drop`);
};

/** `first`, then the rest of `rest`. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

const refuse = (errors: LineError[]) => {
  const [first] = errors;
  return new HttpError(400, `Regel ${first.line}: ${first.message}. ${NOTHING_IMPORTED}`, errors);
};

/** The file staged: its matched records landed, its unmatched ones in `usage_unmatched_new`. */
export interface Staged extends LandedRecords {
  records: number;
  typer: RecordTyper;
}

/**
 * The upload being read, checked and typed: `rows` are the matched records' COPY rows as they are
 * typed, `unmatched` keeps the others' rows; once `rows` has ended, `verdict` throws the refusal
 * (400 or 413) of a file that is refused.
 */
interface CheckedUpload {
  rows: AsyncGenerator<Buffer>;
  typer: RecordTyper;
  unmatched: TextSpool;
  verdict(): void;
  /** Removes the spools' temporary files. */
  dispose(): void;
}

type Directory = Awaited<ReturnType<typeof loadDirectory>>;

const readUpload = (directory: Directory, input: UsageUpload, importId: number, checked: CheckedSoFar = () => {}): CheckedUpload => {
  let bytesRead = 0;
  const reader = new CdrLineReader(counted(input.source, (bytes) => (bytesRead = bytes)));
  const unmatched = new TextSpool();
  const typer = new RecordTyper({ ...directory, importId, unmatched });
  return {
    rows: typedRows(reader, typer, () => checked(bytesRead, typer.records)),
    typer,
    unmatched,
    dispose: () => unmatched.dispose(),
    verdict() {
      if (input.truncated?.()) throw new HttpError(413, MSG.fileTooLarge);
      if (!reader.header) throw refuse([reader.error ?? { line: 1, message: 'het bestand is leeg, de kopregel ontbreekt' }]);
      const errors = [...typer.errors];
      if (reader.error) errors.push(reader.error);
      if (errors.length) throw refuse(errors.slice(0, MAX_LINE_ERRORS));
    },
  };
};

/**
 * The embedded database answers nobody else while a transaction is open, so there the whole file is
 * read and checked before the import's transaction starts: its rows wait in a spool (memory, then
 * a temporary file) and a refused file never opens the transaction. Answers the upload as
 * `stageFile` takes it, its rows coming from the spool.
 */
export const checkAhead = async (db: Db, input: UsageUpload, importId: number, checked?: CheckedSoFar): Promise<CheckedUpload> => {
  const upload = readUpload(await loadDirectory(db), input, importId, checked);
  const spool = new TextSpool(SPOOLED_ROWS_IN_MEMORY);
  try {
    for await (const rows of upload.rows) spool.writeBytes(rows);
    upload.verdict();
  } catch (err) {
    spool.dispose();
    upload.dispose();
    throw err;
  }
  return {
    ...upload,
    rows: spool.chunks(),
    dispose() {
      spool.dispose();
      upload.dispose();
    },
  };
};

/** The matched records' rows a file checked ahead keeps in memory; beyond it they wait in a temporary file. */
const SPOOLED_ROWS_IN_MEMORY = 32 << 20;

/**
 * COPYs the upload's matched records into the landing table and the unmatched ones into
 * `usage_unmatched_new` as they are typed (or from the spool of `checkAhead`); throws 400 or 413
 * when the file is refused.
 */
export const stageFile = async (
  tx: Db,
  client: RawClient,
  input: UsageUpload | CheckedUpload,
  importId: number,
  checked?: CheckedSoFar,
): Promise<Staged> => {
  startTiming();
  const upload = 'verdict' in input ? input : readUpload(await loadDirectory(tx), input, importId, checked);
  const { typer, unmatched } = upload;
  await createStaging(tx);
  step('directory');
  let landing = '';
  let adoptable = false;
  try {
    // The first rows are typed before the COPY starts: their month chooses the landing table.
    const first = await upload.rows.next();
    ({ landing, adoptable } = await createLanding(tx, [...typer.months][0]));
    await copyInto(client, `copy ${landing} (${RECORD_COLUMNS})`, prepend(first, upload.rows));
    step('type and copy');
    upload.verdict();
    if (typer.unmatchedRecords) await copyInto(client, 'copy usage_unmatched_new', unmatched.chunks());
  } finally {
    upload.dispose();
  }
  step('unmatched');
  const sorted = [...typer.months].sort();
  const span = sorted.length ? { from: partitionOf(sorted[0]).from, to: partitionOf(sorted[sorted.length - 1]).to } : null;
  return { records: typer.records, months: sorted, span, landing, adoptable, typer };
};
