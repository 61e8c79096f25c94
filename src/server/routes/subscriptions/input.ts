import { isPortalInstant, parseRangeDate, PORTAL_YEARS } from '../../../domain/dateRange';
import { businessTimeToEpoch } from '../../../domain/time';
import { HttpError } from '../../httpError';
import { Type, type Static } from 'typebox';
import { integerId, Nullable, nullableAmount } from '../schemas';

const NOT_A_PORTAL_DATE = `JJJJ-MM-DD (of met tijd en tijdzone), jaar ${PORTAL_YEARS}`;

const nullableText = Type.Optional(Nullable(Type.String({ maxLength: 500 })));
const isoInstant = Nullable(Type.String({ maxLength: 40 }));
const optionalAmount = Type.Optional(nullableAmount);

const fieldInputs = Type.Array(
  Type.Object(
    {
      article_group_field_id: integerId,
      value: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    },
    { additionalProperties: false },
  ),
  { maxItems: 4 },
);

const editable = {
  price: optionalAmount,
  setup_price: optionalAmount,
  order_reference: nullableText,
  start_time: Type.Optional(isoInstant),
  end_time: Type.Optional(isoInstant),
  contract_period: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  input_field_1: nullableText,
  input_field_2: nullableText,
  input_field_3: nullableText,
  input_field_4: nullableText,
  spie_field_1: nullableText,
  spie_field_2: nullableText,
  spie_field_3: nullableText,
  article_group_field_inputs: Type.Optional(fieldInputs),
};

/** PUT /services/create: the end user comes one of three ways (docs/api.md, 'Paths and parameters'). */
export const createServiceBody = Type.Object(
  {
    ...editable,
    start_time: isoInstant,
    article_id: integerId,
    end_user_id: Type.Optional(Nullable(integerId)),
    end_user: Type.Optional(
      Type.Object(
        { firstname: Type.String({ maxLength: 100 }), lastname: Type.String({ maxLength: 100 }) },
        { additionalProperties: false },
      ),
    ),
  },
  // The article first, as Ajv reports what is missing in this order.
  { required: ['article_id', 'start_time'], additionalProperties: false },
);

export const updateServiceBody = Type.Object(editable, { additionalProperties: false });

/** The fields both calls share (the rules of ./index.ts read them from either body). */
export type ServiceInput = Static<typeof updateServiceBody>;

export const FREE_FIELDS = ['input_field_1', 'input_field_2', 'input_field_3', 'input_field_4'] as const;
export const SPIE_FIELDS = ['spie_field_1', 'spie_field_2', 'spie_field_3'] as const;

/**
 * An ISO date ("2026-11-22", midnight in Amsterdam) or date-time with offset
 * ("2026-11-22T12:00:00+01:00"), as a Date; null for null or empty. Only in the years every date
 * range allows (domain dateRange.ts): "0026-01-01" is refused, never read as 1926.
 */
export const parseInstant = (value: string | null | undefined, field: string): Date | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const date = parseRangeDate(text);
  if (date) return new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms) && isPortalInstant(Math.floor(ms / 1000))) return new Date(ms);
  }
  throw new HttpError(400, `Veld '${field}' is geen geldige datum: ${NOT_A_PORTAL_DATE}.`);
};

/** Empty strings are stored as null (docs/api.md, 'Paths and parameters'). */
export const emptyToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();
