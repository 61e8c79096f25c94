import { Type, type Static } from 'typebox';
import { epochSeconds, integerId } from '../schemas';

/** The requests and answers of an article's bulk services (docs/api.md, 'How an answer is declared'). */

export const articleParams = Type.Object({ id: integerId });

export const bulkEntryParams = Type.Object({ id: integerId, bulkId: integerId });

/** POST /articles/{id}/bulk-services: units added (or, negative, removed) at a time. */
export const bulkEntryBody = Type.Object(
  {
    amount: Type.Integer({ minimum: -1000000, maximum: 1000000, not: { const: 0 } }),
    time: epochSeconds,
  },
  { additionalProperties: false },
);

/** The bulk entry added: its units and time (Unix seconds). */
export const bulkEntryAnswer = Type.Object({ id: Type.Integer(), amount: Type.Integer(), time: Type.Integer() });
export type BulkEntryAnswer = Static<typeof bulkEntryAnswer>;
