import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { createFairQueue } from './hashQueue';

const scryptNow = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * Hashes computed at once: half the machine's cores, so the event loop (and the embedded
 * database's thread) keeps the rest. Each takes 32 MiB and some 100 ms of a core; more at once only makes each
 * slower and the memory larger. The queue serves the least served client first (hashQueue.ts), so
 * a flood of logins from other clients delays a login by about the hashes already running, and
 * the login's per-client cap bounds what one client can queue.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.floor(os.availableParallelism() / 2));
const hashing = createFairQueue(HASH_CONCURRENCY);
/** The queue's client for hashes that are not a login's (setting a password, the seed). */
const SERVER = 'server';

const scrypt = (client: string, password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) =>
  hashing.run(client, () => scryptNow(password, salt, keylen, options));

/** scrypt, memory-hard: N=2^15, r=8 uses 32 MiB per hash. Parameters travel with the hash. */
const DEFAULT = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;

const params = (N: number, r: number, p: number): crypto.ScryptOptions => ({
  N,
  r,
  p,
  maxmem: 256 * N * r + 1024 * 1024,
});

export const hashPassword = async (password: string, cost = DEFAULT): Promise<string> => {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(SERVER, password, salt, KEY_LENGTH, params(cost.N, cost.r, cost.p));
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
};

/** `client` (a login's client address) is whose turn in the hash queue the check takes. */
export const verifyPassword = async (password: string, stored: string | null, client = SERVER): Promise<boolean> => {
  if (!stored) return false;
  const [kind, N, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(client, password, Buffer.from(salt, 'base64'), expected.length, params(+N, +r, +p));
  return crypto.timingSafeEqual(actual, expected);
};

/** A hash that never matches, so an unknown address costs as much time as a known one. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string, client = SERVER): Promise<void> => {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash, client);
};
