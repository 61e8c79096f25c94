/**
 * The addresses of the screens before a session (docs/screens.md, 'Addresses') and the links only
 * this feature makes. The link to /login is in base/paths.ts (paths.login), as the session guard and
 * Mijn account go there as well.
 */
export const LOGIN = 'login';
export const FORGOT_PASSWORD = 'forgot-password';
export const RESET_PASSWORD = 'reset';

export const authPaths = {
  forgotPassword: () => `/${FORGOT_PASSWORD}`,
};
