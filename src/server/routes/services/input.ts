import { businessTimeToEpoch, parseIsoDate } from '../../../domain/time';
import { HttpError } from '../../plugins/errors';
import { amountInput } from '../articles/schemas';

const nullableText = { type: ['string', 'null'], maxLength: 500 } as const;
const isoInstant = { type: ['string', 'null'], maxLength: 40 } as const;

const fieldInputs = {
  type: 'array',
  maxItems: 4,
  items: {
    type: 'object',
    properties: {
      article_group_field_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
      value: { type: ['string', 'null'], maxLength: 200 },
    },
    required: ['article_group_field_id'],
    additionalProperties: false,
  },
} as const;

const editable = {
  price: { anyOf: [{ type: 'null' }, amountInput] },
  setup_price: { anyOf: [{ type: 'null' }, amountInput] },
  order_reference: nullableText,
  start_time: isoInstant,
  end_time: isoInstant,
  contract_period: { type: 'string', minLength: 1, maxLength: 50 },
  input_field_1: nullableText,
  input_field_2: nullableText,
  input_field_3: nullableText,
  input_field_4: nullableText,
  spie_field_1: nullableText,
  spie_field_2: nullableText,
  spie_field_3: nullableText,
  article_group_field_inputs: fieldInputs,
} as const;

/** PUT /services/create: the end user comes one of three ways (decisions section 12). */
export const createServiceBody = {
  type: 'object',
  properties: {
    ...editable,
    article_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    end_user_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    end_user: {
      type: 'object',
      properties: { firstname: { type: 'string', maxLength: 100 }, lastname: { type: 'string', maxLength: 100 } },
      required: ['firstname', 'lastname'],
      additionalProperties: false,
    },
  },
  required: ['article_id', 'start_time'],
  additionalProperties: false,
} as const;

export const updateServiceBody = { type: 'object', properties: editable, additionalProperties: false } as const;

export interface ServiceInput {
  article_id?: number;
  end_user_id?: number | null;
  end_user?: { firstname: string; lastname: string };
  price?: number | string | null;
  setup_price?: number | string | null;
  order_reference?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  contract_period?: string;
  input_field_1?: string | null;
  input_field_2?: string | null;
  input_field_3?: string | null;
  input_field_4?: string | null;
  spie_field_1?: string | null;
  spie_field_2?: string | null;
  spie_field_3?: string | null;
  article_group_field_inputs?: { article_group_field_id: number; value?: string | null }[];
}

export const FREE_FIELDS = ['input_field_1', 'input_field_2', 'input_field_3', 'input_field_4'] as const;
export const SPIE_FIELDS = ['spie_field_1', 'spie_field_2', 'spie_field_3'] as const;

/**
 * An ISO date ("2026-11-22", midnight in Amsterdam) or date-time with offset
 * ("2026-11-22T12:00:00+01:00"), as a Date; null for null or empty.
 */
export const parseInstant = (value: string | null | undefined, field: string): Date | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const date = parseIsoDate(value.trim());
  if (date) return new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value.trim())) {
    const ms = Date.parse(value.trim());
    if (!Number.isNaN(ms)) return new Date(ms);
  }
  throw new HttpError(400, `Veld '${field}' is geen geldige datum.`);
};

/** Empty strings are stored as null (spec section 7: "empty values null"). */
export const emptyToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();
