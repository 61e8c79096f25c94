import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { ROLE } from '../../../domain/permissions';
import { authTokens, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { linkMail, mailName } from '../../services/mail';
import { normaliseEmail } from '../../services/auth/accounts';
import { sha256 } from '../../services/auth/tokens';
import { revokeUserSessions } from '../../services/auth/sessions';
import { audit, type AuditActor } from '../../services/audit';
import type { RateLimiter } from '../../services/rateLimiter';
import { uniqueViolationOf } from '../../input';
import { errorResponses, messageSchema, type RouteApp } from '../schemas';
import { assertEmailFree, assertEmailFreeFor, TAKEN_ADDRESSES, validateUserFields } from '../userFields';
import {
  assertCurrentPassword,
  createEmailChangeTokens,
  emailCancelLink,
  emailConfirmationLink,
  findAccount,
  voidLinks,
} from './repository';
import { limitedPerUser } from '../passwordChecks';
import { confirmationInput, emailChangeInput, emailConfirmedAnswer } from './schemas';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const EMAIL_CHANGE_TEXT = {
  sent: (email: string) => `We hebben een bevestigingslink gestuurd naar ${email}.`,
  sameAddress: 'Dit is al het e-mailadres van je account.',
  confirmed: (email: string) => `Je e-mailadres is gewijzigd in ${email}.`,
  linkInvalid: 'Deze bevestigingslink is niet geldig of al gebruikt.',
  linkExpired: 'Deze bevestigingslink is verlopen. Vraag de wijziging opnieuw aan in Mijn account.',
} as const;

/** What the link in the notice to the old address answers (POST /account/email/cancel). */
export const EMAIL_CANCEL_TEXT = {
  cancelled: (email: string) => `De wijziging is geannuleerd. Je e-mailadres blijft ${email}.`,
  restored: (email: string) =>
    `De wijziging was al doorgevoerd en is teruggedraaid: je e-mailadres is weer ${email}. Je bent op alle apparaten uitgelogd en eerdere links om je wachtwoord opnieuw in te stellen werken niet meer. Kies een nieuw wachtwoord via 'Wachtwoord vergeten'.`,
  lapsed: 'Deze wijziging was al vervallen; je e-mailadres is niet gewijzigd.',
  linkInvalid: 'Deze annuleerlink is niet geldig of al gebruikt.',
  linkExpired: 'Deze annuleerlink is verlopen. Neem contact op met je accountmanager als je e-mailadres zonder jouw toestemming is gewijzigd.',
  previousTaken: 'Je oude e-mailadres is inmiddels in gebruik bij een ander account. Neem contact op met je accountmanager.',
} as const;

/**
 * Changing the e-mail address (the login name and where reset links go): asked with the current
 * password, taken only when the link mailed to the new address is opened, so a typing error never
 * locks anyone out; the old address is told, so a change the owner did not ask for does not go unseen.
 */
export default async function emailRoutes(app: RouteApp, { passwordChecks }: { passwordChecks: RateLimiter }) {
  const confirmations = app.rateLimits.limiter('email-confirm', { max: 10, windowMs: FIFTEEN_MINUTES });
  const takenAddresses = app.rateLimits.limiter(TAKEN_ADDRESSES.name, TAKEN_ADDRESSES.limit);
  const cancellations = app.rateLimits.limiter('email-cancel', { max: 10, windowMs: FIFTEEN_MINUTES });

  const sendMails = async (user: { firstname: string; email: string }, newEmail: string, tokens: { confirm: string; cancel: string }) => {
    const name = mailName(user.firstname);
    await app.mailer.send(
      linkMail(
        newEmail,
        'Bevestig je nieuwe e-mailadres',
        `Beste ${name}, je wilt dit e-mailadres voortaan gebruiken om in te loggen op Mijn Portaal.`,
        'Bevestig je nieuwe e-mailadres',
        emailConfirmationLink(app.config.publicUrl, tokens.confirm),
        'De link is 24 uur geldig; tot je hem opent, blijft je huidige e-mailadres in gebruik. Heb je dit niet gevraagd? Dan kun je deze e-mail negeren.',
      ),
    );
    await app.mailer.send(
      linkMail(
        user.email,
        'Je e-mailadres wordt gewijzigd',
        `Beste ${name}, er is gevraagd om het e-mailadres van je account in Mijn Portaal te wijzigen in ${newEmail}. De wijziging gaat in zodra de link in de e-mail aan dat adres is geopend.`,
        'Wijziging annuleren',
        emailCancelLink(app.config.publicUrl, tokens.cancel),
        'Heb je dit niet zelf gevraagd? Annuleer de wijziging dan met de link hierboven (7 dagen geldig, ook als de wijziging al is doorgevoerd) en kies een nieuw wachtwoord.',
      ),
    );
  };

  app.post(
    '/account/email',
    {
      preHandler: limitedPerUser(passwordChecks),
      schema: { body: emailChangeInput, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const user = await findAccount(app.db, request.actor.userId);
      if (!user) throw new HttpError(404, 'Account niet gevonden.');
      // The address rules of the contact person form (docs/screens.md, 'Contact person form').
      const { email } = validateUserFields({ email: request.body.email }, user);
      if (normaliseEmail(email) === normaliseEmail(user.email)) {
        throw new HttpError(400, EMAIL_CHANGE_TEXT.sameAddress, [{ field: 'email', message: EMAIL_CHANGE_TEXT.sameAddress }]);
      }
      await assertCurrentPassword(user, request.body.password, 'password', request.ip);
      await assertEmailFreeFor(app.db, takenAddresses, user.id, email);
      // No mailbox gets more link mails than a reset's (MAIL_LIMITS.perRecipient an hour).
      if (!(await app.mailLimits.perRecipient.take(normaliseEmail(email)))) throw new HttpError(429, MSG.tooManyAttempts);
      const tokens = await createEmailChangeTokens(app.db, user, email);
      await sendMails(user, email, tokens);
      return { message: EMAIL_CHANGE_TEXT.sent(email) };
    },
  );

  /** The unused, unexpired link of its kind with this token, else 401 in the link's own words. */
  const findLink = async (token: string, kind: 'email' | 'email-cancel', text: { linkInvalid: string; linkExpired: string }) => {
    const [row] = await app.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.kind, kind)))
      .limit(1);
    if (!row || row.usedAt) throw new HttpError(401, text.linkInvalid);
    if (row.expiresAt.getTime() <= Date.now()) throw new HttpError(401, text.linkExpired);
    return row;
  };

  const findEmailLink = async (token: string) => {
    const row = await findLink(token, 'email', EMAIL_CHANGE_TEXT);
    if (!row.newEmail) throw new HttpError(401, EMAIL_CHANGE_TEXT.linkInvalid);
    return { ...row, newEmail: row.newEmail };
  };

  // Public: the link may be opened in another browser than the one that asked for it. The user's
  // sessions stay: the password, which they prove, has not changed, and the request for the change
  // needed it; a change nobody asked for is answered by changing the password (the old address is told).
  app.post(
    '/account/email/confirm',
    {
      config: { public: true },
      preHandler: async (request: FastifyRequest) => {
        if (!(await confirmations.take(request.ip))) throw new HttpError(429, MSG.tooManyAttempts);
      },
      schema: { body: confirmationInput, response: { 200: emailConfirmedAnswer, ...errorResponses } },
    },
    async (request) => {
      const link = await findEmailLink(request.body.token);
      const user = await findAccount(app.db, link.userId);
      if (!user || user.disabled || user.roleId === ROLE.unauthorized) throw new HttpError(401, EMAIL_CHANGE_TEXT.linkInvalid);
      // Someone may have taken the address since the link was sent.
      await assertEmailFree(app.db, link.newEmail);
      await app.db
        .transaction(async (tx) => {
          const used = await tx
            .update(authTokens)
            .set({ usedAt: new Date() })
            .where(and(eq(authTokens.id, link.id), isNull(authTokens.usedAt)))
            .returning({ id: authTokens.id });
          if (used.length === 0) throw new HttpError(401, EMAIL_CHANGE_TEXT.linkInvalid);
          await tx.update(users).set({ email: link.newEmail }).where(eq(users.id, user.id));
          await audit(tx, { userId: user.id, companyId: user.companyId, impersonatingFrom: null }, 'user.update', 'user', user.id, {
            firstname: user.firstname,
            lastname: user.lastname,
            email: link.newEmail,
          });
        })
        .catch((error: unknown) => {
          if (uniqueViolationOf(error) !== null) throw new HttpError(409, MSG.emailTaken);
          throw error;
        });
      return { message: EMAIL_CHANGE_TEXT.confirmed(link.newEmail), email: link.newEmail };
    },
  );

  const findCancelLink = async (token: string) => {
    const row = await findLink(token, 'email-cancel', EMAIL_CANCEL_TEXT);
    if (!row.previousEmail || row.changeTokenId === null) throw new HttpError(401, EMAIL_CANCEL_TEXT.linkInvalid);
    return { ...row, previousEmail: row.previousEmail, changeTokenId: row.changeTokenId };
  };

  // Public, as the link in the notice to the old address may be opened anywhere. Before the change
  // is confirmed it voids it; after, it restores the old address and ends what the new one may have
  // opened: every session of the user and every reset link (docs/security.md, 'Sessions and accounts').
  app.post(
    '/account/email/cancel',
    {
      config: { public: true },
      preHandler: async (request: FastifyRequest) => {
        if (!(await cancellations.take(request.ip))) throw new HttpError(429, MSG.tooManyAttempts);
      },
      schema: { body: confirmationInput, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const link = await findCancelLink(request.body.token);
      const user = await findAccount(app.db, link.userId);
      if (!user) throw new HttpError(401, EMAIL_CANCEL_TEXT.linkInvalid);
      const actor: AuditActor = { userId: user.id, companyId: user.companyId, impersonatingFrom: null };
      return app.db
        .transaction(async (tx) => {
          const used = await tx
            .update(authTokens)
            .set({ usedAt: new Date() })
            .where(and(eq(authTokens.id, link.id), isNull(authTokens.usedAt)))
            .returning({ id: authTokens.id });
          if (used.length === 0) throw new HttpError(401, EMAIL_CANCEL_TEXT.linkInvalid);
          const [change] = await tx.select().from(authTokens).where(eq(authTokens.id, link.changeTokenId)).limit(1);
          // Confirmed: the change's link was used and the address has moved since (to it, or on).
          const confirmed = Boolean(change?.usedAt) && normaliseEmail(user.email) !== normaliseEmail(link.previousEmail);
          if (!confirmed) {
            const voided = await tx
              .update(authTokens)
              .set({ usedAt: sql`now()` })
              .where(and(eq(authTokens.id, link.changeTokenId), isNull(authTokens.usedAt)))
              .returning({ id: authTokens.id });
            if (voided.length === 0) return { message: EMAIL_CANCEL_TEXT.lapsed };
            await audit(tx, actor, 'email.cancel', 'user', user.id, { firstname: user.firstname, lastname: user.lastname, new_email: link.newEmail });
            return { message: EMAIL_CANCEL_TEXT.cancelled(user.email) };
          }
          await tx.update(users).set({ email: link.previousEmail }).where(eq(users.id, user.id));
          await revokeUserSessions(tx, user.id);
          await voidLinks(tx, user.id, ['reset', 'activation', 'email']);
          await audit(tx, actor, 'email.restore', 'user', user.id, {
            firstname: user.firstname,
            lastname: user.lastname,
            email: link.previousEmail,
            previous_email: user.email,
          });
          return { message: EMAIL_CANCEL_TEXT.restored(link.previousEmail) };
        })
        .catch((error: unknown) => {
          if (uniqueViolationOf(error) !== null) throw new HttpError(409, EMAIL_CANCEL_TEXT.previousTaken);
          throw error;
        });
    },
  );
}
