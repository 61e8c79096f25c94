import { Type, type Static, type TBoolean } from 'typebox';
import { PERMISSIONS, type Permission } from '../../../domain/permissions';
import { emailSchema, integerId, optionalBody } from '../schemas';

/** The requests and answers of logging in, sessions and acting for a company (docs/api.md, 'How an answer is declared'). */

export const loginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const twoFactorLoginBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 500 }),
    code: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

export const resetRequestBody = Type.Object({ email: emailSchema }, { additionalProperties: false });

export const resetBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/** Absent when the client acts for the company again after a reload (the session's live impersonation). */
export const reasonBody = optionalBody(Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) }, { additionalProperties: false }));

export const impersonateQuery = Type.Object({ company_id: integerId });

/** A session's access token. */
export const tokenAnswer = Type.Object({ token: Type.String() });
export type TokenAnswer = Static<typeof tokenAnswer>;

/** The password was right and two-factor login is on: the code next, with this challenge (5 minutes). */
const twoFactorChallengeAnswer = Type.Object({ two_factor_required: Type.Literal(true), challenge: Type.String() });

/** What a right password answers (login, a password reset): a session, or the challenge of the code step. */
export const afterPasswordAnswer = Type.Union([tokenAnswer, twoFactorChallengeAnswer]);
export type AfterPasswordAnswer = Static<typeof afterPasswordAnswer>;

/** GET /auth/policies: every permission, granted or not. */
export const policiesAnswer = Type.Object(
  Object.fromEntries(PERMISSIONS.map((p) => [p, Type.Boolean()])) as Record<Permission, TBoolean>,
);

/** POST /auth/impersonate: the token acting for the company. */
export const impersonationAnswer = Type.Object({ data: tokenAnswer });
