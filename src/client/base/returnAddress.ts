/**
 * docs/screens.md, 'Logging in and out': the portal address a logged-out visitor asked for travels
 * in the login page's own address (`/login?terug=…`), so a reload keeps it, and the login leads there.
 */
export const RETURN_PARAM = 'terug';

const LOGIN_PATH = '/login';
/** Any origin will do: only whether the address stays on it matters. */
const PROBE_ORIGIN = 'https://portal.invalid';

/**
 * The address to return to after logging in, or null for the dashboard. Only a path on the portal
 * itself passes: it starts with a single '/', has no backslash or control character (browsers read
 * '/\host' and '/<tab>/host' as another host) and, read as a URL, stays on the portal's origin; and
 * it is not the login page itself.
 */
export const safeReturnAddress = (value: string | null | undefined): string | null => {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};
