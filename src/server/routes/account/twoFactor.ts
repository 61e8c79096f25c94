import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { MSG } from '../../../domain/messages';
import { users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { widenSessionScope } from '../../services/auth/sessions';
import {
  acceptLoginCode,
  acceptTotpCode,
  encryptSecret,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUrl,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  turnOffTwoFactor,
  twoFactorRequired,
} from '../../services/auth/twoFactor';
import type { RateLimiter } from '../../services/rateLimiter';
import { errorResponses, type RouteApp } from '../schemas';
import { assertCurrentPassword, findAccount, limitedPerUser, ownAccountActor } from './repository';

const statusSchema = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean' },
    /** Unix seconds, or null while it is off. */
    enabled_at: { type: ['integer', 'null'] },
    recovery_codes_left: { type: 'integer' },
    /** Staff, or a company that requires it: it cannot be turned off. */
    required: { type: 'boolean' },
  },
  required: ['enabled', 'enabled_at', 'recovery_codes_left', 'required'],
} as const;

const setupSchema = {
  type: 'object',
  properties: {
    otpauth_uri: { type: 'string' },
    /** The base32 secret, for typing it into an app that cannot scan. */
    secret: { type: 'string' },
    /** The QR code of otpauth_uri as an SVG data URL. */
    qr_code: { type: 'string' },
  },
  required: ['otpauth_uri', 'secret', 'qr_code'],
} as const;

const recoveryCodesSchema = {
  type: 'object',
  properties: {
    recovery_codes: { type: 'array', items: { type: 'string' } },
    /** A setup-only session has become a full one: its new access token. */
    token: { type: 'string' },
  },
  required: ['recovery_codes'],
} as const;

const codeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false });
/** Turning it off and new recovery codes: the password and a current code (of the app, or a recovery code). */
const passwordAndCodeBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 1024 }), code: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

/**
 * Two-factor login of the caller's own account ('Mijn account', docs/rules.md, 'Two-factor login'). `passwordChecks` is the
 * account's limiter of password checks (index.ts): turning it off and new codes ask the password
 * and a current code.
 */
export default async function twoFactorRoutes(app: RouteApp, { passwordChecks }: { passwordChecks: RateLimiter }) {
  const ownAccount = async (request: FastifyRequest) => {
    const user = await findAccount(app.db, request.actor.userId);
    // The session is live, so its user exists; a user removed mid-request is gone like a 404.
    if (!user) throw new HttpError(404, 'Account niet gevonden.');
    return user;
  };

  /** A session alone (a borrowed laptop) does not prove the phone: a code of it does, or a recovery code. */
  const assertCurrentCode = async (user: { id: number; totpSecret: string | null }, code: string) => {
    if (await acceptLoginCode(app.db, app.config.twoFactorKey, user, code)) return;
    throw new HttpError(400, MSG.twoFactorCodeWrong, [{ field: 'code', message: MSG.twoFactorCodeWrong }]);
  };

  app.get(
    '/account/two-factor',
    { config: { twoFactorSetup: true }, schema: { response: { 200: statusSchema, ...errorResponses } } },
    async (request) => {
      const user = await ownAccount(request);
      return {
        enabled: user.totpEnabledAt !== null,
        enabled_at: user.totpEnabledAt ? Math.floor(user.totpEnabledAt.getTime() / 1000) : null,
        recovery_codes_left: user.totpEnabledAt ? await recoveryCodesLeft(app.db, user.id) : 0,
        required: await twoFactorRequired(app.db, user),
      };
    },
  );

  app.post(
    '/account/two-factor/setup',
    { config: { twoFactorSetup: true }, schema: { response: { 200: setupSchema, ...errorResponses } } },
    async (request) => {
      const user = await ownAccount(request);
      if (user.totpEnabledAt) throw new HttpError(409, MSG.twoFactorAlreadyOn);
      // A new secret each time: one shown earlier (on a screen someone saw) never becomes the one in use.
      const secret = newTotpSecret();
      await app.db
        .update(users)
        .set({ totpSecret: encryptSecret(app.config.twoFactorKey, secret), totpLastStep: null })
        .where(eq(users.id, user.id));
      await audit(app.db, ownAccountActor(request.actor), 'two_factor.setup', 'user', user.id);
      const uri = otpauthUri(secret, user.email);
      return { otpauth_uri: uri, secret, qr_code: await qrCodeDataUrl(uri) };
    },
  );

  app.post(
    '/account/two-factor/enable',
    { config: { twoFactorSetup: true }, schema: { body: codeBody, response: { 200: recoveryCodesSchema, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const user = await ownAccount(request);
      if (user.totpEnabledAt) throw new HttpError(409, MSG.twoFactorAlreadyOn);
      if (!user.totpSecret) throw new HttpError(409, MSG.twoFactorNotStarted);
      const code = request.body.code.replace(/\s/g, '');
      if (!(await acceptTotpCode(app.db, app.config.twoFactorKey, user, code))) throw new HttpError(400, MSG.twoFactorCodeWrong);
      const codes = await app.db.transaction(async (tx) => {
        await tx.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, user.id));
        await audit(tx, ownAccountActor(actor), 'two_factor.enable', 'user', user.id);
        return replaceRecoveryCodes(tx, user.id);
      });
      if (actor.sessionScope !== 'two-factor-setup') return { recovery_codes: codes };
      // The setup-only session goes on as a full one, without a new login.
      await widenSessionScope(app.db, actor.sessionId);
      const token = app.tokens.sign({ sub: actor.userId, company_id: actor.ownCompanyId, impersonate: null, sid: actor.sessionId });
      return { recovery_codes: codes, token };
    },
  );

  app.post(
    '/account/two-factor/disable',
    { preHandler: limitedPerUser(passwordChecks), schema: { body: passwordAndCodeBody, response: { 204: { type: 'null' }, ...errorResponses } } },
    async (request, reply) => {
      const user = await ownAccount(request);
      if (await twoFactorRequired(app.db, user)) throw new HttpError(403, MSG.twoFactorRequired);
      await assertCurrentPassword(user, request.body.password, 'password', request.ip);
      if (!user.totpEnabledAt) throw new HttpError(409, MSG.twoFactorOff);
      await assertCurrentCode(user, request.body.code);
      await app.db.transaction(async (tx) => {
        await turnOffTwoFactor(tx, user.id);
        await audit(tx, ownAccountActor(request.actor), 'two_factor.disable', 'user', user.id);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/account/two-factor/recovery-codes',
    { preHandler: limitedPerUser(passwordChecks), schema: { body: passwordAndCodeBody, response: { 200: recoveryCodesSchema, ...errorResponses } } },
    async (request) => {
      const user = await ownAccount(request);
      await assertCurrentPassword(user, request.body.password, 'password', request.ip);
      if (!user.totpEnabledAt) throw new HttpError(409, MSG.twoFactorOff);
      await assertCurrentCode(user, request.body.code);
      const codes = await app.db.transaction(async (tx) => {
        await audit(tx, ownAccountActor(request.actor), 'two_factor.recovery_codes', 'user', user.id);
        return replaceRecoveryCodes(tx, user.id);
      });
      return { recovery_codes: codes };
    },
  );
}
