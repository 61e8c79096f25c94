import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged in outbox mode so demo and tests can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const FROM = 'Mijn Portaal <noreply@mijnportaal.nl>';

/** SMTP when `SMTP_URL` is set, else `.eml` files in `DATA_DIR/outbox` (decisions section 9). */
export const createMailer = (opts: { smtpUrl?: string; dataDir: string; log: FastifyBaseLogger }): Mailer => {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (m) => {
        await transport.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      await fs.promises.mkdir(outbox, { recursive: true });
      sequence += 1;
      const safeTo = m.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outbox, `${Date.now()}-${String(sequence).padStart(4, '0')}-${safeTo}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      opts.log.info({ to: m.to, file, link: m.link }, `mail written to outbox: ${m.subject}`);
    },
    close: () => undefined,
  };
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain message with one button-like link, in Dutch. */
export const linkMail = (to: string, subject: string, intro: string, linkText: string, link: string, outro: string) => ({
  to,
  subject,
  link,
  text: `${intro}\n\n${linkText}: ${link}\n\n${outro}\n`,
  html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p><p>${escapeHtml(outro)}</p>`,
});
