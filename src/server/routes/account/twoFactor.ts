import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
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
import { errorResponses, noContent, type RouteApp } from '../schemas';
import { assertCurrentPassword, findAccount, ownAccountActor } from './repository';
import { limitedPerUser } from '../passwordChecks';
import { codeBody, passwordAndCodeBody, recoveryCodesAnswer, twoFactorSetupAnswer, twoFactorStatusAnswer } from './schemas';

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
    { config: { twoFactorSetup: true }, schema: { response: { 200: twoFactorStatusAnswer, ...errorResponses } } },
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
    { config: { twoFactorSetup: true }, schema: { response: { 200: twoFactorSetupAnswer, ...errorResponses } } },
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
    { config: { twoFactorSetup: true }, schema: { body: codeBody, response: { 200: recoveryCodesAnswer, ...errorResponses } } },
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
    { preHandler: limitedPerUser(passwordChecks), schema: { body: passwordAndCodeBody, response: { 204: noContent, ...errorResponses } } },
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
    { preHandler: limitedPerUser(passwordChecks), schema: { body: passwordAndCodeBody, response: { 200: recoveryCodesAnswer, ...errorResponses } } },
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
