import { Type, type Static } from 'typebox';
import { costsRangeQuery } from '../costRange';
import { Nullable } from '../schemas';

/**
 * The cost specification calls (docs/cost-specification.md): the month's PDF of the acting company
 * (`/costs/specification…`) or of its group (`/group/costs/specification…`), the versions stored
 * once the month was billed, and a correction by provider staff.
 */

/** `GET /costs/specification`, `GET /group/costs/specification`: one month; without `version` the latest final version, or the draft ('Voorlopig') while there is none. */
export const specificationQuery = Type.Object(
  { ...costsRangeQuery.properties, version: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) },
  { additionalProperties: false },
);
export type SpecificationQuery = Static<typeof specificationQuery>;

/** The PDF, as an attachment: `kostenspecificatie-{YYYY-MM}.pdf` (`-versie-{N}` for a correction, `kostenspecificatie-groep-…` for a group's). */
export const pdfResponse = {
  description: 'De kostenspecificatie als PDF (bijlage).',
  content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } },
} as const;

/** One stored version of a month's specification. */
export const specificationVersionAnswer = Type.Object({
  version: Type.Integer(),
  /** Unix seconds: when it was stored (version 1: when the month's billing export ran). */
  created_at: Type.Integer(),
  /** Why provider staff corrected it; null for version 1. */
  reason: Nullable(Type.String()),
  /** SHA-256 of the PDF's bytes, hex. */
  sha256: Type.String(),
  /** The PDF's size in bytes. */
  size: Type.Integer(),
  /** The total including VAT the version shows, euros. */
  total_including_vat: Type.Number(),
});
export type SpecificationVersionAnswer = Static<typeof specificationVersionAnswer>;

/** `GET /costs/specifications`, `GET /group/costs/specifications`: the month's stored versions, oldest first. */
export const specificationVersionsAnswer = Type.Object({
  data: Type.Object({
    /** YYYY-MM */
    month: Type.String(),
    /** True once version 1 is stored: downloads then give stored bytes, never a draft. */
    final: Type.Boolean(),
    versions: Type.Array(specificationVersionAnswer),
    /** The month's costs today differ from the latest version's (a correction in a closed month): staff may make a new version. */
    changed_since_final: Type.Boolean(),
  }),
});
export type SpecificationVersionsAnswer = Static<typeof specificationVersionsAnswer>;

/** `POST /costs/specifications` (provider staff, CREATE_COMPANY): a corrected version of a final month, with the reason. */
export const specificationCorrectionBody = Type.Object(
  {
    /** YYYY-MM */
    month: Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }),
    reason: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type SpecificationCorrectionBody = Static<typeof specificationCorrectionBody>;

export const specificationCorrectionAnswer = Type.Object({ data: specificationVersionAnswer });
