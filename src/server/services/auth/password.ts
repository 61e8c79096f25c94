import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** Decisions section 9: the server requires at least 8 characters. */
export const MIN_PASSWORD_LENGTH = 8;

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
  const key = await scrypt(password, salt, KEY_LENGTH, params(cost.N, cost.r, cost.p));
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
};

export const verifyPassword = async (password: string, stored: string | null): Promise<boolean> => {
  if (!stored) return false;
  const [kind, N, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, params(+N, +r, +p));
  return crypto.timingSafeEqual(actual, expected);
};

/** A hash that never matches, so an unknown address costs as much time as a known one. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
};
