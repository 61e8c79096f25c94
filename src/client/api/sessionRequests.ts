/**
 * The session calls that run outside RTK Query: they happen while a request waits for a
 * fresh token, so they must not go through the token check themselves.
 */

const postJson = (path: string, bearer?: string): Promise<Response> =>
  fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
  });

const readToken = async (response: Response, pick: (body: unknown) => unknown): Promise<string | null> => {
  if (!response.ok) return null;
  const token = pick(await response.json());
  return typeof token === 'string' ? token : null;
};

const refresh = async (): Promise<string | null> => {
  try {
    return await readToken(await postJson('/auth/refresh'), (body) => (body as { token?: unknown }).token);
  } catch {
    return null;
  }
};

let startUpRefresh: Promise<string | null> | null = null;

/**
 * A full page load sends its refresh as the first thing its JavaScript does, before React and the
 * rest of the entry have been evaluated; the session's restore (the next requestRefresh) takes it.
 */
export const refreshEarly = () => {
  startUpRefresh ??= refresh();
};

/** A fresh token for the user's own company, from the HttpOnly refresh cookie. */
export const requestRefresh = (): Promise<string | null> => {
  const early = startUpRefresh;
  startUpRefresh = null;
  return early ?? refresh();
};

/** A token acting for `companyId`, or null when refused. */
export const requestImpersonation = async (bearer: string, companyId: number): Promise<string | null> => {
  try {
    const response = await postJson(`/auth/impersonate?company_id=${encodeURIComponent(companyId)}`, bearer);
    return await readToken(response, (body) => (body as { data?: { token?: unknown } }).data?.token);
  } catch {
    return null;
  }
};

/** Revokes the session on the server and clears the refresh cookie. */
export const requestLogout = async (bearer: string): Promise<void> => {
  try {
    await postJson('/auth/logout', bearer);
  } catch (error) {
    console.warn('Logout request failed', error);
  }
};
