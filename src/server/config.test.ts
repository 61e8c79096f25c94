import { loadConfig } from './config';

/** The environment an operator sets (README's table); production mode is DATABASE_URL. */
describe('loadConfig', () => {
  const production = {
    DATA_DIR: '/tmp/portal-config-test',
    DATABASE_URL: 'postgres://portal@db/portal',
    JWT_SECRET: 'a'.repeat(64),
    TWO_FACTOR_KEY: 'b'.repeat(64),
  };

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

  it('needs neither in demo mode (no DATABASE_URL): mail goes to the outbox folder', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'a'.repeat(64) }).smtpUrl).toBeUndefined();
  });
});
