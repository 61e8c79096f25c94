import { Type, type Static } from 'typebox';
import { companyRefAnswer, Nullable } from '../schemas';

/** The requests and answers of a company's users (docs/api.md, 'How an answer is declared'). */

export const twoFactorResetInput = Type.Object({ reason: Type.String({ maxLength: 1000 }) }, { additionalProperties: false });

/** What every answer about a user says. */
const userFields = {
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  phonenumber: Nullable(Type.String()),
  company_id: Type.Integer(),
  role_id: Type.Integer(),
  /** 'Mag aanvragen goedkeuren' (docs/requests.md, 'Approval'). */
  approves_requests: Type.Boolean(),
  /** 'Ontvangt kostenspecificatie' (docs/cost-specification.md, 'Mail'). */
  receives_cost_specification: Type.Boolean(),
};

/** GET /users/{id}: yourself, or a contact person of the acting company, with the user's own company. */
export const userAnswer = Type.Object({
  ...userFields,
  /** The user's own company. */
  company: companyRefAnswer,
});
export type UserAnswer = Static<typeof userAnswer>;

/** A contact person as GET /users lists it (docs/api-company-admin.md). */
export const contactPersonAnswer = Type.Object({
  ...userFields,
  /** Whether the person has set a password through the activation mail. */
  activated: Type.Boolean(),
  /** Logged in at least once: the address is then the user's own to change (Mijn account). */
  has_logged_in: Type.Boolean(),
  two_factor_enabled: Type.Boolean(),
});
export type ContactPersonAnswer = Static<typeof contactPersonAnswer>;
