import { loadConfig } from './config';

/** The environment an operator sets (README's table); production mode is DATABASE_URL. */
describe('loadConfig', () => {
  const production = {
    DATA_DIR: '/tmp/portal-config-test',
    DATABASE_URL: 'postgres://portal@db/portal',
    JWT_SECRET: 'a'.repeat(64),
    TWO_FACTOR_KEY: 'b'.repeat(64),
    PUBLIC_URL: 'https://portaal.provider.nl/',
  };

  it('requires PUBLIC_URL with DATABASE_URL, where mails reach people, and an http(s) address', () => {
    const withMail = { ...production, SMTP_URL: 'smtp://mail' };
    expect(loadConfig(withMail).publicUrl).toBe('https://portaal.provider.nl');
    expect(() => loadConfig({ ...withMail, PUBLIC_URL: '' })).toThrow('PUBLIC_URL is required when DATABASE_URL is set');
    expect(() => loadConfig({ ...withMail, PUBLIC_URL: 'portaal.provider.nl' })).toThrow('PUBLIC_URL must be an http(s) address');
    expect(loadConfig({ ...production, PUBLIC_URL: '', MAIL_OUTBOX: '1', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) }).publicUrl).toBe('http://localhost:3000');
  });

  it('requires a token secret with DATABASE_URL', () => {
    expect(() => loadConfig({ ...production, JWT_SECRET: '', SMTP_URL: 'smtp://mail' })).toThrow('JWT_SECRET is required when DATABASE_URL is set.');
  });

  it('requires the two-factor key with DATABASE_URL, as 32 bytes in hex or base64', () => {
    const withMail = { ...production, SMTP_URL: 'smtp://mail' };
    expect(() => loadConfig({ ...withMail, TWO_FACTOR_KEY: '' })).toThrow('TWO_FACTOR_KEY is required when DATABASE_URL is set.');
    expect(() => loadConfig({ ...withMail, TWO_FACTOR_KEY: 'te-kort' })).toThrow('TWO_FACTOR_KEY must be 32 bytes');
    expect(loadConfig(withMail).twoFactorKey).toEqual(Buffer.alloc(32, 0xbb));
    expect(loadConfig({ ...withMail, TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64') }).twoFactorKey).toEqual(Buffer.alloc(32, 7));
  });

  it('requires SMTP with DATABASE_URL, saying so at start, unless the outbox folder is chosen on purpose', () => {
    expect(() => loadConfig(production)).toThrow('SMTP_URL is required when DATABASE_URL is set');
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://user:pass@smtp.example.nl:465' }).smtpUrl).toBe('smtps://user:pass@smtp.example.nl:465');
    expect(loadConfig({ ...production, MAIL_OUTBOX: '1' }).smtpUrl).toBeUndefined();
  });

  it('reads VAT_RATE as a percentage, 21 by default, and refuses to start on one it cannot read', () => {
    const demo = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) };
    expect(loadConfig(demo).vatRate).toBe('21');
    expect(loadConfig({ ...demo, VAT_RATE: '' }).vatRate).toBe('21');
    expect(loadConfig({ ...demo, VAT_RATE: '9' }).vatRate).toBe('9');
    expect(loadConfig({ ...demo, VAT_RATE: '20,5' }).vatRate).toBe('20.5');
    expect(loadConfig({ ...demo, VAT_RATE: ' 0 ' }).vatRate).toBe('0');
    for (const bad of ['21%', '-1', '101', 'btw', '21.555']) {
      expect(() => loadConfig({ ...demo, VAT_RATE: bad })).toThrow('VAT_RATE must be a percentage from 0 to 100');
    }
  });

  it('needs neither in demo mode (no DATABASE_URL): mail goes to the outbox folder', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) }).smtpUrl).toBeUndefined();
  });

  describe('TRUST_PROXY: whom the portal believes about the client\'s address', () => {
    const demo = { DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) };
    const trusted = (TRUST_PROXY?: string) => loadConfig({ ...demo, TRUST_PROXY }).trustedProxies;

    it('trusts no proxy when unset or empty: the connection\'s address is the client', () => {
      expect(trusted()).toBeUndefined();
      expect(trusted('')).toBeUndefined();
      expect(trusted('  ')).toBeUndefined();
    });

    it('takes the proxies\' addresses and CIDRs, comma-separated, IPv4 and IPv6', () => {
      expect(trusted('127.0.0.1')).toEqual(['127.0.0.1']);
      expect(trusted('127.0.0.1, 10.0.0.0/8,192.168.1.0/24 ,::1,fd00::/8')).toEqual(['127.0.0.1', '10.0.0.0/8', '192.168.1.0/24', '::1', 'fd00::/8']);
    });

    it('takes a whole number as the number of proxies in front of the portal', () => {
      expect(trusted('1')).toBe(1);
      expect(trusted('2')).toBe(2);
    });

    it('refuses to start on a value it cannot read, naming the forms it takes', () => {
      for (const [value, entry] of [
        ['true', 'true'],
        ['yes', 'yes'],
        ['127.0.0.1,', ''],
        ['127.0.0.1;10.0.0.1', '127.0.0.1;10.0.0.1'],
        ['10.0.0.0/33', '10.0.0.0/33'],
        ['::1/129', '::1/129'],
        ['10.0.0.0/8/8', '10.0.0.0/8/8'],
        ['256.0.0.1', '256.0.0.1'],
        ['proxy.example.nl', 'proxy.example.nl'],
        ['1.5', '1.5'],
        ['-1', '-1'],
      ]) {
        expect(() => trusted(value)).toThrow(`TRUST_PROXY must be the proxies' addresses or CIDRs, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or a number of proxy hops (e.g. 1); '${entry}' is neither.`);
      }
    });

    it('refuses a hop count of 0 and a range that holds every address', () => {
      expect(() => trusted('0')).toThrow('TRUST_PROXY=0: a number of proxy hops is 1 or more (leave TRUST_PROXY unset to trust no proxy).');
      expect(() => trusted('0.0.0.0/0')).toThrow("TRUST_PROXY must not trust every address ('0.0.0.0/0')");
      expect(() => trusted('127.0.0.1,::/0')).toThrow("TRUST_PROXY must not trust every address ('::/0')");
    });
  });
});
