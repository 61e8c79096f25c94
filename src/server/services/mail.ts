import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter, RateLimits } from './rateLimiter';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged in outbox mode so demo and tests can follow it. */
  link?: string;
  /** Files sent along, such as a cost specification's PDF. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const FROM = 'Mijn Portaal <noreply@mijnportaal.nl>';

/** SMTP when `SMTP_URL` is set, else `.eml` files in `DATA_DIR/outbox` (docs/rules.md, 'Mail'). */
export const createMailer = (opts: { smtpUrl?: string; dataDir: string; log: FastifyBaseLogger }): Mailer => {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (m) => {
        await transport.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
      await fs.promises.mkdir(outbox, { recursive: true });
      sequence += 1;
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outbox, `${Date.now()}-${String(sequence).padStart(4, '0')}-${safeTo}.eml`);
      // Written aside, then renamed: whoever watches the outbox never reads a half-written mail.
      await fs.promises.writeFile(`${file}.part`, info.message as Buffer);
      await fs.promises.rename(`${file}.part`, file);
      opts.log.info({ to: m.to, file, link: m.link }, `mail written to outbox: ${m.subject}`);
    },
    close: () => undefined,
  };
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Control, format and line or paragraph separator characters: nothing a one-line text should carry. */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/** A subject (a header) is one line, whatever went into it. */
const oneLine = (text: string) => text.replace(NOT_ONE_LINE, ' ').trim();

/**
 * A name a user typed (a first name, a company name), fit for a mail: one line, and nothing a mail
 * program turns into a link, so a name cannot carry a phishing link in the portal's own mail.
 * Line breaks and control characters become spaces and invisible format characters go; ':', '/',
 * '\\', '@', '<' and '>' become spaces (no scheme, path or address); a dot directly followed by two
 * or more letters or digits (a domain's next label: there are no one-letter top-level domains)
 * gets a space after it: 'www.evil.nl' reads 'www. evil. nl', while 'J.P. de Vries' and
 * 'Van Dijk B.V.' stay as they are. Readable, and no domain is left to link.
 */
export const mailName = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/\p{Cf}+/gu, '')
    .replace(NOT_ONE_LINE, ' ')
    .replace(/[:/\\@<>]+/g, ' ')
    .replace(/\.(?=[\p{L}\p{N}]{2})/gu, '. ')
    .replace(/\s+/g, ' ')
    .trim();

/** Activation and reset mails sent per address, and activation mails sent per user, within an hour. */
export const MAIL_LIMITS = { perRecipient: 3, perSender: 20, windowMs: 60 * 60 * 1000 } as const;

/** The throttles of the mails the portal sends on request (shared by the instances with Redis: services/rateLimiter.ts). */
export interface MailLimits {
  /** Keyed by the recipient's address (lower case). */
  perRecipient: RateLimiter;
  /** Keyed by the acting user's id. */
  perSender: RateLimiter;
}

export const createMailLimits = (rateLimits: RateLimits): MailLimits => ({
  perRecipient: rateLimits.limiter('mail-recipient', { max: MAIL_LIMITS.perRecipient, windowMs: MAIL_LIMITS.windowMs }),
  perSender: rateLimits.limiter('mail-sender', { max: MAIL_LIMITS.perSender, windowMs: MAIL_LIMITS.windowMs }),
});

/** A plain message with one button-like link, in Dutch. Names in `intro` go through mailName first. */
export const linkMail = (to: string, subject: string, intro: string, linkText: string, link: string, outro: string) => ({
  to,
  subject: oneLine(subject),
  link,
  text: `${intro}\n\n${linkText}: ${link}\n\n${outro}\n`,
  html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p><p>${escapeHtml(outro)}</p>`,
});
