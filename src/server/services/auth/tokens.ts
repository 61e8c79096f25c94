import crypto from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

export interface AccessClaims {
  sub: number;
  company_id: number;
  /** The user's own company id while impersonating, else null. */
  impersonate: number | null;
  /** The impersonation the token acts in while impersonating, else absent: it holds only while that row is live. */
  imp?: number;
  /** When that impersonation ends by itself, Unix seconds: the client stops acting for the company then. */
  imp_exp?: number;
  sid: string;
  /**
   * Present only on a token of a session that may only set up two-factor login, so the SPA shows
   * nothing but the setup; the server reads the scope from the session, never from here.
   */
  scope?: 'two-factor-setup';
  exp?: number;
  iat?: number;
}

/** docs/rules.md, 'Tokens and sessions': access tokens live one hour. */
export const ACCESS_TOKEN_SECONDS = 60 * 60;

export const createTokenService = (secret: Buffer) => {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ACCESS_TOKEN_SECONDS * 1000 });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    sign: (claims: Omit<AccessClaims, 'exp' | 'iat'>): string => sign({ ...claims }),
    /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
    verify: (token: string): AccessClaims | null => {
      try {
        const claims = verify(token) as AccessClaims;
        if (!Number.isInteger(claims.sub) || !Number.isInteger(claims.company_id) || !claims.sid) return null;
        return claims;
      } catch {
        return null;
      }
    },
  };
};

export type TokenService = ReturnType<typeof createTokenService>;

export const randomSecret = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');
