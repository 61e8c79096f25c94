import { Type, type Static } from 'typebox';
import { costsRangeQuery } from '../costRange';
import { formatProperty } from '../downloadFormat';
import { Nullable } from '../schemas';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): a month's costs per value
 * of a field the company chooses, a free field (`free:1` .. `free:4`, named by the company's
 * labels) or a category field (`category:{name}`, the fields of that name in every article group).
 * The same calls under `/group/costs/allocation…` cover every branch of the acting company's group.
 */

/** A field costs can be allocated by. */
export const allocationFieldAnswer = Type.Object({
  /** `free:1` .. `free:4` or `category:{name}`. */
  key: Type.String(),
  /** What the user sees: the company's label of the free field, or the category field's name. */
  name: Type.String(),
  kind: Type.Union([Type.Literal('free'), Type.Literal('category')]),
});

/** `GET /costs/allocation/fields`: the fields to choose from and the one the company chose (null: none yet). */
export const allocationFieldsAnswer = Type.Object({
  data: Type.Object({ fields: Type.Array(allocationFieldAnswer), chosen: Nullable(Type.String()) }),
});
export type AllocationFieldsAnswer = Static<typeof allocationFieldsAnswer>;

/** `PUT /costs/allocation/field`: remembers the company's choice (null forgets it). */
export const allocationFieldBody = Type.Object({ field: Nullable(Type.String({ maxLength: 300 })) }, { additionalProperties: false });
export const allocationFieldChosenAnswer = Type.Object({ data: Type.Object({ chosen: Nullable(Type.String()) }) });

/** The amounts of one value (or of the whole month), euros, each the exact sum of cent-rounded lines. */
export const allocationAmounts = Type.Object({
  periodic: Type.Number(),
  full: Type.Number(),
  setup: Type.Number(),
  usage: Type.Number(),
  total: Type.Number(),
});

/** One value's row; `value` null is 'Zonder waarde' (afnames without a value, bulk units and the group bundle overage). */
export const allocationRowAnswer = Type.Object({
  value: Nullable(Type.String()),
  /** The afnames behind the row (bulk lines and the bundle overage not counted). */
  afnames: Type.Integer(),
  ...allocationAmounts.properties,
});
export type AllocationRowAnswer = Static<typeof allocationRowAnswer>;

/** `GET /costs/allocation?costs_date_from&costs_date_to[&field]`: one month; without `field` the chosen one. */
export const allocationQuery = Type.Object(
  { ...costsRangeQuery.properties, field: Type.Optional(Type.String({ maxLength: 300 })) },
  { additionalProperties: false },
);
export type AllocationQuery = Static<typeof allocationQuery>;

export const allocationAnswer = Type.Object({
  data: Type.Object({
    /** YYYY-MM */
    month: Type.String(),
    /** The field the rows are per; null when none was given and the company chose none (rows empty). */
    field: Nullable(allocationFieldAnswer),
    /** By value (Dutch order), 'Zonder waarde' last. */
    rows: Type.Array(allocationRowAnswer),
    /** The month's totals: equal to /costs of the month, to the cent. */
    total: allocationAmounts,
  }),
});
export type AllocationAnswer = Static<typeof allocationAnswer>;

/** `GET /costs/allocation/afnames`: the lines behind one value; without `value` those of 'Zonder waarde'. */
export const allocationAfnamesQuery = Type.Object(
  { ...allocationQuery.properties, value: Type.Optional(Type.String({ maxLength: 300 })) },
  { additionalProperties: false },
);

/** One afname behind a value (or a bulk line or the bundle overage, `service_id` null). */
export const allocationAfnameAnswer = Type.Object({
  service_id: Nullable(Type.Integer()),
  /** The branch, in the group's calls; the acting company otherwise. */
  company_id: Type.Integer(),
  company_name: Type.String(),
  /** The afname's article and article group (its page's address); null for a line of no afname. */
  article_id: Nullable(Type.Integer()),
  article_group_id: Nullable(Type.Integer()),
  article_name: Type.String(),
  productgroup: Type.String(),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  /** The afname's phone number (its `used_for_cdr` field), null without one. */
  number: Nullable(Type.String()),
  ...allocationAmounts.properties,
});
export type AllocationAfnameAnswer = Static<typeof allocationAfnameAnswer>;

export const allocationAfnamesAnswer = Type.Object({ data: Type.Array(allocationAfnameAnswer) });

/** `GET /costs/allocation/download`: the rows as CSV (or `.xlsx`), `kosten-per-{veld}-{YYYY-MM}.csv`. */
export const allocationDownloadQuery = Type.Object({ ...allocationQuery.properties, ...formatProperty }, { additionalProperties: false });
