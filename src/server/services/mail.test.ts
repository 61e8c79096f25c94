import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { auth, createTestApp, type TestApp } from '../testing/testApp';
import { MAIL_LIMITS, mailName, type MailMessage } from './mail';

/**
 * Mail the portal sends on request (activation and reset): throttled per recipient and per
 * sender, with user-supplied names that cannot form links or extra lines, and the reset mail
 * sent after the answer.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
}, 60_000);
afterAll(() => t.close());

/** Records the messages handed to the mailer from now on (they are still sent). */
const capture = () => {
  const sent: MailMessage[] = [];
  const send = t.app.mailer.send.bind(t.app.mailer);
  const spy = jest.spyOn(t.app.mailer, 'send').mockImplementation(async (message) => {
    sent.push(message);
    await send(message);
  });
  return { sent, restore: () => spy.mockRestore() };
};

const resetRequest = (email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email }, remoteAddress });
const activate = (token: string, id: number) => t.app.inject({ method: 'GET', url: `/api/users/activate/${id}`, headers: auth(token) });

let sequence = 0;
/** A contact person of klant@demo.nl's company, straight into the database (any name the test needs). */
const contactPerson = async (firstname = 'Noor'): Promise<{ id: number; email: string }> => {
  sequence += 1;
  const email = `collega${sequence}@vandijk.nl`;
  const [klant] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
  const [row] = await t.database.db
    .insert(users)
    .values({ firstname, lastname: 'de Boer', email, companyId: klant.companyId, roleId: 3 })
    .returning({ id: users.id, email: users.email });
  return row;
};

describe('mailName', () => {
  it.each([
    ['Jan\r\nKlik hier: http://www.evil.nl/inloggen', 'Jan Klik hier http www. evil. nl inloggen'],
    ['Piet <piet@evil.nl>', 'Piet piet evil. nl'],
    ['evil\u200b.nl\u2028x', 'evil. nl x'],
    ['J.P. de Vries', 'J.P. de Vries'],
    ['Van Dijk Installatietechniek B.V.', 'Van Dijk Installatietechniek B.V.'],
    ['Van Dijk & Zn.', 'Van Dijk & Zn.'],
    ['Zoë', 'Zoë'],
  ])('makes %j one line without a link: %j', (name, expected) => {
    expect(mailName(name)).toBe(expected);
  });
});

describe('the reset request', () => {
  it('answers the same for a known and an unknown address, without waiting for the mail', async () => {
    // A mail server that does not answer until the test is over.
    let answerMail!: () => void;
    const mailAnswered = new Promise<void>((resolve) => (answerMail = resolve));
    const stuck = jest.spyOn(t.app.mailer, 'send').mockImplementation(() => mailAnswered);
    try {
      const answered = async (email: string) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'waited for the mail'>((resolve) => (timer = setTimeout(() => resolve('waited for the mail'), 3000)));
        try {
          return await Promise.race([resetRequest(email, '198.51.100.50'), timeout]);
        } finally {
          clearTimeout(timer);
        }
      };
      const known = await answered('admin@demo.nl');
      const unknown = await answered('niemand@demo.nl');
      if (known === 'waited for the mail' || unknown === 'waited for the mail') throw new Error('the reset request waited for the mail');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json().message.replace('admin@demo.nl', '…')).toBe(unknown.json().message.replace('niemand@demo.nl', '…'));
      // The mail for the known address was handed to the mailer after the answer.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stuck).toHaveBeenCalledTimes(1);
      expect(stuck.mock.calls[0][0].to).toBe('admin@demo.nl');
    } finally {
      answerMail();
      stuck.mockRestore();
    }
  });

  it(`sends at most ${MAIL_LIMITS.perRecipient} mails an hour to an address, and answers the same after that`, async () => {
    const mails = capture();
    try {
      const answers = [];
      for (let i = 0; i <= MAIL_LIMITS.perRecipient; i += 1) answers.push(await resetRequest('superadmin@demo.nl', `198.51.100.6${i}`));
      await t.app.backgroundTasks.settled();
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
      expect(mails.sent.filter((m) => m.to === 'superadmin@demo.nl')).toHaveLength(MAIL_LIMITS.perRecipient);
    } finally {
      mails.restore();
    }
  });

  it('greets with a first name that cannot form a link or an extra line', async () => {
    const colleague = await contactPerson('Jan\nBezoek www.evil.nl');
    await t.database.db.update(users).set({ passwordHash: 'x' }).where(eq(users.id, colleague.id));
    const mails = capture();
    try {
      await resetRequest(colleague.email);
      await t.app.backgroundTasks.settled();
      expect(mails.sent).toHaveLength(1);
      expect(mails.sent[0].text.split('\n')[0]).toBe(
        'Beste Jan Bezoek www. evil. nl, er is gevraagd om het wachtwoord van je account opnieuw in te stellen.',
      );
    } finally {
      mails.restore();
    }
  });
});

describe('the activation mail', () => {
  it('cannot carry a link or an extra line in the first name or the company name, nor a line break in its subject', async () => {
    const colleague = await contactPerson('Karin\r\nUw account is geblokkeerd: http://evil.nl/herstel');
    const mails = capture();
    try {
      expect((await activate(admin, colleague.id)).statusCode).toBe(200);
      const [mail] = mails.sent;
      const greeting = mail.text.split('\n')[0];
      expect(greeting).toMatch(/^Beste Karin Uw account is geblokkeerd http evil\. nl herstel, er staat een account/);
      expect(greeting).toMatch(/klantportaal voor Van Dijk Installatietechniek B\.V\.\.$/);
      expect(mail.text).not.toMatch(/evil\.nl|http:\/\/evil/);
      expect(mail.html).not.toMatch(/evil\.nl|http:\/\/evil/);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    } finally {
      mails.restore();
    }
  });

  it(`sends at most ${MAIL_LIMITS.perRecipient} an hour to an address; further requests answer as usual and send nothing`, async () => {
    const colleague = await contactPerson();
    const mails = capture();
    try {
      const answers = [];
      for (let i = 0; i <= MAIL_LIMITS.perRecipient; i += 1) answers.push(await activate(admin, colleague.id));
      expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
      expect(new Set(answers.map((res) => res.body)).size).toBe(1);
      expect(mails.sent).toHaveLength(MAIL_LIMITS.perRecipient);
    } finally {
      mails.restore();
    }
  });

  it(`lets one user send at most ${MAIL_LIMITS.perSender} an hour, then answers 429 in Dutch`, async () => {
    const klant = await t.login('klant@demo.nl');
    const colleagues = await Promise.all(Array.from({ length: MAIL_LIMITS.perSender + 1 }, () => contactPerson()));
    const mails = capture();
    try {
      for (const colleague of colleagues.slice(0, MAIL_LIMITS.perSender)) expect((await activate(klant, colleague.id)).statusCode).toBe(200);
      const refused = await activate(klant, colleagues[MAIL_LIMITS.perSender].id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Je hebt het afgelopen uur te veel activatiemails verstuurd. Probeer het later opnieuw.' });
      expect(mails.sent).toHaveLength(MAIL_LIMITS.perSender);
      // Another user of the same company still can.
      expect((await activate(admin, colleagues[MAIL_LIMITS.perSender].id)).statusCode).toBe(200);
    } finally {
      mails.restore();
    }
  });
});
