import type { FastifyInstance } from 'fastify';
import { linkMail } from '../mail';
import { createAuthToken, normaliseEmail } from './accounts';

/** The address of the screen that sets a password with a single-use token: reset and activation alike. */
export const passwordLink = (publicUrl: string, token: string): string => `${publicUrl}/reset?token=${encodeURIComponent(token)}`;

/** The words of a password mail around its link; names in `intro` go through mailName first. */
export interface PasswordMailText {
  subject: string;
  intro: string;
  linkText: string;
  outro: string;
}

/**
 * Mails `user` a single-use link that sets a password (a reset or an activation), unless the
 * address has had its mails for the hour (MAIL_LIMITS.perRecipient): then nothing is made or sent
 * and the caller answers as usual, so no mailbox is flooded. True when the mail went.
 */
export const mailPasswordLink = async (
  app: FastifyInstance,
  user: { id: number; email: string },
  kind: 'reset' | 'activation',
  { subject, intro, linkText, outro }: PasswordMailText,
): Promise<boolean> => {
  if (!(await app.mailLimits.perRecipient.take(normaliseEmail(user.email)))) return false;
  const token = await createAuthToken(app.db, user.id, kind);
  await app.mailer.send(linkMail(user.email, subject, intro, linkText, passwordLink(app.config.publicUrl, token), outro));
  return true;
};
