import { Type, type Static } from 'typebox';

/** PUK codes (docs/requests.md, 'PUK codes'): the provider's import and an afname's code seen again. */

/** POST /services/{id}/puk: the password again, and the code with two-factor login on. */
export const pukBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 200 }), code: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);
export const pukAnswer = Type.Object({ sim_number: Type.String(), puk: Type.String() });
export type PukAnswer = Static<typeof pukAnswer>;

/** POST /puk-codes/import: how many codes the file held (all stored, or none and a 400 naming the lines). */
export const pukImportAnswer = Type.Object({ imported: Type.Integer() });
