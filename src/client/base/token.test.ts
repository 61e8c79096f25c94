import { makeToken } from '../test/tokens';
import { decodeClaims, sessionTokenStatus, tokenStatus } from './token';

const NOW = 1_800_000_000;

describe('tokenStatus', () => {
  it('is expired at and after the expiry second', () => {
    expect(tokenStatus(NOW, NOW)).toBe('expired');
    expect(tokenStatus(NOW - 1, NOW)).toBe('expired');
  });

  it('asks for a refresh within the 10-minute window', () => {
    expect(tokenStatus(NOW + 1, NOW)).toBe('refresh');
    expect(tokenStatus(NOW + 600, NOW)).toBe('refresh');
  });

  it('is ok beyond the window', () => {
    expect(tokenStatus(NOW + 601, NOW)).toBe('ok');
  });
});

describe('sessionTokenStatus', () => {
  it('follows the earliest expiry, so a kept original token is renewed in time', () => {
    const impersonated = makeToken({ exp: NOW + 3600 });
    const original = makeToken({ exp: NOW + 300 });
    expect(sessionTokenStatus([impersonated], NOW)).toBe('ok');
    expect(sessionTokenStatus([impersonated, original], NOW)).toBe('refresh');
  });

  it('treats an unreadable token as expired', () => {
    expect(sessionTokenStatus(['not-a-jwt'], NOW)).toBe('expired');
  });
});

describe('decodeClaims', () => {
  it('reads the claims of a base64url payload', () => {
    const token = makeToken({ sub: 7, company_id: 3, impersonate: 1, exp: NOW, sid: 'abc' });
    expect(decodeClaims(token)).toEqual({ sub: 7, company_id: 3, impersonate: 1, exp: NOW, sid: 'abc' });
  });

  it('decodes payloads whose base64url uses - and _', () => {
    // '?>' encodes to 'Pz4' and '~~~' to 'fn5-' in base64url: both need translating back.
    const token = makeToken({ sid: '??>>~~~' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeClaims(token)?.sid).toBe('??>>~~~');
  });

  it('answers null for anything that is not a token with numeric claims', () => {
    expect(decodeClaims('abc')).toBeNull();
    expect(decodeClaims('a.b.c')).toBeNull();
    expect(decodeClaims(`x.${btoa(JSON.stringify({ sub: '5' }))}.y`)).toBeNull();
  });
});
