import { TOKEN_REFRESH_WINDOW_SECONDS } from '../../domain/messages';

/** The claims of the portal's access token (docs/rules.md, 'Tokens and sessions'). */
export interface TokenClaims {
  /** User id. */
  sub: number;
  /** The acting company: the managed company while impersonating. */
  company_id: number;
  /** Expiry, Unix seconds. */
  exp: number;
  /** The user's own company id while impersonating, otherwise null. */
  impersonate: number | null;
  /** While impersonating: when the impersonation ends by itself, Unix seconds. */
  imp_exp?: number;
  sid: string;
  /** A session that may only set up two-factor login: the portal shows nothing else. */
  scope?: 'two-factor-setup';
}

export type TokenStatus = 'expired' | 'refresh' | 'ok';

const base64UrlToText = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
};

/**
 * Reads the payload of a JWT without verifying it: the server verifies every request,
 * the browser only needs to know who it acts for and when to refresh.
 */
export const decodeClaims = (token: string): TokenClaims | null => {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(base64UrlToText(payload)) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'number' || typeof claims.company_id !== 'number' || typeof claims.exp !== 'number') {
      return null;
    }
    return {
      sub: claims.sub,
      company_id: claims.company_id,
      exp: claims.exp,
      impersonate: typeof claims.impersonate === 'number' ? claims.impersonate : null,
      sid: typeof claims.sid === 'string' ? claims.sid : '',
      ...(typeof claims.imp_exp === 'number' && { imp_exp: claims.imp_exp }),
      ...(claims.scope === 'two-factor-setup' && { scope: claims.scope }),
    };
  } catch {
    return null;
  }
};

/**
 * docs/screens.md, 'Logging in and out': an expired token ends the session; one that expires within the
 * refresh window is renewed before the request is sent.
 */
export const tokenStatus = (exp: number, nowSeconds: number): TokenStatus => {
  if (exp <= nowSeconds) return 'expired';
  if (exp - nowSeconds <= TOKEN_REFRESH_WINDOW_SECONDS) return 'refresh';
  return 'ok';
};

/**
 * The status of a session: while impersonating, the kept original token matters too,
 * because stopping restores it. An unreadable token counts as expired.
 */
export const sessionTokenStatus = (tokens: readonly string[], nowSeconds: number): TokenStatus => {
  const expiries = tokens.map((token) => decodeClaims(token)?.exp ?? 0);
  return tokenStatus(Math.min(...expiries), nowSeconds);
};

export const nowInSeconds = (): number => Math.floor(Date.now() / 1000);
