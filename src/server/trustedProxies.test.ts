import crypto from 'node:crypto';
import type { TrustedProxies } from './config';
import { createTestApp, type TestApp } from './testing/testApp';

/**
 * TRUST_PROXY (docs/security.md, 'Logins and passwords'): the client of every limit is the address
 * the nearest trusted proxy saw. Observed through the login limit per client, with the connection's
 * address (`remoteAddress`) and the `X-Forwarded-For` a proxy or a client sends.
 */

const CLIENT_LIMIT = 3;
const PROXY = '10.0.0.5';

interface Attempt {
  /** The connection's own address. */
  from: string;
  forwardedFor?: string;
}

const failedLogin = (t: TestApp, { from, forwardedFor }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: `${crypto.randomUUID()}@voorbeeld.nl`, password: 'fout-wachtwoord' },
  });

/** Statuses of failed logins, one per attempt, in turn. */
const statusesOf = async (t: TestApp, attempts: Attempt[]) => {
  const statuses: number[] = [];
  for (const attempt of attempts) statuses.push((await failedLogin(t, attempt)).statusCode);
  return statuses;
};

const LOCKED_OUT = [...Array(CLIENT_LIMIT).fill(401), 429];

const withApp = (trustedProxies: TrustedProxies | undefined, tests: (app: () => TestApp) => void) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustedProxies, loginClientRateLimit: CLIENT_LIMIT } });
  }, 60_000);
  afterAll(() => t.close());
  tests(() => t);
};

describe('TRUST_PROXY set to the proxy\'s address (and a range of others)', () => {
  withApp([PROXY, '10.1.0.0/16'], (app) => {
    it('gives each client the proxy forwards a limit of its own: one locked out locks out no other', async () => {
      const clientA = Array(CLIENT_LIMIT + 1).fill({ from: PROXY, forwardedFor: '203.0.113.1' });
      expect(await statusesOf(app(), clientA)).toEqual(LOCKED_OUT);
      expect(await statusesOf(app(), [{ from: PROXY, forwardedFor: '203.0.113.2' }])).toEqual([401]);
      // The proxy's own address is not the client either.
      expect(await statusesOf(app(), [{ from: PROXY }])).toEqual([401]);
    });

    it('takes the client from a proxy in a trusted range too', async () => {
      const viaOther = Array(CLIENT_LIMIT + 1).fill({ from: '10.1.2.3', forwardedFor: '203.0.113.10' });
      expect(await statusesOf(app(), viaOther)).toEqual(LOCKED_OUT);
      expect(await statusesOf(app(), [{ from: PROXY, forwardedFor: '203.0.113.10' }])).toEqual([429]);
    });

    it('ignores the header from an untrusted address: a client rotating it stays one client', async () => {
      const rotating = Array.from({ length: CLIENT_LIMIT + 1 }, (_, i) => ({ from: '198.51.100.7', forwardedFor: `203.0.113.${50 + i}` }));
      expect(await statusesOf(app(), rotating)).toEqual(LOCKED_OUT);
      // The addresses it named were never counted.
      expect(await statusesOf(app(), [{ from: PROXY, forwardedFor: '203.0.113.50' }])).toEqual([401]);
    });

    it('a forged entry before the real one changes nothing: the failures count against the real address', async () => {
      const forging = Array.from({ length: CLIENT_LIMIT + 1 }, (_, i) => ({ from: PROXY, forwardedFor: `192.0.2.${i + 1}, 203.0.113.70` }));
      expect(await statusesOf(app(), forging)).toEqual(LOCKED_OUT);
      expect(await statusesOf(app(), [{ from: PROXY, forwardedFor: '203.0.113.70' }])).toEqual([429]);
      expect(await statusesOf(app(), [{ from: PROXY, forwardedFor: '192.0.2.1' }])).toEqual([401]);
    });
  });
});

describe('TRUST_PROXY=1: one proxy in front, whatever its address', () => {
  withApp(1, (app) => {
    it('takes the last entry of the header, the one the proxy wrote; a forged one before it changes nothing', async () => {
      const forging = Array.from({ length: CLIENT_LIMIT + 1 }, (_, i) => ({ from: '10.9.9.9', forwardedFor: `192.0.2.${i + 1}, 203.0.113.80` }));
      expect(await statusesOf(app(), forging)).toEqual(LOCKED_OUT);
      expect(await statusesOf(app(), [{ from: '10.9.9.8', forwardedFor: '203.0.113.80' }])).toEqual([429]);
      expect(await statusesOf(app(), [{ from: '10.9.9.9', forwardedFor: '203.0.113.81' }])).toEqual([401]);
    });
  });
});

describe('TRUST_PROXY unset: no proxy trusted', () => {
  withApp(undefined, (app) => {
    it('counts the connection\'s own address, whatever the header says', async () => {
      const rotating = Array.from({ length: CLIENT_LIMIT + 1 }, (_, i) => ({ from: '198.51.100.9', forwardedFor: `203.0.113.${90 + i}` }));
      expect(await statusesOf(app(), rotating)).toEqual(LOCKED_OUT);
      expect(await statusesOf(app(), [{ from: '198.51.100.10', forwardedFor: '203.0.113.90' }])).toEqual([401]);
    });
  });
});
