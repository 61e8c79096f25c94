import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VAT_RATE, parseVatRate } from '../domain/costs/vat';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Redis for the rate limits shared by all instances; without it each process counts alone. */
  redisUrl?: string;
  /** Bearer token of GET /metrics (Prometheus); without it there is no /metrics. */
  metricsToken?: string;
  /** Prefix of the portal's keys in Redis (several portals, or test runs, may share one). */
  redisKeyPrefix: string;
  jwtSecret: Buffer;
  /** AES-256-GCM key of the users' two-factor secrets at rest (TWO_FACTOR_KEY, 32 bytes). */
  twoFactorKey: Buffer;
  /** Base address used in e-mailed links. */
  publicUrl: string;
  /** Secure cookies; off only for plain-http test setups that are not on localhost. */
  secureCookies: boolean;
  /**
   * Whom the portal believes about the client's address (`X-Forwarded-For`, TRUST_PROXY): the
   * proxies' addresses or CIDRs, or the number of proxies in front of it; none (the default): the
   * connection's own address is the client.
   */
  trustedProxies?: TrustedProxies;
  loginRateLimit: number;
  /** Login attempts per client (IP address) per 15 minutes, whatever the addresses tried. */
  loginClientRateLimit: number;
  /**
   * Login attempts per e-mail address per 15 minutes from all browsers without a device cookie of
   * that account together; a browser with one counts against its own LOGIN_RATE_LIMIT instead.
   */
  loginAccountRateLimit: number;
  uploadLimitBytes: number;
  logLevel: string;
  /** How customers reach support, shown on the 404 page (GET /api/support). */
  support: SupportContact;
  /** VAT rate in percent (`VAT_RATE`), exact decimal text: the cost specification's VAT line and Kosten's total including VAT. */
  vatRate: string;
}

/** The trusted proxies' addresses and CIDRs (`10.0.0.0/8`), or a hop count: the nearest N connections are proxies. */
export type TrustedProxies = string[] | number;

export interface SupportContact {
  phone: string;
  email: string;
}

/** The demo's support contact, until SUPPORT_PHONE and SUPPORT_EMAIL say otherwise. */
const DEMO_SUPPORT: SupportContact = { phone: '020 123 45 67', email: 'support@demo.nl' };

/**
 * The address the e-mails' links lead to. In production the mails reach people, so it is required
 * (a link to localhost would lead nowhere); a test set-up with MAIL_OUTBOX=1 may leave it out.
 */
const publicUrlOf = (env: NodeJS.ProcessEnv, databaseUrl: string | undefined, port: number): string => {
  const value = env.PUBLIC_URL?.trim();
  if (!value) {
    if (databaseUrl && env.MAIL_OUTBOX !== '1') throw new Error('PUBLIC_URL is required when DATABASE_URL is set: the links in e-mails lead there (e.g. https://portaal.provider.nl).');
    return `http://localhost:${port}`;
  }
  if (!/^https?:\/\/[^\s/]+/.test(value)) throw new Error(`PUBLIC_URL must be an http(s) address such as https://portaal.provider.nl, not '${value}'.`);
  return value.replace(/\/$/, '');
};

const MIN_SECRET_BYTES = 32; // 256 bits, docs/rules.md, 'Tokens and sessions'

const decodeSecret = (raw: string): Buffer => {
  const hex = /^[0-9a-f]+$/i.test(raw) && raw.length % 2 === 0 ? Buffer.from(raw, 'hex') : null;
  const bytes = hex ?? Buffer.from(raw, 'utf8');
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new Error(`JWT_SECRET must hold at least ${MIN_SECRET_BYTES} bytes (256 bits) of random data.`);
  }
  return bytes;
};

/** Demo mode only: a secret generated once and kept in the data folder. */
const demoSecret = (dataDir: string): Buffer => {
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(MIN_SECRET_BYTES * 2).toString('hex'), { mode: 0o600 });
  }
  return decodeSecret(fs.readFileSync(file, 'utf8').trim());
};

/**
 * The two-factor key of demo mode and tests. Fixed, not generated into DATA_DIR like the JWT
 * secret: the demo data set is seeded with two-factor secrets encrypted under it, by every tool
 * that seeds it (tests, benches, the cluster), and those secrets are published in the README.
 * Production (DATABASE_URL) must set TWO_FACTOR_KEY.
 */
export const DEMO_TWO_FACTOR_KEY = Buffer.from('6d696a6e2d706f727461616c2d64656d6f2d74776f2d666163746f722d6b6579', 'hex');

