import type { TokenClaims } from '../base/token';

const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the given claims; the browser never verifies signatures. */
export const makeToken = (claims: Partial<TokenClaims> = {}): string => {
  const payload: TokenClaims = {
    sub: 5,
    company_id: 20,
    exp: Math.floor(Date.now() / 1000) + 3600,
    impersonate: null,
    sid: 'session-1',
    ...claims,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
};

/** Store state of a logged-in session, for `renderWithProviders` and `makeStore`. */
export const loggedIn = (token = makeToken(), originalToken: string | null = null) => ({
  auth: { status: 'authenticated' as const, token, originalToken },
});
