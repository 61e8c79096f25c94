import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { FROM_PORTAL_HEADER } from '../../../domain/fromPortal';
import { MSG } from '../../../domain/messages';
import { passwordWeakness } from '../../../domain/passwordStrength';
import { PERMISSIONS } from '../../../domain/permissions';
import { authTokens, users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { mailName } from '../../plugins/mail';
import { mayImpersonate } from '../../services/auth/impersonation';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../services/auth/password';
import {
  createSession,
  refreshSession,
  revokeSession,
  revokeUserSessions,
  SESSION_MAX_SECONDS,
  sessionOfCookie,
} from '../../services/auth/sessions';
import { findUserByEmail, mayLogIn, normaliseEmail } from '../../services/auth/accounts';
import { mailPasswordLink } from '../../services/auth/passwordLinks';
import type { RateLimiter } from '../../services/rateLimiter';
import { sha256 } from '../../services/auth/tokens';
import { audit } from '../../services/audit';
import { emailSchema, errorResponses, integerId, messageSchema, tokenSchema, type RouteApp } from '../schemas';

export const REFRESH_COOKIE = 'portal_refresh';
const FIFTEEN_MINUTES = 15 * 60 * 1000;

const permissionMapSchema = {
  type: 'object',
  properties: Object.fromEntries(PERMISSIONS.map((p) => [p, { type: 'boolean' }])),
  required: [...PERMISSIONS],
} as const;

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

  const startSession = async (reply: FastifyReply, user: { id: number; companyId: number }) => {
    const session = await createSession(app.db, user.id, { userAgent: reply.request.headers['user-agent'] });
    reply.setCookie(REFRESH_COOKIE, session.cookie, { ...cookieOptions, maxAge: SESSION_MAX_SECONDS });
    return app.tokens.sign({ sub: user.id, company_id: user.companyId, impersonate: null, sid: session.id });
  };

  app.post(
    '/auth/login',
    {
      config: { public: true },
      preHandler: limitedBy(loginsPerAddress, clientKey),
      schema: {
        body: Type.Object(
          {
            email: Type.String({ minLength: 1, maxLength: 254 }),
            password: Type.String({ minLength: 1, maxLength: 1024 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: tokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await loginsPerClient.take(request.ip))) throw new HttpError(429, MSG.tooManyAttempts);
      const user = await findUserByEmail(app.db, request.body.email);
      // An unknown address, or one without a password yet, costs a hash all the same.
      if (!user?.passwordHash) {
        await burnPasswordCheck(request.body.password, request.ip);
        throw new HttpError(401, MSG.loginFailed);
      }
      const valid = await verifyPassword(request.body.password, user.passwordHash, request.ip);
      if (!valid || !mayLogIn(user)) throw new HttpError(401, MSG.loginFailed);
      return { token: await startSession(reply, user) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { public: true },
      onRequest: refuseCrossSite,
      schema: { response: { 200: tokenSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const refreshed = await refreshSession(app.db, request.cookies[REFRESH_COOKIE]);
      if (refreshed.kind === 'refused') {
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw new HttpError(401, 'Sessie verlopen.');
      }
      // Within the grace window the browser already holds the new secret (sessions.ts).
      if (refreshed.kind === 'rotated') reply.setCookie(REFRESH_COOKIE, refreshed.cookie, { ...cookieOptions, maxAge: SESSION_MAX_SECONDS });
      const { session } = refreshed;
      const token = app.tokens.sign({
        sub: session.userId,
        company_id: session.companyId,
        impersonate: null,
        sid: session.sessionId,
      });
      return { token };
    },
  );

  const logoutOptions = { config: { public: true }, onRequest: refuseCrossSite, schema: { response: { 204: { type: 'null' }, ...errorResponses } } };
  app.post('/auth/logout', logoutOptions, async (request, reply) => {
    const sessionId = request.actor?.sessionId ?? (await sessionOfCookie(app.db, request.cookies[REFRESH_COOKIE]));
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
        body: Type.Object({ email: emailSchema }, { additionalProperties: false }),
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
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 200 }),
            password: Type.String({ minLength: 1, maxLength: 1024 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: tokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ id: authTokens.id, userId: authTokens.userId, expiresAt: authTokens.expiresAt, usedAt: authTokens.usedAt })
        .from(authTokens)
        .where(eq(authTokens.tokenHash, sha256(request.body.token)))
        .limit(1);
      if (!row || row.usedAt) throw new HttpError(401, 'Invalid token');
      if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, 'Token timed out');
      const [user] = await app.db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user || user.disabled || user.roleId === 4) throw new HttpError(401, 'Invalid token');
      // Long enough, not common or leaked, not the user's own name or address (NIST SP 800-63B).
      const weakness = await passwordWeakness(request.body.password, user);
      if (weakness) throw new HttpError(400, weakness);
      const passwordHash = await hashPassword(request.body.password);
      const used = await app.db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, row.id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      if (used.length === 0) throw new HttpError(401, 'Invalid token');
      await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Other outstanding links of this user stop working, and so do existing sessions.
      await app.db
        .update(authTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(authTokens.userId, user.id), isNull(authTokens.usedAt)));
      await revokeUserSessions(app.db, user.id);
      await audit(app.db, { userId: user.id, companyId: user.companyId, impersonatingFrom: null }, 'password.reset', 'user', user.id);
      return { token: await startSession(reply, user) };
    },
  );

  app.get('/auth/policies', { schema: { response: { 200: permissionMapSchema, ...errorResponses } } }, async (request) => {
    return request.actor.permissions;
  });

  app.post(
    '/auth/impersonate',
    {
      schema: {
        querystring: Type.Object({ company_id: integerId }),
        response: {
          200: {
            type: 'object',
            properties: { data: tokenSchema },
            required: ['data'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { actor } = request;
      const target = request.query.company_id;
      const allowed = await mayImpersonate(
        app.db,
        { roleId: actor.roleId, companyId: actor.ownCompanyId, canEditParentCompany: actor.permissions.EDIT_PARENT_COMPANY },
        target,
      );
      if (!allowed) throw new HttpError(404, 'Bedrijf niet gevonden.');
      await audit(
        app.db,
        { userId: actor.userId, companyId: target, impersonatingFrom: actor.ownCompanyId },
        'impersonation.start',
        'company',
        target,
      );
      const token = app.tokens.sign({ sub: actor.userId, company_id: target, impersonate: actor.ownCompanyId, sid: actor.sessionId });
      return { data: { token } };
    },
  );
}
