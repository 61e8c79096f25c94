import { Type } from 'typebox';
import { integerId, Nullable } from '../schemas';

/**
 * The requests of the parent companies (docs/api.md, 'How an answer is declared'); their answer,
 * which a company's `parent_company` shares, is routes/schemas.ts's `parentCompanyAnswer`.
 */

export const parentCompanyInput = Type.Object(
  {
    name: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    sap_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    companies: Type.Optional(Type.Array(integerId, { maxItems: 10000 })),
  },
  { additionalProperties: false },
);

export const branchInput = Type.Object(
  { company_id: Type.Optional(Type.Union([Type.Null(), integerId])) },
  { additionalProperties: false },
);
