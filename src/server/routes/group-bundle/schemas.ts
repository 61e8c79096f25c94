import { Type, type Static } from 'typebox';
import { isoDateSchema, Nullable } from '../schemas';

/** The requests and answers of the group bundle (docs/api.md, 'How an answer is declared'). */

export const monthQuery = Type.Object({ costs_date_from: isoDateSchema });

/** `GET /costs/hasgroupbundle`: whether the acting company has a group bundle. */
export const groupBundleStatusAnswer = Type.Object({ has_group_bundle: Type.Boolean() });
export type GroupBundleStatusAnswer = Static<typeof groupBundleStatusAnswer>;

/** The month's group bundle in GB (`GET /groupbundlecosts`, and what Herberekenen answers). */
export const groupBundleAnswer = Type.Object({ total_gb: Type.Number(), gb_used: Type.Number(), has_group_bundle: Type.Boolean() });
export type GroupBundleAnswer = Static<typeof groupBundleAnswer>;

/** `GET /costs/groupbundle/usage` (docs/usage.md, 'Where the bundle is going'): the month's bundle, where it is going, its days and top numbers. */
export const groupBundleUsageAnswer = Type.Object({
  has_group_bundle: Type.Boolean(),
  /** 'YYYY-MM' */
  month: Type.String(),
  total_gb: Type.Number(),
  gb_used: Type.Number(),
  /** Only for the running month. */
  projection: Nullable(
    Type.Object({
      basis: Type.Enum(['none', 'projected', 'complete'], { type: 'string' }),
      /** ISO date of the last day the usage records cover, or null. */
      through: Nullable(Type.String()),
      days_covered: Type.Integer(),
      days_in_month: Type.Integer(),
      projected_gb: Type.Number(),
      runs_out_on: Nullable(Type.String()),
      used_up: Type.Boolean(),
      /** 'Bij dit verbruik is de bundel op {datum} op', 'verwacht: {x} GB van {y} GB' or 'De bundel is op.' */
      text: Type.String(),
    }),
  ),
  /** Every day of the month so far (ISO), with its in-bundle data. */
  days: Type.Array(Type.Object({ day: Type.String(), bytes: Type.Integer(), gb: Type.Number() })),
  /** The ten numbers with the most in-bundle data of the month. */
  top: Type.Array(
    Type.Object({
      number: Type.String(),
      service_id: Type.Integer(),
      end_user: Nullable(Type.Object({ id: Type.Integer(), firstname: Type.String(), lastname: Type.String() })),
      article: Type.Object({ id: Type.Integer(), name: Type.String() }),
      bytes: Type.Integer(),
      gb: Type.Number(),
    }),
  ),
});
export type GroupBundleUsageAnswer = Static<typeof groupBundleUsageAnswer>;
