import { alertMails, alertSentence, type NewAlert } from './alerts';

/** The mails of an import's new alerts (services/alerts.ts): per company and recipient one, listing them all. */

const alert = (over: Partial<NewAlert>): NewAlert => ({
  id: 1,
  companyId: 7,
  companyName: 'Van Dijk Installatietechniek B.V.',
  month: '2026-10',
  kind: 'bundle_80',
  number: '',
  threshold: '80',
  value: '85.0',
  recipients: ['klant@demo.nl'],
  ...over,
});

describe('alertSentence', () => {
  it('says the figure, the threshold and the month in Dutch notation', () => {
    expect(alertSentence(alert({}))).toBe('Groepsbundel oktober 2026: 85,0 % verbruikt (drempel 80 %).');
    expect(alertSentence(alert({ kind: 'out_of_bundle_costs', threshold: '1000.00', value: '1234.56' }))).toBe(
      'Kosten buiten de bundel oktober 2026: € 1.234,56, boven je drempel van € 1.000,00.',
    );
    expect(alertSentence(alert({ kind: 'number_data', number: '0612345678', threshold: '1.5', value: '2.000' }))).toBe(
      'Data van 0612345678 in oktober 2026: 2,000 GB, boven je drempel van 1,5 GB.',
    );
    expect(alertSentence(alert({ kind: 'number_usage_costs', number: '0612345678', threshold: '25.00', value: '25.01' }))).toBe(
      'Verbruikskosten van 0612345678 in oktober 2026: € 25,01, boven je drempel van € 25,00.',
    );
  });
});

describe('alertMails', () => {
  it('one mail per company and recipient; the subject names the most important alert', () => {
    const mails = alertMails(
      [
        alert({ id: 1, kind: 'number_data', number: '0612345678', threshold: '1', value: '2.000', recipients: ['a@x.nl', 'b@x.nl'] }),
        alert({ id: 2, kind: 'bundle_100', threshold: '100', value: '101.0', recipients: ['a@x.nl', 'b@x.nl'] }),
        alert({ id: 3, companyId: 8, companyName: 'Bakkerij', recipients: ['kees@korenschoof.nl'] }),
      ],
      'https://portaal.example.nl',
    );
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['a@x.nl', 'Je groepsbundel is op (en 1 andere melding)'],
      ['b@x.nl', 'Je groepsbundel is op (en 1 andere melding)'],
      ['kees@korenschoof.nl', 'Je groepsbundel is voor 80 % verbruikt'],
    ]);
    expect(mails[0].text).toContain('Groepsbundel oktober 2026: 101,0 % verbruikt (drempel 100 %).\nData van 0612345678');
    expect(mails[0].link).toBe('https://portaal.example.nl/verbruik');
    expect(mails[2].text).not.toContain('0612345678');
  });

  it('lists at most 50 alerts in a mail and points to the rest', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      alert({ id: i + 1, kind: 'number_usage_costs', number: `06${String(i).padStart(8, '0')}`, threshold: '1.00', value: '2.00' }),
    );
    const [mail, ...others] = alertMails(many, 'https://portaal.example.nl');
    expect(others).toEqual([]);
    expect(mail.subject).toBe('Verbruik boven je drempel: verbruikskosten van 0600000000 (en 59 andere meldingen)');
    expect(mail.text.match(/^Verbruikskosten van/gm)).toHaveLength(50);
    expect(mail.text).toContain('En nog 10 meldingen: zie Mijn bedrijf, Meldingen.');
  });

  it('a company name cannot carry a link into the mail', () => {
    const [mail] = alertMails([alert({ companyName: 'Evil www.phish.nl' })], 'https://portaal.example.nl');
    expect(mail.text).toContain('Evil www. phish. nl');
  });
});
