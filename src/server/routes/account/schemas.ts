import { Type, type Static } from 'typebox';
import { Nullable } from '../schemas';
import { userInput } from '../userFields';

/** The requests and answers of 'Mijn account' (docs/api.md, 'How an answer is declared'). */

/** Only the name and phone number: the address changes through its link, the role never here. */
export const profileInput = Type.Object(
  {
    firstname: userInput.properties.firstname,
    lastname: userInput.properties.lastname,
    phonenumber: userInput.properties.phonenumber,
  },
  { additionalProperties: false },
);

export const passwordChangeInput = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 1024 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const emailChangeInput = Type.Object(
  {
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/** The token of a link in a mail (confirming or cancelling an address change). */
export const confirmationInput = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

/** A session id is a UUID (createSession); anything else names no session. */
export const sessionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });

export const codeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });

/** Turning it off and new recovery codes: the password and a current code (of the app, or a recovery code). */
export const passwordAndCodeBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }), code: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

/** GET /account: the logged-in user's own account (also while managing another company). */
export const accountAnswer = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  email: Type.String(),
  phonenumber: Nullable(Type.String()),
  two_factor_enabled: Type.Boolean(),
  /** An address change waiting for its link to be opened; `expires_at` in Unix seconds. */
  pending_email: Nullable(Type.Object({ email: Type.String(), expires_at: Type.Integer() })),
});
export type AccountAnswer = Static<typeof accountAnswer>;

/** The link in the mail to the new address was opened: the account's address is now `email`. */
export const emailConfirmedAnswer = Type.Object({ message: Type.String(), email: Type.String() });
export type EmailConfirmedAnswer = Static<typeof emailConfirmedAnswer>;

/** Where the user is logged in; times in Unix seconds. */
export const accountSessionAnswer = Type.Object({
  id: Type.String(),
  /** "Chrome op Windows" (domain/device.ts). */
  device: Type.String(),
  created_at: Type.Integer(),
  last_used_at: Type.Integer(),
  /** The session of this browser. */
  current: Type.Boolean(),
});
export type AccountSessionAnswer = Static<typeof accountSessionAnswer>;

/** GET /account/two-factor: the user's own two-factor login. */
export const twoFactorStatusAnswer = Type.Object({
  enabled: Type.Boolean(),
  /** Unix seconds, or null while it is off. */
  enabled_at: Nullable(Type.Integer()),
  recovery_codes_left: Type.Integer(),
  /** Staff, or a company that requires it: it cannot be turned off. */
  required: Type.Boolean(),
});
export type TwoFactorStatusAnswer = Static<typeof twoFactorStatusAnswer>;

/** POST /account/two-factor/setup: a new secret, not on until a code of it is entered. */
export const twoFactorSetupAnswer = Type.Object({
  otpauth_uri: Type.String(),
  /** The base32 secret, for typing it into an app that cannot scan. */
  secret: Type.String(),
  /** The QR code of otpauth_uri as an SVG data URL. */
  qr_code: Type.String(),
});
export type TwoFactorSetupAnswer = Static<typeof twoFactorSetupAnswer>;

export const recoveryCodesAnswer = Type.Object({
  recovery_codes: Type.Array(Type.String()),
  /** A setup-only session has become a full one: its new access token. */
  token: Type.Optional(Type.String()),
});
export type RecoveryCodesAnswer = Static<typeof recoveryCodesAnswer>;
