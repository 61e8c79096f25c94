import { Type, type Static } from 'typebox';
import { integerId, Nullable, nullableAmount, serviceRowAnswer } from '../schemas';

/**
 * The requests and answers of the services a company takes, its "afnames" (URL /services; docs/api.md,
 * 'How an answer is declared'). The folder is named for them, beside the service layer `src/server/services/`.
 */

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

/**
 * A service of the acting company (`GET /services/{id}`, and what creating or saving one answers).
 * The provider fields are null for callers without EDIT_SPIE_FIELDS (docs/screens.md, 'A service').
 */
export const serviceAnswer = Type.Object({
  ...serviceRowAnswer.properties,
  article: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    article_group_id: Type.Integer(),
    price: Type.Number(),
    setup_price: Type.Number(),
    billing_cycle: Type.Object({ id: Type.Integer(), name: Type.String() }),
  }),
  /** The service's own prices; null: the article's. */
  price: Nullable(Type.Number()),
  setup_price: Nullable(Type.Number()),
  /** What the service costs per period: its own price, else the article's. */
  period_price: Type.Number(),
  one_off_price: Type.Number(),
  contract_period: Type.String(),
  input_field_2: Nullable(Type.String()),
  input_field_3: Nullable(Type.String()),
  input_field_4: Nullable(Type.String()),
  spie_field_1: Nullable(Type.String()),
  spie_field_2: Nullable(Type.String()),
  spie_field_3: Nullable(Type.String()),
});
export type ServiceAnswer = Static<typeof serviceAnswer>;

export const serviceDataAnswer = Type.Object({ data: serviceAnswer });
export type ServiceDataAnswer = Static<typeof serviceDataAnswer>;