/** TWO_FACTOR_KEY: exactly 32 bytes, as 64 hex characters or base64. */
const decodeTwoFactorKey = (raw: string): Buffer => {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('TWO_FACTOR_KEY must be 32 bytes, as 64 hex characters or base64.');
  return key;
};

const twoFactorKeyOf = (env: NodeJS.ProcessEnv, databaseUrl: string | undefined): Buffer => {
  if (env.TWO_FACTOR_KEY) return decodeTwoFactorKey(env.TWO_FACTOR_KEY);
  if (databaseUrl) throw new Error('TWO_FACTOR_KEY is required when DATABASE_URL is set.');
  return DEMO_TWO_FACTOR_KEY;
};

const TRUST_PROXY_FORMS = 'the proxies\' addresses or CIDRs, comma-separated (e.g. 127.0.0.1,10.0.0.0/8), or a number of proxy hops (e.g. 1)';

/** An IPv4 or IPv6 address, or one with a prefix length (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (entry: string): boolean => {
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: unset trusts no proxy. A range of prefix length 0 would trust every address, so any
 * client could name its own address in `X-Forwarded-For`: refused, as is every unreadable entry.
 */
const trustedProxiesOf = (raw: string | undefined): TrustedProxies | undefined => {
  const value = raw?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || !Number.isSafeInteger(hops)) throw new Error(`TRUST_PROXY=${value}: a number of proxy hops is 1 or more (leave TRUST_PROXY unset to trust no proxy).`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const unreadable = entries.find((entry) => !isAddressOrRange(entry));
  if (unreadable !== undefined) throw new Error(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}; '${unreadable}' is neither.`);
  const everyone = entries.find((entry) => entry.endsWith('/0'));
  if (everyone) throw new Error(`TRUST_PROXY must not trust every address ('${everyone}'): any client could then choose its own address in X-Forwarded-For.`);
  return entries;
};

const vatRateOf = (value: string | undefined): string => {
  if (value === undefined || value === '') return DEFAULT_VAT_RATE;
  const rate = parseVatRate(value);
  if (rate === null) throw new Error(`VAT_RATE must be a percentage from 0 to 100 with at most 2 decimals, e.g. 21 ('${value}').`);
  return rate;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  let jwtSecret: Buffer;
  if (env.JWT_SECRET) jwtSecret = decodeSecret(env.JWT_SECRET);
  else if (!databaseUrl) jwtSecret = demoSecret(dataDir);
  else throw new Error('JWT_SECRET is required when DATABASE_URL is set.');
  const twoFactorKey = twoFactorKeyOf(env, databaseUrl);
  // In production the activation and reset mails must reach people: a folder on one instance's
  // disk would swallow them. MAIL_OUTBOX=1 keeps the folder on purpose (a test set-up).
  if (databaseUrl && !env.SMTP_URL && env.MAIL_OUTBOX !== '1') {
    throw new Error('SMTP_URL is required when DATABASE_URL is set (or MAIL_OUTBOX=1 to write mails to DATA_DIR/outbox).');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: publicUrlOf(env, databaseUrl, port),
    dataDir,
    databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'portal:',
    jwtSecret,
    twoFactorKey,
    secureCookies: env.INSECURE_COOKIES !== '1',
    trustedProxies: trustedProxiesOf(env.TRUST_PROXY),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    loginClientRateLimit: Number(env.LOGIN_CLIENT_RATE_LIMIT ?? 50),
    loginAccountRateLimit: Number(env.LOGIN_ACCOUNT_RATE_LIMIT ?? 30),
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_MB ?? 200) * 1024 * 1024,
    logLevel: env.LOG_LEVEL ?? 'info',
    support: { phone: env.SUPPORT_PHONE || DEMO_SUPPORT.phone, email: env.SUPPORT_EMAIL || DEMO_SUPPORT.email },
    vatRate: vatRateOf(env.VAT_RATE),
  };
};

/** A complete config for tests, with a fresh random secret. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')),
  redisKeyPrefix: 'portal:',
  jwtSecret: crypto.randomBytes(MIN_SECRET_BYTES),
  twoFactorKey: DEMO_TWO_FACTOR_KEY,
  publicUrl: 'http://localhost:3000',
  secureCookies: true,
  loginRateLimit: 1000,
  loginClientRateLimit: 1000,
  loginAccountRateLimit: 1000,
  uploadLimitBytes: 200 * 1024 * 1024,
  logLevel: 'silent',
  support: DEMO_SUPPORT,
  vatRate: DEFAULT_VAT_RATE,
  ...overrides,
});
