import { Type, type Static } from 'typebox';
import { epochSeconds, integerId, Nullable, nullableAmount, parentCompanyAnswer } from '../schemas';

/** The requests and answers of the companies (docs/api.md, 'How an answer is declared'). */

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/**
 * The company fields of docs/api-company-admin.md, 'Company fields' as a write takes them. `id` and `parent_company` are
 * what GET /company/:id answers, so "the full company" may carry them back; they are ignored.
 * Anything else is refused with 400.
 */
export const companyInput = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    parent_company: Type.Optional(Type.Unknown()),
    name: text(200),
    aliases: text(500),
    customer_number: text(50),
    zipcode: text(20),
    address: text(200),
    city: text(100),
    sap_number: text(50),
    price_mb: Type.Optional(nullableAmount),
    input_label_1: text(100),
    input_label_2: text(100),
    input_label_3: text(100),
    input_label_4: text(100),
    article_groups: Type.Optional(Type.Array(integerId, { maxItems: 1000 })),
    parent_company_id: Type.Optional(Type.Union([Type.Null(), integerId])),
    end_time: Type.Optional(Nullable(epochSeconds)),
    /** docs/rules.md, 'Two-factor login': every user of the company must log in with two-factor login. */
    require_two_factor: Type.Optional(Type.Boolean()),
    contact_firstname: text(100),
    contact_lastname: text(100),
    contact_email: text(254),
  },
  { additionalProperties: false },
);

export type CompanyInput = Static<typeof companyInput>;

/** docs/rules.md, 'Two-factor login': the company requires two-factor login of all its users, or not. */
export const twoFactorRequirementBody = Type.Object({ require_two_factor: Type.Boolean() }, { additionalProperties: false });

/** A company in the answer shape of docs/api-company-admin.md, 'Company fields' (services/companies.ts makes it). */
export const companyAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  aliases: Nullable(Type.String()),
  customer_number: Nullable(Type.String()),
  zipcode: Nullable(Type.String()),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  sap_number: Nullable(Type.String()),
  price_mb: Type.Number(),
  input_label_1: Nullable(Type.String()),
  input_label_2: Nullable(Type.String()),
  input_label_3: Nullable(Type.String()),
  input_label_4: Nullable(Type.String()),
  /** Ids of the article groups the company sees. */
  article_groups: Type.Array(Type.Integer()),
  parent_company_id: Nullable(Type.Integer()),
  // A nullable object, not anyOf: the serializer then needs no validation per company.
  parent_company: Nullable(parentCompanyAnswer),
  /** Unix seconds. */
  end_time: Nullable(Type.Number()),
  /** Every user of the company must log in with two-factor login. */
  require_two_factor: Type.Boolean(),
});
export type CompanyAnswer = Static<typeof companyAnswer>;

/** A company of GET /companies: the company fields plus its contact persons. */
export const companyWithUsersAnswer = Type.Object({
  ...companyAnswer.properties,
  /** The provider's own company: never a branch of a parent company. */
  is_provider: Type.Boolean(),
  users: Type.Array(
    Type.Object({
      id: Type.Integer(),
      firstname: Type.String(),
      lastname: Type.String(),
      email: Type.String(),
      /** Whether the person has set a password through the activation mail. */
      activated: Type.Boolean(),
    }),
  ),
});
export type CompanyWithUsersAnswer = Static<typeof companyWithUsersAnswer>;
