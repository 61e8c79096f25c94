import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { FROM_PORTAL_HEADER } from '../../../domain/fromPortal';
import { MSG, SESSION_MAX_SECONDS } from '../../../domain/messages';
import { authTokens, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { mailName } from '../../services/mail';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../services/auth/password';
import {
  createSession,
  refreshSession,
  revokeSession,
  revokeUserSessions,
  type SessionScope,
  sessionOfCookie,
} from '../../services/auth/sessions';
import { acceptLoginCode, readChallenge, startChallenge, tryChallengeCode, twoFactorRequired, useChallenge } from '../../services/auth/twoFactor';
import { DEVICE_COOKIE, DEVICE_COOKIE_SECONDS, readDeviceCookie, signDeviceCookie } from '../../services/auth/deviceCookies';
import { findUserByEmail, findUserById, mayLogIn, newPasswordWeakness, normaliseEmail } from '../../services/auth/accounts';
import { mailPasswordLink } from '../../services/auth/passwordLinks';
import type { RateLimiter } from '../../services/rateLimiter';
import { sha256 } from '../../services/auth/tokens';
import { audit } from '../../services/audit';
import impersonationRoutes, { endLive } from './impersonation';
import { endImpersonations } from '../../services/auth/impersonation';
import { errorResponses, messageSchema, noContent, type RouteApp } from '../schemas';
import { afterPasswordAnswer, loginBody, policiesAnswer, resetBody, resetRequestBody, tokenAnswer, twoFactorLoginBody } from './schemas';

export const REFRESH_COOKIE = 'portal_refresh';
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The client and the address as the account lookup reads it, so no spelling of an address escapes its limit. */
const clientKey = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? normaliseEmail(email) : ''}`;
};

/** A route's limit: 429 once `limiter` has counted its turns for the request's key (after validation, before the handler). */
const limitedBy = (limiter: RateLimiter, keyOf: (request: FastifyRequest) => string) => async (request: FastifyRequest) => {
  if (!(await limiter.take(keyOf(request)))) throw new HttpError(429, MSG.tooManyAttempts);
};

/** The portal's own session calls say so (FROM_PORTAL_HEADER), or send JSON, which a foreign page cannot either. */
const isFromPortal = (request: FastifyRequest) =>
  request.headers[FROM_PORTAL_HEADER.name] === FROM_PORTAL_HEADER.value ||
  /^application\/json\s*(?:;|$)/i.test(request.headers['content-type'] ?? '');

const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!isFromPortal(request)) return reply.code(403).send({ message: 'Dit verzoek kan alleen vanuit het portaal worden gedaan.' });
};

export default async function authRoutes(app: RouteApp) {
  const cookieOptions = {
    path: '/api/auth',
    httpOnly: true,
    secure: app.config.secureCookies,
    sameSite: 'strict' as const,
  };

  // Every login counts against its client, whatever the address, before any password is hashed;
  // and against the address it tries, from that client. Shared by the instances with Redis.
  const loginsPerClient = app.rateLimits.limiter('login-client', { max: app.config.loginClientRateLimit, windowMs: FIFTEEN_MINUTES });
  const loginsPerAddress = app.rateLimits.limiter('login', { max: app.config.loginRateLimit, windowMs: FIFTEEN_MINUTES });
  const resetRequests = app.rateLimits.limiter('reset-request', { max: 5, windowMs: FIFTEEN_MINUTES });
  const resets = app.rateLimits.limiter('reset', { max: 10, windowMs: FIFTEEN_MINUTES });

  // A password is also counted against its account from all clients together, unless the browser
  // shows a device cookie of that account: then against that cookie's own allowance, until it has
  // used that up too (docs/security.md, "Logins and passwords").
  const loginsPerAccount = app.rateLimits.limiter('login-account', { max: app.config.loginAccountRateLimit, windowMs: FIFTEEN_MINUTES });
  const loginsPerDevice = app.rateLimits.limiter('login-device', { max: app.config.loginRateLimit, windowMs: FIFTEEN_MINUTES });

  // Codes per user and client: someone who knows only the password, elsewhere, cannot use up the
  // owner's codes; each challenge takes CHALLENGE_CODE_TRIES codes besides (twoFactor.ts).
  const codesPerUserAndClient = app.rateLimits.limiter('login-two-factor', { max: app.config.loginRateLimit, windowMs: FIFTEEN_MINUTES });

  /**
   * The allowance this login's password is counted against: the browser's device cookie of the
   * account while it has tries left, else the account's; null when that is used up too. A right
   * password gives its try back, so only guesses use an allowance up.
   */
  const passwordAllowance = async (request: FastifyRequest, email: string, user: { id: number } | null) => {
    const device = readDeviceCookie(app.config.jwtSecret, request.cookies[DEVICE_COOKIE]);
    if (device && device.userId === user?.id && (await loginsPerDevice.take(device.nonce))) {
      return { giveBack: () => loginsPerDevice.giveBack(device.nonce) };
    }
    const account = normaliseEmail(email);
    return (await loginsPerAccount.take(account)) ? { giveBack: () => loginsPerAccount.giveBack(account) } : null;
  };

  /** The user's own access token; a setup-only session says so, for the SPA (tokens.ts). */
  const accessToken = (session: { userId: number; companyId: number; sessionId: string; scope: SessionScope }) =>
    app.tokens.sign({
      sub: session.userId,
      company_id: session.companyId,
      impersonate: null,
      sid: session.sessionId,
      ...(session.scope === 'two-factor-setup' ? { scope: session.scope } : {}),
    });

  const startSession = async (reply: FastifyReply, user: { id: number; companyId: number }, scope: SessionScope = 'full') => {
    const session = await createSession(app.db, user.id, { userAgent: reply.request.headers['user-agent'], scope });
    reply.setCookie(REFRESH_COOKIE, session.cookie, { ...cookieOptions, maxAge: SESSION_MAX_SECONDS });
    reply.setCookie(DEVICE_COOKIE, signDeviceCookie(app.config.jwtSecret, user.id), { ...cookieOptions, maxAge: DEVICE_COOKIE_SECONDS });
    return accessToken({ userId: user.id, companyId: user.companyId, sessionId: session.id, scope });
  };

  /**
   * What a right password leads to (login, and a password reset, which proves no more): with
   * two-factor login on, no session yet but the code step (POST /auth/login/two-factor); when it
   * is required and not set up, a session that can only set it up (plugins/auth.ts).
   */
  const afterPassword = async (reply: FastifyReply, user: { id: number; companyId: number; roleId: number; totpEnabledAt: Date | null }) => {
    if (user.totpEnabledAt) return { two_factor_required: true as const, challenge: await startChallenge(app.db, app.config.jwtSecret, user.id) };
    const scope = (await twoFactorRequired(app.db, user)) ? 'two-factor-setup' : 'full';
    return { token: await startSession(reply, user, scope) };
  };

  app.post(
    '/auth/login',
    {
      config: { public: true },
      preHandler: limitedBy(loginsPerAddress, clientKey),
      schema: {
        body: loginBody,
        response: { 200: afterPasswordAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await loginsPerClient.take(request.ip))) throw new HttpError(429, MSG.tooManyAttempts);
      const user = await findUserByEmail(app.db, request.body.email);
      // An unknown address, one without a password yet, or one whose allowance is used up costs a
      // hash all the same, and answers as a wrong password does.
      const allowance = await passwordAllowance(request, request.body.email, user);
      if (!allowance || !user?.passwordHash) {
        await burnPasswordCheck(request.body.password, request.ip);
        throw new HttpError(401, MSG.loginFailed);
      }
      const valid = await verifyPassword(request.body.password, user.passwordHash, request.ip);
      if (!valid || !mayLogIn(user)) throw new HttpError(401, MSG.loginFailed);
      await allowance.giveBack();
      return afterPassword(reply, user);
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      config: { public: true },
      schema: {
        body: twoFactorLoginBody,
        response: { 200: tokenAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Counted like the password against the client, and against the user from this client.
      if (!(await loginsPerClient.take(request.ip))) throw new HttpError(429, MSG.tooManyAttempts);
      const challenge = readChallenge(app.config.jwtSecret, request.body.challenge);
      if (challenge === null) throw new HttpError(401, MSG.twoFactorChallengeExpired);
      if (!(await codesPerUserAndClient.take(`user:${challenge.userId}|${request.ip}`))) throw new HttpError(429, MSG.tooManyAttempts);
      // Used, voided (a new password, logging out everywhere) or out of tries: the password again.
      if (!(await tryChallengeCode(app.db, challenge))) throw new HttpError(401, MSG.twoFactorChallengeExpired);
      const user = await findUserById(app.db, challenge.userId);
      if (!user || !mayLogIn(user) || !user.totpEnabledAt) throw new HttpError(401, MSG.twoFactorChallengeExpired);
      const accepted = await acceptLoginCode(app.db, app.config.twoFactorKey, user, request.body.code);
      if (!accepted) throw new HttpError(401, MSG.twoFactorCodeWrong);
      if (!(await useChallenge(app.db, challenge))) throw new HttpError(401, MSG.twoFactorChallengeExpired);
      return { token: await startSession(reply, user) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      onRequest: refuseCrossSite,
      schema: { response: { 200: tokenAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const refreshed = await refreshSession(app.db, request.cookies[REFRESH_COOKIE]);
      if (refreshed.kind === 'refused') {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw new HttpError(401, 'Sessie verlopen.');
      }
      // Within the grace window the browser already holds the new secret (sessions.ts).
      if (refreshed.kind === 'rotated') reply.setCookie(REFRESH_COOKIE, refreshed.cookie, { ...cookieOptions, maxAge: SESSION_MAX_SECONDS });
      return { token: accessToken(refreshed.session) };
    },
  );

  const logoutOptions = { config: { public: true }, onRequest: refuseCrossSite, schema: { response: { 204: noContent, ...errorResponses } } };
  app.post('/auth/logout', logoutOptions, async (request, reply) => {
    const sessionId = request.actor?.sessionId ?? (await sessionOfCookie(app.db, request.cookies[REFRESH_COOKIE]));
    // Logging out ends acting for a company too: the change log shows when it ended.
    if (request.actor) await app.db.transaction((tx) => endLive(tx, request.actor, new Date()));
    else if (sessionId) await endImpersonations(app.db, sessionId);
    if (sessionId) await revokeSession(app.db, sessionId);
    reply.clearCookie(REFRESH_COOKIE, cookieOptions);
    return reply.code(204).send();
  });

  const sendResetMail = async (user: { id: number; email: string; firstname: string }) => {
    await mailPasswordLink(app, user, 'reset', {
      subject: 'Wachtwoord opnieuw instellen',
      intro: `Beste ${mailName(user.firstname)}, er is gevraagd om het wachtwoord van je account opnieuw in te stellen.`,
      linkText: 'Stel een nieuw wachtwoord in',
      outro: 'De link is 24 uur geldig. Heb je dit niet gevraagd? Dan kun je deze e-mail negeren.',
    });
  };

  app.post(
    '/auth/reset/request',
    {
      config: { public: true },
      preHandler: limitedBy(resetRequests, clientKey),
      schema: {
        body: resetRequestBody,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      // The answer, and its time, are the same whether or not the address exists (decisions
      // section 9): the link and the mail are made after it, and a throttled address (3 mails an
      // hour) or a slow mail server changes nothing about it.
      if (user && mayLogIn(user)) app.backgroundTasks.run('reset mail', () => sendResetMail(user));
      return { message: MSG.forgotSuccess(request.body.email) };
    },
  );

  app.post(
    '/auth/reset',
    {
      config: { public: true },
      preHandler: limitedBy(resets, (request) => request.ip),
      schema: {
        body: resetBody,
        response: { 200: afterPasswordAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ id: authTokens.id, userId: authTokens.userId, expiresAt: authTokens.expiresAt, usedAt: authTokens.usedAt })
        .from(authTokens)
        // Only a reset or activation link sets a password: an e-mail change link confirms an address, nothing more.
        .where(and(eq(authTokens.tokenHash, sha256(request.body.token)), inArray(authTokens.kind, ['reset', 'activation'])))
        .limit(1);
      if (!row || row.usedAt) throw new HttpError(401, 'Invalid token');
      if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, 'Token timed out');
      const [user] = await app.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user || user.disabled || user.roleId === 4) throw new HttpError(401, 'Invalid token');
      // Long enough, not common or leaked, not the user's own name, address or company (NIST SP 800-63B).
      const weakness = await newPasswordWeakness(app.db, request.body.password, user);
      if (weakness) throw new HttpError(400, weakness);
      const passwordHash = await hashPassword(request.body.password);
      const used = await app.db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (used.length === 0) throw new HttpError(401, 'Invalid token');
      await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Other outstanding links of this user stop working (a pending address change too), and so
      // do existing sessions. The link that cancels an address change stays for the old address.
      await app.db
        .update(authTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(authTokens.userId, user.id), isNull(authTokens.usedAt), ne(authTokens.kind, 'email-cancel')));
      await revokeUserSessions(app.db, user.id);
      await audit(app.db, { userId: user.id, companyId: user.companyId, impersonatingFrom: null }, 'password.reset', 'user', user.id);
      return afterPassword(reply, user);
    },
  );

  app.get('/auth/policies', { config: { twoFactorSetup: true }, schema: { response: { 200: policiesAnswer, ...errorResponses } } }, async (request) => {
    return request.actor.permissions;
  });

  await impersonationRoutes(app);
}
