import { Type, type Static, type TSchema } from 'typebox';
import { Nullable } from '../schemas';

/** The requests and answers of the usage import and its history (docs/api.md, 'How an answer is declared'; docs/usage.md, 'Import'). */

export const pageQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);

/** One page of a list and the list's length. */
const pageAnswer = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), total: Type.Integer() });

export const attachBody = Type.Object({ number: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

/** POST /usage/import: what the file added. */
export const usageImportAnswer = Type.Object({
  message: Type.String(),
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  unmatched: Type.Integer(),
  /** Of `unmatched`: records of a number that services of two companies held at their time. */
  ambiguous: Type.Integer(),
  refused: Type.Integer(),
  /** 'YYYY-MM': the months the file had records of. */
  months: Type.Array(Type.String()),
});

/** A usage import as the history lists it (GET /usage/imports). */
export const usageImportRowAnswer = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  uploaded_by: Nullable(Type.String()),
  /** Epoch seconds. */
  created_at: Type.Integer(),
  records: Type.Integer(),
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  unmatched: Type.Integer(),
  /** Of `unmatched`: still kept aside. */
  still_unmatched: Type.Integer(),
  /** 'YYYY-MM'. */
  months: Type.Array(Type.String()),
  /** running: still being read or stored (leaving the page does not stop it); done: committed; failed: nothing imported. */
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  /** While running: 'checking' (reading and checking the lines), then 'storing' (writing them into the database); else null. */
  phase: Type.Union([Type.Literal('checking'), Type.Literal('storing'), Type.Null()]),
  /** The uploaded file's size and how much of it has been read and checked, in bytes. */
  bytes_total: Type.Integer(),
  bytes_read: Type.Integer(),
  /** Lines read and checked so far (the final `records` once done). */
  records_processed: Type.Integer(),
  /** While checking: the estimated seconds until the import is done; null when not known yet. */
  seconds_left: Nullable(Type.Integer()),
  /** Epoch seconds; null while running. */
  finished_at: Nullable(Type.Integer()),
  /** Done: the message the import answered ('Het verbruik is succesvol geïmporteerd.' and any note); else null. */
  message: Nullable(Type.String()),
  /** Failed: why, in Dutch, as the refusal of a waiting import says it; else null. */
  error: Nullable(Type.String()),
  /** Failed on malformed lines: the first of them; else empty. */
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
  /** Of `unmatched`: records of a number that services of two companies held at their time. */
  ambiguous: Type.Integer(),
});
export type UsageImportRowAnswer = Static<typeof usageImportRowAnswer>;

/** POST /usage/import with `Prefer: respond-async`: the file is received, the import runs on (GET /usage/imports/{id}). */
export const usageImportStartedAnswer = Type.Object({ import_id: Type.Integer(), message: Type.String() });

export const usageImportsPageAnswer = pageAnswer(usageImportRowAnswer);

/** A number whose records matched no service (GET /usage/unmatched). */
export const unmatchedNumberAnswer = Type.Object({
  number: Type.String(),
  records: Type.Integer(),
  /** 'YYYY-MM'. */
  months: Type.Array(Type.String()),
  imports: Type.Array(Type.Integer()),
});
export type UnmatchedNumberAnswer = Static<typeof unmatchedNumberAnswer>;

export const unmatchedNumbersPageAnswer = pageAnswer(unmatchedNumberAnswer);

/** POST /usage/unmatched/attach: how many records of the number its services got. */
export const attachAnswer = Type.Object({ message: Type.String(), attached: Type.Integer() });
export type AttachAnswer = Static<typeof attachAnswer>;
